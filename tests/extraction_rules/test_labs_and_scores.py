"""Labs and questionnaire scores (issue 30, item 2): each lab said with its value is
recorded for the patient under its own name, in English and Chinese; a PHQ-9 or
GAD-7 score is the score plus the condition at the severity it is said to mean."""

from __future__ import annotations

import pytest

from tests.extraction_rules._helpers import facts

LABS = [
    ("Your eGFR came back at 83.", "您这次eGFR是83。", "egfr", 83),
    ("Creatinine is 1.1.", "您的肌酐是96。", "creatinine", None),
    ("Your potassium was 4.8.", "您的血钾4.8。", "potassium", 4.8),
    ("Sodium came back at 139.", "您的血钠是139。", "sodium", 139),
    ("Your A1c is 6.8 percent.", "您的糖化血红蛋白6.8%。", "hba1c", 6.8),
    ("Your fasting glucose was 6.4.", "您的空腹血糖6.4。", "blood glucose", 6.4),
    ("Your total cholesterol is 5.1.", "您的总胆固醇5.1。", "total cholesterol", 5.1),
    ("Your LDL is 3.1.", "您的低密度脂蛋白胆固醇3.1。", "ldl", 3.1),
    ("Your HDL is 1.2.", "您的高密度脂蛋白胆固醇1.2。", "hdl", 1.2),
    ("Your triglycerides were 1.9.", "您的甘油三酯1.9。", "triglycerides", 1.9),
    ("Your ALT is 31.", "您的谷丙转氨酶31。", "alt", 31),
    ("Your AST is 27.", "您的谷草转氨酶27。", "ast", 27),
    ("Your TSH was 2.2.", "您的促甲状腺激素2.2。", "tsh", 2.2),
    ("Your INR is 2.4 today.", "您今天的INR是2.4。", "inr", 2.4),
]


def _labs(said: str) -> dict[str, tuple[str, object]]:
    return {
        f.entity: (f.subject, f.slots.get("value"))
        for f in facts(("doctor", said))
        if f.type in ("lab_result", "vital")
    }


@pytest.mark.parametrize(("en", "zh", "entity", "value"), LABS)
def test_english_lab_is_recorded_for_the_patient_with_its_value(
    en: str, zh: str, entity: str, value: object
) -> None:
    subject, got = _labs(en)[entity]
    assert subject == "patient" and (value is None or got == value)


@pytest.mark.parametrize(("en", "zh", "entity", "value"), LABS)
def test_chinese_lab_is_recorded_for_the_patient_with_its_value(
    en: str, zh: str, entity: str, value: object
) -> None:
    subject, got = _labs(zh)[entity]
    assert subject == "patient" and (value is None or got == value)


# --- questionnaire scores --------------------------------------------------------------


def _conditions(*turns: tuple[str, str]) -> dict[str, object]:
    return {f.entity: f.slots.get("severity") for f in facts(*turns, kind="condition")}


def test_english_phq9_band_gives_depression_at_that_severity() -> None:
    said = "Your PHQ-9 score is 16 today, which means moderately severe depression."
    assert _conditions(("doctor", said)) == {"depression": "moderately severe"}


def test_english_phq9_score_is_recorded_as_points() -> None:
    said = "Your PHQ-9 score is 16 today, which means moderately severe depression."
    [score] = facts(("doctor", said), kind="lab_result")
    assert (score.entity, score.slots) == ("phq-9", {"value": 16, "unit": "points"})


def test_chinese_phq9_band_gives_depression_at_that_severity() -> None:
    said = "您的PHQ-9评分是11分，属于中度抑郁。"
    assert _conditions(("医生", said)) == {"depression": "moderate"}


def test_english_phq9_without_a_named_condition_gives_no_condition() -> None:
    bare = _conditions(("doctor", "Your PHQ-9 score is 3 today, which is minimal."))
    # Control: the same score naming the condition gives it.
    named = _conditions(("doctor", "Your PHQ-9 score is 6 today, which is mild depression."))
    assert (bare, named) == ({}, {"depression": "mild"})


def test_chinese_gad7_band_gives_anxiety_at_that_severity() -> None:
    assert _conditions(("医生", "GAD-7评分9分，属于轻度焦虑。")) == {"anxiety": "mild"}


def test_english_gad7_band_gives_anxiety_at_that_severity() -> None:
    said = "The GAD-7 came out at 12, that's moderate anxiety."
    assert _conditions(("doctor", said)) == {"anxiety": "moderate"}


def test_screening_question_about_thoughts_is_no_condition() -> None:
    turns = [("doctor", "Any thoughts of hurting yourself?"), ("patient", "No, never.")]
    # Control: the same question about a disorder keeps the denied disorder.
    disorder = [("doctor", "Any seizures?"), ("patient", "No, never.")]
    assert (_conditions(*turns), _conditions(*disorder)) == ({}, {"epilepsy": None})
