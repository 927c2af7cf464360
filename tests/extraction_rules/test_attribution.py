"""Subject attribution: whose body a fact concerns, in English and Chinese."""

from __future__ import annotations

from ._helpers import facts, one, run


def test_mothers_cancer_is_mothers() -> None:
    fact = one(("Patient", "My mom had breast cancer."), kind="condition")
    assert fact.subject == "family:mother"


def test_pronoun_continuation_keeps_relative() -> None:
    fact = one(
        ("Patient", "My mother has diabetes. She also takes metformin."), kind="medication_status"
    )
    assert fact.subject == "family:mother"


def test_relative_scope_ends_with_sentence() -> None:
    fact = one(("Patient", "My father has diabetes. I take lisinopril."), kind="medication_status")
    assert fact.subject == "patient"


def test_first_person_after_relative_is_patient() -> None:
    fact = one(
        ("Patient", "My husband was in hospital and my own blood pressure went up to 160/100."),
        kind="vital",
    )
    assert fact.subject == "patient"


def test_doctor_saying_your_wife_attributes_to_wife() -> None:
    fact = one(("Doctor", "Your wife has hypertension."), kind="condition")
    assert fact.subject == "family:wife"


def test_family_history_answer_without_relation_is_relative() -> None:
    fact = one(
        ("Doctor", "Any family history of cancer?"), ("Patient", "Skin cancer."), kind="condition"
    )
    assert fact.subject == "family:relative"


def test_runs_in_family_is_not_patient() -> None:
    fact = one(("Patient", "I have a lot of diabetes in the family."), kind="condition")
    assert fact.subject != "patient"


def test_guest_family_my_son_is_the_patient() -> None:
    fact = one(
        ("Doctor", "What is he taking?"),
        ("Guest_family", "My son takes albuterol."),
        kind="medication_status",
    )
    assert fact.subject == "patient"


def test_guest_family_his_father_is_relative() -> None:
    fact = one(("Guest_family", "His father had asthma."), kind="condition")
    assert fact.subject == "family:father"


def test_chinese_relative_turn_attributes_all_facts() -> None:
    found = facts(("患者", "医生，我妈今年65岁，高血压十年了，一直吃氨氯地平，最近血压150/95"))
    assert found and {f.subject for f in found} == {"family:mother"}


def test_chinese_self_marker_returns_to_patient() -> None:
    fact = one(("患者", "我爸有糖尿病。我自己在吃阿司匹林。"), kind="medication_status")
    assert fact.subject == "patient"


def test_session_about_relative_has_family_subject() -> None:
    assert run(("患者", "我儿子15岁，得了哮喘，在用沙丁胺醇。")).session_subject == "family:son"


def test_mixed_session_subject() -> None:
    # The patient's own visit that also tells of the father: both are in it.
    found = run(("Patient", "I take metformin. My dad has gout."))
    assert found.session_subject == "mixed"


def test_caregiver_opening_with_one_aside_is_the_relatives_session() -> None:
    # Opened about the father, one own remark: the father's consultation, so its raw
    # turns never become the patient's evidence (the remark stays a patient fact).
    found = run(("Patient", "My dad has gout. I take metformin."))
    assert found.session_subject == "family:father"


def test_general_knowledge_gives_no_fact() -> None:
    general = facts(("Doctor", "Metformin can cause stomach upset in many people."))
    yours = facts(("Doctor", "Metformin can cause stomach upset in you."))
    assert (general, [(f.type, f.entity) for f in yours]) == (
        [],
        [("medication_status", "metformin")],
    )
