"""Session votes (discourse.votes, discourse.persons): which he/she and which
relation words say a consultation is about a relative - in English and Chinese.

The dialogues are written for these tests (no dataset record): clinicians who
speak of the patient in the third person among themselves, a he/she that
stands for a clinician, an animal or "the patient", a relative only counted
("I have a daughter"), one who knows or waits outside, and products named for
children ("baby aspirin").
"""

from __future__ import annotations

from memory.domain.types import Turn
from memory.extraction.rules.discourse.cues import relative_mentions
from memory.extraction.rules.discourse.focus import session_focus
from memory.extraction.rules.discourse.persons import clinician_mentions

from ._helpers import run


def _focus(*pairs: tuple[str, str]) -> str | None:
    return session_focus("", tuple(Turn(i + 1, s, t) for i, (s, t) in enumerate(pairs))).subject


def _subject(*turns: tuple[str, str], entity: str) -> set[str]:
    return {f.subject for f in run(*turns).facts if f.entity == entity}


# --------------------------------------------------------------------------- clinicians' he/she


def test_clinicians_speaking_of_her_among_themselves_keep_her_drug_the_patients_english() -> None:
    found = _subject(
        ("Doctor", "What medications is she on?"),
        ("Doctor", "She takes warfarin for her atrial fibrillation."),
        ("Doctor", "Okay, let us check her INR."),
        entity="warfarin",
    )
    assert found == {"patient"}


def test_clinicians_speaking_of_her_among_themselves_keep_her_drug_the_patients_chinese() -> None:
    found = _subject(
        ("医生", "她现在吃什么药？"),
        ("医生", "她一直在吃华法林，有房颤。"),
        ("医生", "好的，查一下凝血。"),
        entity="warfarin",
    )
    assert found == {"patient"}


def test_doctors_he_said_to_a_caregiver_who_answers_makes_a_relative_focus_english() -> None:
    focus = _focus(
        ("Doctor", "Is he eating well?"),
        ("Patient", "Not really."),
        ("Doctor", "Has he had a fever?"),
        ("Patient", "Yes, since Monday."),
    )
    assert focus == "family:relative"


def test_doctors_he_said_to_a_caregiver_who_answers_makes_a_relative_focus_chinese() -> None:
    focus = _focus(
        ("医生", "他吃饭怎么样？"),
        ("患者", "不太好。"),
        ("医生", "他发烧了吗？"),
        ("患者", "周一开始烧的。"),
    )
    assert focus == "family:relative"


# --------------------------------------------------------------------------- he/she of a clinician


def test_she_after_the_dermatologist_of_the_turn_before_is_no_relative_english() -> None:
    focus = _focus(
        ("Doctor", "I see you saw the dermatologist last month."),
        ("Patient", "Yes. She said that I have eczema."),
        ("Doctor", "Any asthma?"),
        ("Patient", "Yes."),
    )
    # Control: the same she after a sister is a relative.
    control = _focus(
        ("Doctor", "I see you saw your sister last month."),
        ("Patient", "Yes. She said that I have eczema."),
        ("Doctor", "Any asthma?"),
        ("Patient", "Yes."),
    )
    assert (focus, control) == (None, "family:sister")


def test_she_after_the_doctor_of_the_turn_before_is_no_relative_chinese() -> None:
    focus = _focus(
        ("医生", "上次皮肤科的医生怎么说？"),
        ("患者", "她说我是湿疹。"),
        ("医生", "有哮喘吗？"),
        ("患者", "有。"),
    )
    control = _focus(
        ("医生", "上次您姐姐怎么说？"),
        ("患者", "她说我是湿疹。"),
        ("医生", "有哮喘吗？"),
        ("患者", "有。"),
    )
    assert (focus, control) == (None, "family:sister")


def test_she_after_the_nurse_earlier_in_the_doctors_turn_is_no_relative_english() -> None:
    focus = _focus(
        ("Doctor", "The nurse put antibiotic ointment on your foot. Did she show you how?"),
        ("Patient", "Yes."),
    )
    control = _focus(
        ("Doctor", "Your mother put antibiotic ointment on her foot. Did she show you how?"),
        ("Patient", "Yes."),
    )
    assert (focus, control) == (None, "family:mother")


def test_she_after_the_nurse_earlier_in_the_doctors_turn_is_no_relative_chinese() -> None:
    focus = _focus(
        ("医生", "护士给您的脚上了药膏。她教您怎么换药了吗？"),
        ("患者", "教了。"),
    )
    control = _focus(
        ("医生", "您妈妈脚上上了药膏。她教您怎么换药了吗？"),
        ("患者", "教了。"),
    )
    assert (focus, control) == (None, "family:mother")


