"""The discourse subject tracker: each cue, in English and in Chinese.

The dialogues are written for these tests (no dataset record): a caregiver
who speaks in the patient role about a relative, names him once and then says
only he / his / 他 / 老人家, and a follow-up that never names him.
"""

from __future__ import annotations

from memory.domain.types import Turn
from memory.extraction.rules.discourse.cues import person_markers
from memory.extraction.rules.discourse.focus import session_focus

from ._helpers import run


def _subjects(*turns: tuple[str, str], kind: str | None = None, entity: str | None = None):
    return {
        f.subject
        for f in run(*turns).facts
        if (kind is None or f.type == kind) and (entity is None or f.entity == entity)
    }


def _focus(*pairs: tuple[str, str]) -> str | None:
    return session_focus("", tuple(Turn(i + 1, s, t) for i, (s, t) in enumerate(pairs))).subject


# --------------------------------------------------------------------------- speaker roles


def test_relative_speakers_he_is_the_patient_they_answer_for_english() -> None:
    found = _subjects(("Guest_family", "He takes lisinopril every morning."), entity="lisinopril")
    assert found == {"patient"}


def test_relative_speakers_he_is_the_patient_they_answer_for_chinese() -> None:
    found = _subjects(("家属", "他每天早上吃氨氯地平。"), entity="amlodipine")
    assert found == {"patient"}


def test_doctors_own_i_is_nobody_english() -> None:
    found = _subjects(
        ("Patient", "My dad's pressure is high."),
        ("Patient", "He takes amlodipine."),
        ("Doctor", "I would add lisinopril 10 mg."),
        entity="lisinopril",
    )
    # Control: the same line said by the patient is the patient's.
    said_by_patient = _subjects(
        ("Patient", "My dad's pressure is high."),
        ("Patient", "He takes amlodipine."),
        ("Patient", "I would add lisinopril 10 mg."),
        entity="lisinopril",
    )
    assert ("patient" in found, "patient" in said_by_patient) == (False, True)


# --------------------------------------------------------------------------- first person


def test_patient_speakers_first_person_is_the_patient_english() -> None:
    assert _subjects(("Patient", "I take metformin twice a day."), entity="metformin") == {
        "patient"
    }


def test_patient_speakers_first_person_is_the_patient_chinese() -> None:
    assert _subjects(("患者", "本人有高血压，在吃氨氯地平。"), entity="amlodipine") == {"patient"}


def test_caregivers_own_first_person_stays_the_patients_english() -> None:
    found = _subjects(
        ("Patient", "My father has high blood pressure. He takes amlodipine."),
        ("Doctor", "How is he doing?"),
        ("Patient", "Better. I take aspirin myself, by the way."),
    )
    assert found >= {"patient", "family:father"}
    assert _subjects(
        ("Patient", "My father has high blood pressure. He takes amlodipine."),
        ("Patient", "I take aspirin myself."),
        entity="aspirin",
    ) == {"patient"}


def test_caregivers_own_first_person_stays_the_patients_chinese() -> None:
    found = _subjects(
        ("患者", "我爸血压高，一直吃氨氯地平。"), ("患者", "我自己在吃阿司匹林。"), entity="aspirin"
    )
    assert found == {"patient"}


# --------------------------------------------------------------------------- relation nouns


def test_his_mother_is_the_mother_english() -> None:
    found = _subjects(("Guest_family", "His mother had diabetes."), kind="condition")
    assert found == {"family:mother"}


def test_my_mom_is_the_mother_chinese() -> None:
    assert _subjects(("患者", "我妈妈有糖尿病。"), kind="condition") == {"family:mother"}


def test_husband_is_the_husband_chinese() -> None:
    found = _subjects(("患者", "老公最近血压高，在吃缬沙坦。"), entity="valsartan")
    assert found == {"family:husband"}


def test_child_is_the_child_chinese() -> None:
    assert _subjects(("患者", "孩子发烧，吃了布洛芬。"), entity="ibuprofen") == {"family:child"}


# --------------------------------------------------------------------------- pronouns


