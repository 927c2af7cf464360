"""Caregiver framing cues of the subject tracker (issue #10), in English and Chinese.

The dialogues are written for these tests (no dataset record): a caregiver in the
patient role who opens with the relative, names himself ("I am her mother"), is
called "Mom" by the doctor, or mentions a relative who only reports ("my wife
says"); and Chinese words that contain 他 without being a person (其他, 他汀).
"""

from __future__ import annotations

from memory.domain.types import Turn
from memory.extraction.rules.discourse.focus import session_focus

from ._helpers import run


def _subject(*turns: tuple[str, str], entity: str) -> set[str]:
    return {f.subject for f in run(*turns).facts if f.entity == entity}


def _focus(*pairs: tuple[str, str]) -> str | None:
    return session_focus("", tuple(Turn(i + 1, s, t) for i, (s, t) in enumerate(pairs))).subject


# --------------------------------------------------------------------------- 他 in words


def test_qita_other_is_no_third_person_chinese() -> None:
    found = _subject(("患者", "我最近头晕。"), ("患者", "其他症状还有恶心。"), entity="恶心")
    assert found == {"patient"}


def test_statin_name_is_no_third_person_chinese() -> None:
    assert _subject(("患者", "阿托伐他汀每晚一片。"), entity="atorvastatin") == {"patient"}


# --------------------------------------------------------------------------- opening clause


def test_opening_about_the_child_makes_the_focus_chinese() -> None:
    focus = _focus(
        ("患者", "医生，我家孩子3岁，经常流鼻血。"),
        ("医生", "流鼻血多久一次？"),
        ("患者", "我每天上班，不太清楚。"),
        ("患者", "我需要做什么检查？"),
    )
    assert focus == "family:child"


def test_opening_about_the_son_makes_the_focus_english() -> None:
    focus = _focus(
        ("Patient", "My son is four and he has had a cough for a week."),
        ("Doctor", "Any fever?"),
        ("Patient", "I work nights, so I am not sure."),
        ("Patient", "I can take a day off if needed."),
    )
    assert focus == "family:son"


def test_doctors_plan_after_an_opening_about_the_son_is_the_sons_english() -> None:
    found = _subject(
        ("Patient", "My son is four and he has had a cough for a week."),
        ("Patient", "I work nights, so I am not sure about fevers."),
        ("Patient", "I can take a day off if needed."),
        ("Doctor", "Amoxicillin 250 mg three times a day should clear it."),
        entity="amoxicillin",
    )
    assert found == {"family:son"}


def test_doctors_plan_after_an_opening_about_the_mother_is_the_mothers_chinese() -> None:
    found = _subject(
        ("患者", "医生您好，我60岁的母亲最近晚上总咳嗽。"),
        ("患者", "我每天上班，不太清楚。"),
        ("患者", "我需要做什么检查？"),
        ("医生", "可以先吃氨溴索，一天三次。"),
        entity="ambroxol",
    )
    assert found == {"family:mother"}


def test_answer_to_a_family_history_question_opens_no_focus_english() -> None:
    focus = _focus(
        ("Doctor", "Any heart disease in your family?"),
        ("Patient", "My father had a heart attack at sixty."),
        ("Doctor", "And you?"),
        ("Patient", "I have asthma. I use an inhaler."),
    )
    # Control: the same talk going on about the father ("him", "he") is his session.
    his = _focus(
        ("Doctor", "Any heart disease in your family?"),
        ("Patient", "My father had a heart attack at sixty."),
        ("Doctor", "And him?"),
        ("Patient", "He has asthma. He uses an inhaler."),
    )
    assert (focus, his) == (None, "family:father")


def test_answer_to_a_family_history_question_opens_no_focus_chinese() -> None:
    focus = _focus(
        ("医生", "家里人有高血压吗？"),
        ("患者", "我爸有高血压。"),
        ("医生", "您自己呢？"),
        ("患者", "我有哮喘。我在用沙丁胺醇。"),
    )
    his = _focus(
        ("医生", "家里人有高血压吗？"),
        ("患者", "我爸有高血压。"),
        ("医生", "他自己呢？"),
        ("患者", "他有哮喘。他在用沙丁胺醇。"),
    )
    assert (focus, his) == (None, "family:father")


# --------------------------------------------------------------------------- reporters


