"""A lasting condition told under a history frame is a current diagnosis, not past history."""

from __future__ import annotations

from ._helpers import facts


def _assertions(speaker: str, text: str, entity: str) -> list[str]:
    return [
        f.assertion for f in facts((speaker, text)) if f.type == "condition" and f.entity == entity
    ]


def test_chinese_past_medical_history_of_hypertension_is_current() -> None:
    assert _assertions("患者", "我既往有高血压，一直在吃药。", "hypertension") == ["present"]


def test_prior_history_of_diabetes_is_current() -> None:
    assert _assertions("Doctor", "She has a prior history of diabetes.", "diabetes") == ["present"]


def test_used_to_have_a_lasting_condition_is_past() -> None:
    assert _assertions("Patient", "I used to have high blood pressure.", "hypertension") == [
        "historical"
    ]


def test_chinese_lasting_condition_told_as_ended_is_past() -> None:
    text = "以前有高血压，后来减肥就正常了。"
    assert _assertions("患者", text, "hypertension") == ["historical"]


def test_chinese_childhood_asthma_is_past() -> None:
    assert _assertions("患者", "我小时候有哮喘。", "asthma") == ["historical"]


def test_a_passing_illness_in_the_past_stays_past() -> None:
    assert _assertions("Patient", "In the past I had pneumonia.", "pneumonia") == ["historical"]