def test_he_after_my_dad_is_the_dad_across_turns_english() -> None:
    found = _subjects(
        ("Patient", "I'm here about my dad."),
        ("Doctor", "Okay."),
        ("Patient", "He takes amlodipine 5 mg."),
        entity="amlodipine",
    )
    assert found == {"family:father"}


def test_pronoun_takes_the_relative_of_its_gender_english() -> None:
    found = _subjects(
        ("Patient", "My mom and my dad both came today. She takes metformin."),
        entity="metformin",
    )
    assert found == {"family:mother"}


def test_ta_female_after_two_relatives_is_the_mother_chinese() -> None:
    found = _subjects(
        ("患者", "我爸和我妈都来了。"), ("患者", "她一直在吃二甲双胍。"), entity="metformin"
    )
    assert found == {"family:mother"}


def test_elder_honorific_is_the_parent_chinese() -> None:
    found = _subjects(
        ("患者", "我爸今年七十岁了。"),
        ("医生", "好的。"),
        ("患者", "老人家一直在吃阿司匹林。"),
        entity="aspirin",
    )
    assert found == {"family:father"}


def test_pronoun_after_a_clinician_is_no_relative_english() -> None:
    found = _subjects(
        ("Patient", "My pcp saw me last month. She increased my lisinopril."),
        entity="lisinopril",
    )
    assert found == {"patient"}


# --------------------------------------------------------------------------- doctor's "you"


def test_doctors_you_is_the_patient_english() -> None:
    found = _subjects(
        ("Patient", "My blood pressure has been high."),
        ("Doctor", "You should start lisinopril 10 mg daily."),
        entity="lisinopril",
    )
    assert found == {"patient"}


def test_doctors_your_dad_is_the_father_english() -> None:
    found = _subjects(("Doctor", "Your dad should start lisinopril."), entity="lisinopril")
    assert found == {"family:father"}


def test_doctors_your_father_is_the_father_chinese() -> None:
    found = _subjects(("医生", "您父亲可以加用缬沙坦。"), entity="valsartan")
    assert found == {"family:father"}


# --------------------------------------------------------------------------- session focus


def test_focus_from_all_turns_is_the_named_relative_english() -> None:
    assert (
        _focus(
            ("Doctor", "What brings you in?"),
            ("Patient", "My father's pressure has been high."),
            ("Doctor", "Is he taking anything for it?"),
            ("Patient", "He takes amlodipine."),
        )
        == "family:father"
    )


def test_focus_from_opening_relative_chinese() -> None:
    turns = (("患者", "医生，我妈妈最近总是头晕。"), ("医生", "她多大年纪？"), ("患者", "七十了。"))
    assert _focus(*turns) == "family:mother"


def test_patient_mentioning_wife_in_passing_has_no_focus_english() -> None:
    in_passing = _focus(
        ("Doctor", "How are you?"),
        ("Patient", "My wife says I snore. I have been tired and I have headaches."),
        ("Doctor", "Do you take anything?"),
        ("Patient", "I take ibuprofen sometimes."),
    )
    # Control: the same talk about her ("she") instead of "I" is the wife's session.
    about_her = _focus(
        ("Doctor", "How are you?"),
        ("Patient", "My wife snores. She has been tired and she has headaches."),
        ("Doctor", "Does she take anything?"),
        ("Patient", "She takes ibuprofen sometimes."),
    )
    assert (in_passing, about_her) == (None, "family:wife")


def test_unmarked_sentence_in_relative_session_is_the_relatives_english() -> None:
    found = _subjects(
        ("Patient", "My father has been dizzy, and his pressure is high."),
        ("Doctor", "Okay."),
        ("Patient", "Lisinopril 10 mg in the mornings."),
        entity="lisinopril",
    )
    assert found == {"family:father"}


def test_unmarked_clause_in_relative_session_is_the_relatives_chinese() -> None:
    found = _subjects(
        ("患者", "医生，我爸有高血压。"),
        ("医生", "他平时吃什么药？"),
        ("患者", "一直吃氨氯地平，早上量150/90。"),
        entity="amlodipine",
    )
    assert found == {"family:father"}