def test_doctor_addressed_as_a_vocative_is_no_antecedent_english() -> None:
    vocative = clinician_mentions("What do you think, doctor, what does she have?")
    spoken_of = clinician_mentions("What did the doctor think she has?")
    assert (vocative, spoken_of) == ([], [13])


def test_doctor_addressed_as_a_vocative_is_no_antecedent_chinese() -> None:
    vocative, spoken_of = (
        clinician_mentions("医生，她这是怎么了？"),
        clinician_mentions("医生说她这是怎么了？"),
    )
    assert (vocative, spoken_of) == ([], [0])


def test_doctor_spoken_of_is_an_antecedent_english() -> None:
    assert clinician_mentions("The doctor said she has an ear infection.") == [4]


def test_doctor_spoken_of_is_an_antecedent_chinese() -> None:
    assert clinician_mentions("我问了医生，她说没事。") == [3]


def test_specialist_named_by_its_ending_is_a_clinician_english() -> None:
    assert clinician_mentions("My rheumatologist changed it.") == [3]


def test_chief_physician_is_a_clinician_chinese() -> None:
    assert clinician_mentions("主任说要复查。") == [0]


def test_he_after_the_patient_named_by_a_clinician_is_no_relative_english() -> None:
    focus = _focus(
        ("Doctor", "According to the patient, his pain is worse."),
        ("Patient", "Yes."),
        ("Doctor", "Does he take anything for it?"),
        ("Doctor", "Ibuprofen."),
    )
    control = _focus(
        ("Doctor", "According to his son, his pain is worse."),
        ("Patient", "Yes."),
        ("Doctor", "Does he take anything for it?"),
        ("Doctor", "Ibuprofen."),
    )
    assert (focus, control) == (None, "family:relative")


def test_he_after_the_patient_named_by_a_clinician_is_no_relative_chinese() -> None:
    focus = _focus(
        ("医生", "据患者说，他的疼痛加重了。"),
        ("患者", "是的。"),
    )
    control = _focus(
        ("医生", "据他儿子说，他的疼痛加重了。"),
        ("患者", "是的。"),
    )
    assert (focus, control) == (None, "family:relative")


def test_dog_that_bit_the_patient_keeps_the_bite_the_patients_english() -> None:
    focus = _focus(
        ("Doctor", "What happened?"),
        ("Patient", "My brother's dog bit me. He attacked me out of nowhere."),
        ("Doctor", "Where did he bite you?"),
        ("Patient", "He bit my leg."),
    )
    # Control: the brother bitten is the brother's session.
    control = _focus(
        ("Doctor", "What happened?"),
        ("Patient", "My brother got bitten by a dog. He was attacked out of nowhere."),
        ("Doctor", "Where did it bite him?"),
        ("Patient", "It bit his leg."),
    )
    assert (focus, control) == (None, "family:brother")


def test_dog_that_bit_the_patient_keeps_the_bite_the_patients_chinese() -> None:
    focus = _focus(
        ("医生", "怎么回事？"),
        ("患者", "我哥家的狗咬了我。"),
        ("医生", "咬在哪里？"),
        ("患者", "它咬了我的腿。"),
    )
    control = _focus(
        ("医生", "怎么回事？"),
        ("患者", "我哥被狗咬了。"),
        ("医生", "咬在哪里？"),
        ("患者", "咬了他的腿。"),
    )
    assert (focus, control) == (None, "family:brother")


# --------------------------------------------------------------------------- relatives concerned


def test_daughter_the_patient_has_makes_no_focus_english() -> None:
    focus = _focus(
        ("Doctor", "Do you have any children?"),
        ("Patient", "Yes, I have a beautiful daughter."),
        ("Doctor", "Have you only been pregnant once?"),
        ("Patient", "Yes, I've been pregnant once."),
    )
    # Control: the same questions about the daughter herself.
    control = _focus(
        ("Doctor", "Does your daughter have any children?"),
        ("Patient", "Yes, she has a beautiful daughter."),
        ("Doctor", "Has she only been pregnant once?"),
        ("Patient", "Yes, she's been pregnant once."),
    )
    assert (focus, control) == (None, "family:daughter")


def test_daughter_the_patient_has_makes_no_focus_chinese() -> None:
    focus = _focus(
        ("医生", "您有孩子吗？"),
        ("患者", "我有一个女儿。"),
        ("医生", "怀孕过几次？"),
        ("患者", "我就怀过一次。"),
    )
    control = _focus(
        ("医生", "您女儿有孩子吗？"),
        ("患者", "她有一个女儿。"),
        ("医生", "她怀孕过几次？"),
        ("患者", "她就怀过一次。"),
    )
    assert (focus, control) == (None, "family:daughter")


