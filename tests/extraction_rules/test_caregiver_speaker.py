"""Visits where someone else answers for the patient (issue 29, item 7).

A speaker the import marks as the caregiver (`caregiver` role, "Caregiver:", 家属,
MTS-Dialog Guest_family) speaks of the patient as he/she and of himself as I: his
"I" is the caregiver, never the patient, and the doctor's "your husband" to him is
the patient. Plural "they" stands for the relatives just named, and a pronoun in
reported speech ("the doctors told me he ...") follows the subject tracker. The
dialogues are written for these tests (no dataset record); each has a control that
differs only in the cue.
"""

from __future__ import annotations

from ._helpers import run


def _subjects(*turns: tuple[str, str], entity: str) -> set[str]:
    return {f.subject for f in run(*turns).facts if f.entity == entity}


# --------------------------------------------------------------------------- the caregiver's I


def test_caregivers_own_condition_is_not_the_patients_english() -> None:
    found = _subjects(
        ("doctor", "What brings her in today?"),
        ("caregiver", "She has had a fever since Sunday."),
        ("caregiver", "I have asthma myself, so I worry about her chest."),
        entity="asthma",
    )
    assert found == {"other:caregiver"}


def test_patients_own_condition_said_by_the_patient_is_the_patients_english() -> None:
    found = _subjects(
        ("doctor", "What brings you in today?"),
        ("patient", "I have had a fever since Sunday."),
        ("patient", "I have asthma myself, so I worry about my chest."),
        entity="asthma",
    )
    assert found == {"patient"}


def test_caregivers_own_condition_is_not_the_patients_chinese() -> None:
    found = _subjects(
        ("医生", "孩子哪里不舒服？"),
        ("家属", "他这几天一直发烧。"),
        ("家属", "我自己也有高血压。"),
        entity="hypertension",
    )
    assert found == {"other:caregiver"}


def test_patients_own_condition_said_by_the_patient_is_the_patients_chinese() -> None:
    found = _subjects(
        ("医生", "哪里不舒服？"),
        ("患者", "我这几天一直发烧。"),
        ("患者", "我自己也有高血压。"),
        entity="hypertension",
    )
    assert found == {"patient"}


def test_caregiver_who_says_she_is_the_wife_keeps_her_own_condition() -> None:
    found = _subjects(
        ("caregiver", "I'm his wife."),
        ("caregiver", "I have diabetes too, so I know the signs."),
        entity="diabetes",
    )
    assert found == {"family:wife"}


# ------------------------------------------------------------------- he / she is the patient


def test_caregivers_he_is_the_patient_english() -> None:
    found = _subjects(
        ("doctor", "How has he been?"),
        ("caregiver", "He has been wheezing every night this week."),
        entity="respiratory sounds",
    )
    assert found == {"patient"}


def test_caregivers_ta_is_the_patient_chinese() -> None:
    found = _subjects(("医生", "孩子怎么了？"), ("家属", "他这几天一直咳嗽。"), entity="咳嗽")
    assert found == {"patient"}


def test_caregivers_my_son_is_the_patient_english() -> None:
    said = ("caregiver", "My son has had a rash on his arms for two days.")
    assert _subjects(said, entity="exanthema") == {"patient"}


def test_patients_my_son_is_the_son_english() -> None:
    said = ("patient", "My son has had a rash on his arms for two days.")
    assert _subjects(said, entity="exanthema") == {"family:son"}


def test_caregivers_management_is_the_patients_not_his_english() -> None:
    found = _subjects(
        ("doctor", "How is she taking the antibiotic?"),
        ("caregiver", "I stopped the amoxicillin yesterday."),
        entity="amoxicillin",
    )
    assert found == {"patient"}


def test_caregivers_management_is_the_patients_not_his_chinese() -> None:
    found = _subjects(
        ("医生", "抗生素吃得怎么样？"), ("家属", "我昨天把阿莫西林停了。"), entity="amoxicillin"
    )
    assert found == {"patient"}