def test_session_only_about_a_relative_yields_no_patient_fact_english() -> None:
    found = _subjects(
        ("Patient", "I came about my mother. She has diabetes."),
        ("Doctor", "What does she take?"),
        ("Patient", "Metformin 500 mg twice a day, and her sugars are still high."),
        ("Doctor", "She may need insulin. Her kidneys should be checked too."),
    )
    assert found and "patient" not in found


# --------------------------------------------------------------------------- never named


def test_follow_up_never_naming_the_relative_is_not_the_patients_english() -> None:
    found = _subjects(
        ("Patient", "This week I had him take the higher dose of amlodipine."),
        ("Doctor", "How is his pressure?"),
        ("Patient", "He was at 140/85 this morning."),
    )
    assert found and "patient" not in found


def test_doctors_he_after_an_unnamed_relative_is_that_relative_english() -> None:
    found = _subjects(
        ("Patient", "He has been dizzy since Monday."),
        ("Doctor", "He should stop the amlodipine for now."),
        entity="amlodipine",
    )
    assert found == {"family:relative"}


def test_follow_up_never_naming_the_relative_is_not_the_patients_chinese() -> None:
    found = _subjects(
        ("患者", "这周让他把氨氯地平加到了10毫克。"),
        ("医生", "他血压现在多少？"),
        ("患者", "他早上量是140/85。"),
    )
    assert found and "patient" not in found


def test_doctor_dictating_about_the_patient_stays_the_patients_english() -> None:
    found = _subjects(
        ("Doctor", "How are you feeling?"),
        ("Patient", "I have been okay, my knee still hurts."),
        ("Doctor", "He reports knee pain and takes ibuprofen daily."),
        entity="ibuprofen",
    )
    assert found == {"patient"}


# --------------------------------------------------------------------------- agent of care
# A caregiver's "I" that gives, feeds or has someone take a medicine is not the body
# the medicine concerns: the drug is the relative's. The caregiver's own first-person
# health facts ("I take aspirin myself", 我自己也有高血压) stay the patient's.


def test_i_gave_ibuprofen_is_the_relatives_drug_english() -> None:
    found = _subjects(
        ("Patient", "My dad has had a fever since Sunday."),
        ("Patient", "I gave ibuprofen last night and it helped."),
        entity="ibuprofen",
    )
    assert found == {"family:father"}


def test_i_gave_it_to_him_with_the_pronoun_after_the_drug_english() -> None:
    found = _subjects(
        ("Patient", "My dad has had a fever since Sunday."),
        ("Patient", "I gave ibuprofen to him at bedtime."),
        entity="ibuprofen",
    )
    assert found == {"family:father"}


def test_i_have_been_giving_is_the_relatives_drug_english() -> None:
    found = _subjects(
        ("Patient", "My mother has bad knee pain."),
        ("Doctor", "What has she been using?"),
        ("Patient", "I have been giving Tylenol every six hours."),
        entity="acetaminophen",
    )
    assert found == {"family:mother"}


def test_i_had_him_take_in_a_follow_up_that_never_names_him_english() -> None:
    found = _subjects(
        ("Patient", "This week I had him take the higher dose of lisinopril."),
        entity="lisinopril",
    )
    assert found and "patient" not in found


def test_we_put_her_on_is_the_relatives_drug_english() -> None:
    found = _subjects(
        ("Patient", "My mother has hypertension."),
        ("Patient", "We put her on amlodipine last month."),
        entity="amlodipine",
    )
    assert found == {"family:mother"}


def test_i_give_insulin_to_my_husband_is_the_husbands_english() -> None:
    found = _subjects(("Patient", "I give insulin to my husband every morning."), entity="insulin")
    assert found == {"family:husband"}


def test_i_gave_myself_insulin_stays_the_patients_english() -> None:
    found = _subjects(("Patient", "I gave myself an insulin shot this morning."), entity="insulin")
    assert found == {"patient"}


def test_i_was_given_morphine_stays_the_patients_english() -> None:
    found = _subjects(("Patient", "I was given morphine in the hospital."), entity="morphine")
    assert found == {"patient"}


def test_wo_gei_chi_le_is_the_relatives_drug_chinese() -> None:
    found = _subjects(
        ("Patient", "我爸发烧咳嗽好几天了。"), ("Patient", "我给吃了布洛芬。"), entity="ibuprofen"
    )
    assert found == {"family:father"}