def test_answer_about_a_fathers_heart_disease_opens_no_focus_english() -> None:
    focus = _focus(
        ("Doctor", "Since you have a family history of heart disease, let me ask a few things."),
        ("Patient", "Yeah, my father had it."),
        ("Doctor", "Do you smoke?"),
        ("Patient", "No, I don't smoke."),
    )
    # Control: the next questions asked about him.
    control = _focus(
        ("Doctor", "Since you have a family history of heart disease, let me ask a few things."),
        ("Patient", "Yeah, my father had it."),
        ("Doctor", "Does he smoke?"),
        ("Patient", "No, he doesn't smoke."),
    )
    assert (focus, control) == (None, "family:father")


def test_answer_about_a_fathers_heart_disease_opens_no_focus_chinese() -> None:
    focus = _focus(
        ("医生", "您家族里有心脏病吗？"),
        ("患者", "我爸爸有冠心病。"),
        ("医生", "您抽烟吗？"),
        ("患者", "我不抽烟。"),
    )
    control = _focus(
        ("医生", "您家族里有心脏病吗？"),
        ("患者", "我爸爸有冠心病。"),
        ("医生", "他抽烟吗？"),
        ("患者", "他不抽烟。"),
    )
    assert (focus, control) == (None, "family:father")


def test_daughter_who_can_be_asked_makes_no_focus_english() -> None:
    focus = _focus(
        ("Doctor", "Have you lost weight?"),
        ("Patient", "No, I haven't, you can ask my daughter."),
        ("Doctor", "Any fever?"),
        ("Patient", "No."),
    )
    # Control: the questions asked about the daughter.
    control = _focus(
        ("Doctor", "Has your daughter lost weight?"),
        ("Patient", "No, she hasn't."),
        ("Doctor", "Does she have a fever?"),
        ("Patient", "No."),
    )
    assert (focus, control) == (None, "family:daughter")


def test_daughter_who_can_be_asked_makes_no_focus_chinese() -> None:
    focus = _focus(
        ("医生", "体重有没有下降？"),
        ("患者", "没有，您可以问问我女儿。"),
        ("医生", "发烧吗？"),
        ("患者", "不发烧。"),
    )
    control = _focus(
        ("医生", "您女儿体重有没有下降？"),
        ("患者", "没有。"),
        ("医生", "她发烧吗？"),
        ("患者", "不发烧。"),
    )
    assert (focus, control) == (None, "family:daughter")


def test_mother_invited_into_the_room_makes_no_focus_english() -> None:
    focus = _focus(
        ("Doctor", "Today we do a full evaluation. Would you like your mom to step in?"),
        ("Patient", "Sure."),
    )
    # Control: the evaluation being the mother's.
    control = _focus(
        ("Doctor", "Today we do a full evaluation of your mom. Would she like to step in?"),
        ("Patient", "Sure."),
    )
    assert (focus, control) == (None, "family:mother")


def test_mother_waiting_outside_makes_no_focus_chinese() -> None:
    focus = _focus(
        ("医生", "今天做个全面检查。你妈妈在外面吗？"),
        ("患者", "在。"),
    )
    control = _focus(
        ("医生", "今天给你妈妈做个全面检查。她在外面吗？"),
        ("患者", "在。"),
    )
    assert (focus, control) == (None, "family:mother")


def test_baby_aspirin_names_no_child_english() -> None:
    product = relative_mentions("I also take one baby aspirin in the morning.", False)
    person = relative_mentions("My baby also takes aspirin in the morning.", False)
    assert (product, [m.relation for m in person]) == ([], ["child"])


def test_baby_oil_names_no_child_chinese() -> None:
    product = relative_mentions("我每天用婴儿油擦皮肤。", True)
    person = relative_mentions("我每天给婴儿擦皮肤。", True)
    assert (product, [m.relation for m in person]) == ([], ["child"])


def test_childrens_tylenol_without_an_owner_names_no_child_english() -> None:
    product = relative_mentions("I took some children's Tylenol.", False)
    person = relative_mentions("I took some of my children's Tylenol.", False)
    assert (product, [m.relation for m in person]) == ([], ["child"])


def test_my_sons_tylenol_names_the_son_english() -> None:
    assert [m.relation for m in relative_mentions("My son's Tylenol ran out.", False)] == ["son"]


def test_baby_aspirin_is_the_patients_drug_english() -> None:
    found = _subject(("Patient", "I also take one baby aspirin in the morning."), entity="aspirin")
    assert found == {"patient"}


def test_the_little_one_names_a_child_english() -> None:
    assert [m.relation for m in relative_mentions("How is the little one doing?", False)] == [
        "child"
    ]


def test_the_baby_spoken_of_by_the_caregiver_makes_a_child_focus_english() -> None:
    focus = _focus(
        ("Doctor", "Any history of diabetes or heart disease?"),
        ("Patient", "No, and for that the baby is lucky."),
    )
    assert focus == "family:child"