def test_wife_who_only_reports_makes_no_focus_chinese() -> None:
    reporting = _focus(("患者", "医生，我最近总感觉腿酸，老婆说按摩可以缓解。"))
    ailing = _focus(("患者", "医生，我老婆最近总感觉腿酸，她说按摩可以缓解。"))
    assert (reporting, ailing) == (None, "family:wife")


def test_wife_who_only_reports_makes_no_focus_english() -> None:
    turns = (("Patient", "My wife says I snore at night."), ("Patient", "I feel tired."))
    hers = (("Patient", "My wife snores at night."), ("Patient", "She feels tired."))
    assert (_focus(*turns), _focus(*hers)) == (None, "family:wife")


# --------------------------------------------------------------------------- who the speaker is


def test_i_am_her_mother_rash_is_not_the_mothers_english() -> None:
    found = _subject(
        ("Patient", "I am her mother. She has had a rash on her arm for two days."),
        entity="exanthema",
    )
    assert found == {"family:child"}


def test_i_am_her_mother_rash_is_not_the_mothers_chinese() -> None:
    found = _subject(("患者", "我是她妈妈。她手臂上起皮疹两天了。"), entity="皮疹")
    assert found == {"family:child"}


def test_doctor_calling_the_caregiver_mom_speaks_of_the_child_english() -> None:
    found = _subject(
        ("Doctor", "Mom, how is she eating?"),
        ("Patient", "She has had diarrhea since Monday."),
        entity="diarrhea",
    )
    assert found == {"family:child"}


def test_doctor_calling_the_caregiver_mom_speaks_of_the_child_chinese() -> None:
    found = _subject(
        ("医生", "妈妈，她最近吃奶怎么样？"), ("患者", "她这两天腹泻。"), entity="diarrhea"
    )
    assert found == {"family:child"}


def test_assistant_of_the_person_concerned_makes_a_relative_focus_english() -> None:
    focus = _focus(
        ("Patient", "Hello. I am Mister Lee's care assistant."),
        ("Patient", "I brought his food diary. He lost ten pounds."),
    )
    assert focus == "family:relative"


def test_carer_of_the_person_concerned_makes_a_relative_focus_chinese() -> None:
    assert _focus(("患者", "医生好，我是老人的护工。"), ("患者", "我今天带了化验单。")) == (
        "family:relative"
    )


def test_doctor_opening_with_i_see_after_your_mother_is_the_mothers_english() -> None:
    found = _subject(
        ("Patient", "My mother has a list of her conditions here."),
        ("Doctor", "Thank your mother, so I see congestive heart failure on it."),
        entity="heart failure",
    )
    assert found == {"family:mother"}


# --------------------------------------------------------------------------- safer default


def test_unmarked_sentence_after_an_aside_is_the_relatives_english() -> None:
    found = _subject(
        ("Patient", "My dad has been dizzy all week."),
        ("Patient", "I am tired myself."),
        ("Patient", "Amlodipine 5 mg every morning."),
        entity="amlodipine",
    )
    assert found == {"family:father"}


def test_unmarked_sentence_after_an_aside_is_the_relatives_chinese() -> None:
    found = _subject(
        ("患者", "我爸最近总头晕。"),
        ("患者", "我自己也很累。"),
        ("患者", "氨氯地平每天早上一片。"),
        entity="amlodipine",
    )
    assert found == {"family:father"}


def test_caregivers_own_drug_stays_the_patients_after_an_opening_english() -> None:
    found = _subject(
        ("Patient", "My son is four and he has had a cough for a week."),
        ("Patient", "I take aspirin myself."),
        entity="aspirin",
    )
    assert found == {"patient"}


def test_caregiver_aside_leaves_the_session_the_relatives_chinese() -> None:
    found = run(("患者", "我妈有糖尿病，在吃二甲双胍。"), ("患者", "我自己最近头疼。"))
    assert found.session_subject == "family:mother"


# --------------------------------------------------------------------------- doctor's "you"
# In a consultation about a relative the doctor's "you" is the caregiver only after a
# turn in which he set his own body apart ("myself", 我自己); after a bare "I" it is
# uncertain, and goes to the relative.


def test_doctors_you_after_a_bare_i_is_the_relatives_english() -> None:
    found = _subject(
        ("Patient", "My son is four and he has had a cough for a week."),
        ("Patient", "I have a headache from the nights."),
        ("Doctor", "You can use ibuprofen 200 mg for now."),
        entity="ibuprofen",
    )
    assert found == {"family:son"}