def test_drug_before_wo_gei_ta_chi_is_the_relatives_chinese() -> None:
    found = _subjects(
        ("Patient", "我爸发烧咳嗽好几天了。"), ("Patient", "布洛芬我给他吃了。"), entity="ibuprofen"
    )
    assert found == {"family:father"}


def test_wo_rang_ta_fuyong_is_the_relatives_chinese() -> None:
    found = _subjects(
        ("Patient", "我妈血压高。"), ("Patient", "我让她每天服用阿司匹林。"), entity="aspirin"
    )
    assert found == {"family:mother"}


def test_wo_gei_haizi_chi_is_the_childs_chinese() -> None:
    found = _subjects(
        ("Patient", "孩子发烧了。"), ("Patient", "我给孩子吃了布洛芬。"), entity="ibuprofen"
    )
    assert found == {"family:child"}


def test_gei_ziji_da_yidaosu_stays_the_patients_chinese() -> None:
    assert _subjects(("Patient", "我每天给自己打胰岛素。"), entity="insulin") == {"patient"}


def test_caregivers_own_aspirin_stays_the_patients_english() -> None:
    found = _subjects(
        ("Patient", "My mother has hypertension."),
        ("Patient", "I take aspirin myself."),
        entity="aspirin",
    )
    assert found == {"patient"}


def test_caregivers_own_hypertension_stays_the_patients_chinese() -> None:
    found = _subjects(
        ("Patient", "我妈有高血压。"),
        ("Patient", "我自己也有高血压，在吃氨氯地平。"),
        entity="amlodipine",
    )
    assert found == {"patient"}


# --------------------------------------------------------------------------- caregiver stance
# "What should I do?", "我明白了", "我会按照您的建议": the caregiver's understanding and
# requests for advice are about nobody's body, so the doctor's reply stays the relative's.


def test_what_should_i_do_keeps_the_doctors_advice_the_relatives_english() -> None:
    found = _subjects(
        ("Patient", "My son has had a fever for three days. What should I do?"),
        ("Doctor", "You can take ibuprofen every six hours."),
        entity="ibuprofen",
    )
    assert found == {"family:son"}


def test_wo_yinggai_zenmeban_keeps_the_doctors_advice_the_relatives_chinese() -> None:
    found = _subjects(
        ("Patient", "孩子发烧三天了，我应该怎么办？"),
        ("Doctor", "您可以吃布洛芬退烧。"),
        entity="ibuprofen",
    )
    assert found == {"family:child"}


def test_wo_mingbai_le_keeps_the_doctors_advice_the_relatives_chinese() -> None:
    found = _subjects(
        ("Patient", "我爸最近血压有点高。"),
        ("Doctor", "建议低盐饮食。"),
        ("Patient", "我明白了，我会按照您的建议去做。"),
        ("Doctor", "您也可以服用氨氯地平。"),
        entity="amlodipine",
    )
    assert found == {"family:father"}


def test_i_agree_keeps_the_doctors_next_statement_the_relatives_english() -> None:
    found = _subjects(
        ("Patient", "My son broke his elbow last year."),
        ("Doctor", "His fracture has healed, so we should remove the hardware."),
        ("Patient", "Yes, I agree. What is the risk?"),
        # (not "the risk of infection is low": a risk names no condition of anyone)
        ("Doctor", "Historically, an infection after this is rare."),
        entity="infections",
    )
    assert found and "patient" not in found


def test_wo_tongyi_and_wo_mingbai_are_no_body_cue_chinese() -> None:
    for text in ("我同意。", "我明白了。", "我会按照您的建议去做。", "我应该怎么办？"):
        assert [m for m in person_markers(text, True, ()) if m.person == "first"] == [], text
    assert [m.person for m in person_markers("我有高血压。", True, ())] == ["first"]


def test_i_agree_and_what_should_i_do_are_no_body_cue_english() -> None:
    for text in ("Yes, I agree.", "I understand.", "What should I do?", "I'll follow your advice."):
        assert [m for m in person_markers(text, False, ()) if m.person == "first"] == [], text
    assert [m.person for m in person_markers("I have asthma.", False, ())] == ["first"]