def test_the_child_spoken_of_by_the_caregiver_makes_a_child_focus_chinese() -> None:
    focus = _focus(
        ("医生", "有没有糖尿病或者心脏病？"),
        ("患者", "没有，宝宝一直挺好的。"),
    )
    assert focus == "family:child"


def test_as_an_infant_is_the_speakers_own_childhood_english() -> None:
    product = relative_mentions("When I was an infant I had surgery.", False)
    person = relative_mentions("When my son was an infant he had surgery.", False)
    assert (product, [m.relation for m in person]) == ([], ["son"])


# --------------------------------------------------------------------------- reflexives


def test_ziji_after_the_father_is_the_fathers_own_body_chinese() -> None:
    found = _subject(("患者", "医生，我爸最近发现自己有宫颈息肉。"), entity="cervical polyp")
    assert found == {"family:father"}


def test_ziji_after_he_is_his_own_body_chinese() -> None:
    found = _subject(
        ("患者", "我爸最近总是头晕。"),
        ("医生", "还有别的不适吗？"),
        ("患者", "如果他发现自己对某种食物过敏，该怎么办？"),
        entity="food allergy",
    )
    assert found == {"family:father"}


def test_ziji_without_anyone_named_is_the_speakers_chinese() -> None:
    found = _subject(("患者", "最近发现自己有宫颈息肉。"), entity="cervical polyp")
    assert found == {"patient"}


def test_himself_after_the_father_is_the_fathers_own_body_english() -> None:
    found = _subject(
        ("Patient", "My dad found himself short of breath on the stairs."),
        entity="short of breath",
    )
    assert found == {"family:father"}


# --------------------------------------------------------------------------- the carer's "you"


def test_drug_the_doctor_tells_the_carer_to_give_is_not_the_patients_english() -> None:
    found = _subject(
        ("Doctor", "You can give acetaminophen every six hours."),
        ("Patient", "Okay."),
        entity="acetaminophen",
    )
    assert found == {"family:relative"}


def test_drug_the_doctor_tells_the_carer_to_give_is_not_the_patients_chinese() -> None:
    found = _subject(("医生", "您可以给喂点布洛芬。"), ("患者", "好的。"), entity="ibuprofen")
    assert found == {"family:relative"}


def test_insulin_you_give_yourself_is_the_patients_english() -> None:
    found = _subject(
        ("Doctor", "Do you give yourself the insulin?"), ("Patient", "Yes."), entity="insulin"
    )
    assert found == {"patient"}


def test_medicine_the_doctor_gives_the_patient_is_the_patients_chinese() -> None:
    found = _subject(("患者", "您给我开的布洛芬吃完了。"), ("医生", "好的。"), entity="ibuprofen")
    assert found == {"patient"}


def test_anything_else_after_a_family_question_still_opens_no_focus_english() -> None:
    focus = _focus(
        ("Doctor", "Any medical traits in the family?"),
        ("Patient", "Diabetes and high blood pressure run in my family."),
        ("Doctor", "Anything else?"),
        ("Patient", "Yeah, my mom had a stroke when she was in her seventies."),
    )
    # Control: the first question asked about the mother.
    control = _focus(
        ("Doctor", "Any medical traits in your mom?"),
        ("Patient", "Diabetes and high blood pressure, she has both."),
        ("Doctor", "Anything else?"),
        ("Patient", "Yeah, my mom had a stroke when she was in her seventies."),
    )
    assert (focus, control) == (None, "family:mother")


def test_anything_else_after_a_family_question_still_opens_no_focus_chinese() -> None:
    focus = _focus(
        ("医生", "您家族里有什么遗传病吗？"),
        ("患者", "我自己没有，家里人都有高血压。"),
        ("医生", "还有吗？"),
        ("患者", "我妈妈七十多岁的时候中风过。"),
    )
    control = _focus(
        ("医生", "您妈妈有什么病吗？"),
        ("患者", "她有高血压。"),
        ("医生", "还有吗？"),
        ("患者", "我妈妈七十多岁的时候中风过。"),
    )
    assert (focus, control) == (None, "family:mother")


def test_every_clinician_word_passes_the_quick_scan() -> None:
    from memory.extraction.rules.discourse import persons

    words = sorted(persons._CLINICIAN_WORDS | persons._ANIMAL_WORDS)
    missed = [w for w in words if not clinician_mentions(f"I saw the {w} yesterday.")]
    # Control: the scan has words to check, and a word outside the lists is not one.
    outside = clinician_mentions("I saw the neighbour yesterday.")
    assert (missed, len(words) > 10, outside) == ([], True, [])