def test_doctors_you_after_a_bare_i_is_the_relatives_chinese() -> None:
    found = _subject(
        ("患者", "医生，我妈妈最近总咳嗽。"),
        ("患者", "我头疼。"),
        ("医生", "您可以先吃布洛芬。"),
        entity="ibuprofen",
    )
    assert found == {"family:mother"}


def test_doctors_you_after_myself_is_the_patients_english() -> None:
    found = _subject(
        ("Patient", "My son is four and he has had a cough for a week."),
        ("Patient", "I have high blood pressure myself."),
        ("Doctor", "Keep taking your amlodipine 5 mg."),
        entity="amlodipine",
    )
    assert found == {"patient"}


def test_doctors_you_after_woziji_is_the_patients_chinese() -> None:
    found = _subject(
        ("患者", "医生，我妈妈最近总咳嗽。"),
        ("患者", "我自己也有高血压。"),
        ("医生", "您的氨氯地平继续吃。"),
        entity="amlodipine",
    )
    assert found == {"patient"}


# --------------------------------------------------------------------------- birth history


def test_pregnancy_told_in_a_sons_consultation_is_his_birth_history_english() -> None:
    found = _subject(
        ("Patient", "My son is two and has had ear infections."),
        ("Patient", "I had no complications in my pregnancy with him."),
        entity="pregnancy",
    )
    assert found == {"family:son"}


def test_pregnancy_told_in_a_babys_consultation_is_its_birth_history_chinese() -> None:
    found = _subject(
        ("患者", "我家宝宝3个月，最近总是吐奶。"),
        ("患者", "我怀孕的时候一切正常。"),
        entity="pregnancy",
    )
    assert found == {"family:child"}


def test_pregnancy_told_of_an_unnamed_he_is_his_birth_history_english() -> None:
    found = _subject(
        ("Patient", "He is twenty one months old and falls a lot."),
        ("Patient", "He was born early, and my pregnancy was hard."),
        entity="pregnancy",
    )
    assert found == {"family:relative"}


def test_pregnancy_told_of_an_unnamed_he_is_his_birth_history_chinese() -> None:
    found = _subject(
        ("患者", "他才八个月大，最近总吐奶。"),
        ("患者", "他是早产的，我怀孕的时候很辛苦。"),
        entity="pregnancy",
    )
    assert found == {"family:relative"}


def test_own_pregnancy_without_a_child_focus_stays_the_patients_english() -> None:
    found = _subject(("Patient", "I had no complications in my pregnancy."), entity="pregnancy")
    assert found == {"patient"}


# --------------------------------------------------------------------------- "me" as object


def test_accident_of_he_who_was_buying_me_a_gift_is_his_english() -> None:
    found = _subject(
        ("Patient", "My dad has been in hospital since Friday."),
        ("Patient", "He was going to buy me a gift but had a car accident."),
        entity="accident",
    )
    assert found == {"family:father"}


def test_fall_of_he_who_was_buying_me_medicine_is_his_chinese() -> None:
    found = _subject(
        ("患者", "我爸最近总头晕。"),
        ("患者", "他给我买药的路上摔了一跤。"),
        entity="fall",
    )
    assert found == {"family:father"}


def test_i_nominative_before_me_stays_the_patients_english() -> None:
    found = _subject(
        ("Patient", "My dad has been in hospital since Friday."),
        ("Patient", "He says I fainted and they gave me oxygen for chest pain."),
        entity="chest pain",
    )
    assert found == {"patient"}


def test_i_am_fairly_certain_they_had_is_the_relatives_english() -> None:
    found = _subject(
        ("Doctor", "Tell me about your parents."),
        ("Patient", "My parents were both sick for years."),
        ("Patient", "I am fairly certain that they had diabetes."),
        entity="diabetes",
    )
    assert found == {"family:parent"}


def test_answer_to_anyone_in_your_family_is_the_relatives_english() -> None:
    found = _subject(
        ("Doctor", "How are you today?"),
        ("Patient", "I am fine. I sleep well and I exercise."),
        ("Doctor", "Did any one in your family get diagnosed with anything?"),
        ("Patient", "My granny did."),
        ("Doctor", "What kind, do you know?"),
        ("Patient", "Well, it was breast cancer."),
        entity="breast cancer",
    )
    assert found and "patient" not in found