def test_caregivers_own_medicine_with_my_own_is_his_english() -> None:
    found = _subjects(
        ("doctor", "How is she taking the antibiotic?"),
        ("caregiver", "I stopped my own amoxicillin yesterday."),
        entity="amoxicillin",
    )
    assert found == {"other:caregiver"}


def test_caregivers_relative_named_is_that_relative_english() -> None:
    found = _subjects(
        ("doctor", "Any heart problems in the family?"),
        ("caregiver", "His father had a heart attack at fifty."),
        entity="myocardial infarction",
    )
    assert found == {"family:father"}


# -------------------------------------------------------------- the doctor to the caregiver


def test_doctors_your_husband_to_the_caregiver_is_the_patient_english() -> None:
    found = _subjects(
        ("caregiver", "I'm his wife, he is very drowsy today."),
        ("doctor", "Your husband has atrial fibrillation, so he needs warfarin."),
        entity="atrial fibrillation",
    )
    assert found == {"patient"}


def test_doctors_your_husband_to_the_patient_is_the_husband_english() -> None:
    found = _subjects(
        ("patient", "I'm fine, I am just tired today."),
        ("doctor", "Your husband has atrial fibrillation, so he needs warfarin."),
        entity="atrial fibrillation",
    )
    assert found == {"family:husband"}


def test_doctors_your_husband_to_the_caregiver_is_the_patient_chinese() -> None:
    found = _subjects(
        ("家属", "我是他爱人，他今天一直犯困。"),
        ("医生", "您爱人有房颤，需要吃华法林。"),
        entity="atrial fibrillation",
    )
    assert found == {"patient"}


# --------------------------------------------------------------------------- plural they


def test_they_after_parents_and_a_brother_is_the_parents_english() -> None:
    found = _subjects(
        ("patient", "My parents both have diabetes and my brother has asthma."),
        ("patient", "They also had high blood pressure."),
        entity="hypertension",
    )
    assert found == {"family:parent"}


def test_he_after_parents_and_a_brother_is_the_brother_english() -> None:
    found = _subjects(
        ("patient", "My parents both have diabetes and my brother has asthma."),
        ("patient", "He also had high blood pressure."),
        entity="hypertension",
    )
    assert found == {"family:brother"}


def test_they_after_mother_and_father_is_the_parents_english() -> None:
    found = _subjects(
        ("patient", "My mother has gout and my father has psoriasis."),
        ("patient", "They both had lung cancer later."),
        entity="lung cancer",
    )
    assert found == {"family:parent"}


def test_tamen_after_parents_and_a_brother_is_the_parents_chinese() -> None:
    found = _subjects(
        ("患者", "我父母都有糖尿病，我哥哥有哮喘。"),
        ("患者", "他们也都有高血压。"),
        entity="hypertension",
    )
    assert found == {"family:parent"}


# --------------------------------------------------------------------------- reported speech


def test_he_in_what_the_cardiologist_told_me_is_the_father_english() -> None:
    found = _subjects(
        ("patient", "My dad saw his cardiologist last week."),
        ("patient", "The cardiologist told me he has a heart block."),
        entity="heart block",
    )
    assert found == {"family:father"}


def test_he_as_the_cardiologist_acting_is_no_one_else_english() -> None:
    found = _subjects(
        ("patient", "My dad saw his cardiologist last week."),
        ("patient", "The cardiologist said I have a heart block too."),
        entity="heart block",
    )
    assert found == {"patient"}


def test_she_in_what_the_doctors_told_me_is_the_mother_english() -> None:
    found = _subjects(
        ("patient", "My mom went to her neurologist on Friday."),
        ("patient", "The doctors told me she had a small stroke."),
        entity="stroke",
    )
    assert found == {"family:mother"}


def test_ta_in_what_the_doctor_told_me_is_the_father_chinese() -> None:
    found = _subjects(
        ("患者", "我爸上周去看了心内科。"),
        ("患者", "医生跟我说他有房颤。"),
        entity="atrial fibrillation",
    )
    assert found == {"family:father"}
