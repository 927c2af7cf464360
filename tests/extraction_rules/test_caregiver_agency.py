"""A caregiver's first-person care of a relative's medicines and readings (issue 29, item 6).

In a consultation about a relative, "I increased the metformin", "I measure the
pressure every morning", "my log of the sugars", 我把二甲双胍加到…, 我每天早上量血压
are the relative's facts; the caregiver is the subject only with an explicit cue of
his own body ("myself", "my own", 我自己). A deliberation ("whether to", "I'm thinking
of", 要不要, 是否) is a plan or a question, never a dose change. The dialogues are
written for these tests (no dataset record), each with a control that differs only in
the cue.
"""

from __future__ import annotations

from memory.domain.types import ExtractedFact

from ._helpers import facts

_FATHER_EN = (
    ("patient", "My father has type 2 diabetes and high blood pressure."),
    ("doctor", "What is he on at the moment?"),
    ("patient", "He is on metformin 500 mg and lisinopril 10 mg."),
)
_FATHER_ZH = (
    ("患者", "我父亲有二型糖尿病，血压也高。"),
    ("医生", "他现在用什么药？"),
    ("患者", "他吃二甲双胍500毫克，缬沙坦80毫克。"),
)
_OWN_EN = (
    ("patient", "I have type 2 diabetes and high blood pressure."),
    ("doctor", "What are you on at the moment?"),
    ("patient", "I am on metformin 500 mg and lisinopril 10 mg."),
)
_OWN_ZH = (
    ("患者", "我有二型糖尿病，血压也高。"),
    ("医生", "现在用什么药？"),
    ("患者", "我吃二甲双胍500毫克，缬沙坦80毫克。"),
)


def _said(opening: tuple[tuple[str, str], ...], line: tuple[str, str]) -> list[ExtractedFact]:
    """The facts whose evidence is the last line."""
    return [f for f in facts(*opening, line) if f.evidence_turn == len(opening) + 1]


def _subjects(opening: tuple[tuple[str, str], ...], line: tuple[str, str], entity: str) -> set:
    return {f.subject for f in _said(opening, line) if f.entity == entity}


def _statuses(opening: tuple[tuple[str, str], ...], line: tuple[str, str], entity: str) -> set:
    return {f.status for f in _said(opening, line) if f.entity == entity}


# --------------------------------------------------------------------------- managing a medicine


def test_caregivers_dose_change_is_the_relatives_english() -> None:
    line = ("patient", "I increased the metformin to 1000 mg on Sunday.")
    assert _subjects(_FATHER_EN, line, "metformin") == {"family:father"}


def test_same_dose_change_in_the_patients_own_visit_is_the_patients_english() -> None:
    line = ("patient", "I increased the metformin to 1000 mg on Sunday.")
    assert _subjects(_OWN_EN, line, "metformin") == {"patient"}


def test_caregivers_dose_change_is_the_relatives_chinese() -> None:
    line = ("患者", "我周日把二甲双胍加到了1000毫克。")
    assert _subjects(_FATHER_ZH, line, "metformin") == {"family:father"}


def test_same_dose_change_in_the_patients_own_visit_is_the_patients_chinese() -> None:
    line = ("患者", "我周日把二甲双胍加到了1000毫克。")
    assert _subjects(_OWN_ZH, line, "metformin") == {"patient"}


def test_caregiver_holding_a_medicine_is_the_relatives_english() -> None:
    line = ("patient", "I stopped the lisinopril on Friday because of the dry cough.")
    assert _subjects(_FATHER_EN, line, "lisinopril") == {"family:father"}


# --------------------------------------------------------------------------- readings


def test_caregivers_morning_readings_are_the_relatives_english() -> None:
    line = ("patient", "I measure the pressure after breakfast, it runs near 155 over 92.")
    assert _subjects(_FATHER_EN, line, "blood pressure") == {"family:father"}


def test_caregivers_morning_readings_are_the_relatives_chinese() -> None:
    line = ("患者", "我每天早饭后量血压，基本在155/92上下。")
    assert _subjects(_FATHER_ZH, line, "blood pressure") == {"family:father"}


def test_caregivers_log_of_the_sugars_is_the_relatives_english() -> None:
    line = ("patient", "My notebook of the sugars shows 190 before lunch.")
    assert _subjects(_FATHER_EN, line, "blood glucose") == {"family:father"}


def test_caregivers_record_of_the_sugars_is_the_relatives_chinese() -> None:
    line = ("患者", "我记录的血糖午饭前在11左右。")
    assert _subjects(_FATHER_ZH, line, "blood glucose") == {"family:father"}


# --------------------------------------------------------------------------- self-health cue


def test_caregivers_own_reading_with_my_own_is_the_caregivers_english() -> None:
    line = ("patient", "I measure my own pressure too, it runs near 150 over 95.")
    assert _subjects(_FATHER_EN, line, "blood pressure") == {"patient"}


def test_caregivers_own_medicine_with_myself_is_the_caregivers_english() -> None:
    line = ("patient", "I stopped the aspirin myself last month.")
    assert _subjects(_FATHER_EN, line, "aspirin") == {"patient"}


def test_caregivers_own_medicine_with_wo_ziji_is_the_caregivers_chinese() -> None:
    line = ("患者", "我自己也把阿司匹林停了。")
    assert _subjects(_FATHER_ZH, line, "aspirin") == {"patient"}


def test_same_stop_without_wo_ziji_is_the_relatives_chinese() -> None:
    line = ("患者", "我也把阿司匹林停了。")
    assert _subjects(_FATHER_ZH, line, "aspirin") == {"family:father"}


# --------------------------------------------------------------------------- deliberation


def test_thinking_of_raising_a_dose_is_a_plan_english() -> None:
    line = ("patient", "I'm thinking of raising the lisinopril to 20 mg.")
    assert _statuses(_FATHER_EN, line, "lisinopril") == {"planned"}


def test_raising_a_dose_is_a_dose_change_english() -> None:
    line = ("patient", "I raised the lisinopril to 20 mg.")
    assert "dose_changed" in _statuses(_FATHER_EN, line, "lisinopril")


def test_whether_to_lower_a_dose_is_a_plan_chinese() -> None:
    line = ("患者", "我在考虑是否把缬沙坦减到40毫克。")
    assert _statuses(_FATHER_ZH, line, "valsartan") == {"planned"}


def test_lowering_a_dose_is_a_dose_change_chinese() -> None:
    line = ("患者", "我把缬沙坦减到40毫克了。")
    assert "dose_changed" in _statuses(_FATHER_ZH, line, "valsartan")


def test_dose_in_a_deliberation_is_not_the_dose_taken_english() -> None:
    found_turns = (
        ("patient", "My mother has atrial fibrillation."),
        ("patient", "I give her the metoprolol at night now."),
        ("patient", "I'm not sure whether I should raise her dose to 50 mg."),
    )
    found = facts(*found_turns)
    # Control: the same dose said as done is the dose taken.
    raised = facts(*found_turns[:2], ("patient", "I raised her dose to 50 mg."))
    doses = [
        {f.value for f in got if f.entity == "metoprolol" and f.status != "planned"}
        for got in (found, raised)
    ]
    assert ("50" in doses[0], "50" in doses[1]) == (False, True)


def test_dose_said_as_a_change_after_the_drug_is_taken_english() -> None:
    found = facts(
        ("patient", "My mother has atrial fibrillation."),
        ("patient", "I give her the metoprolol at night now."),
        ("patient", "Last week I raised her dose to 50 mg."),
    )
    doses = {f.value for f in found if f.entity == "metoprolol" and f.status != "planned"}
    assert "50" in doses
