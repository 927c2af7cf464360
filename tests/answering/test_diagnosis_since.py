"""A diagnosis restated later is held since it was first made: a list answer's
"since" is never only the date of its latest restatement."""

from __future__ import annotations

from datetime import date

from memory.answering.values import state_began
from tests.answering.records import view


def _dx(day: date, status: str = "confirmed", chain: int = 71):
    return view("condition", "hypertension", "Hypertension.", day=day, status=status,
                valid_from=day, chain_id=chain)  # fmt: skip


def test_a_restated_diagnosis_began_when_first_made() -> None:
    first, again = _dx(date(2024, 1, 8)), _dx(date(2025, 5, 12))
    assert state_began(again, [first, again]) == date(2024, 1, 8)


def test_a_diagnosis_said_better_later_still_began_when_first_made() -> None:
    first, better = _dx(date(2024, 1, 8), chain=72), _dx(date(2025, 5, 12), "improved", 72)
    assert state_began(better, [first, better]) == date(2024, 1, 8)


def test_a_diagnosis_back_after_a_resolution_began_when_it_came_back() -> None:
    old, gone = _dx(date(2023, 1, 8), chain=73), _dx(date(2024, 1, 8), "resolved", 73)
    back = _dx(date(2025, 5, 12), chain=73)
    assert state_began(back, [old, gone, back]) is None


def _diagnoses_answer(lang: str) -> list[str]:
    from memory.answering.extractive import extractive_answer
    from tests.answering.records import anchor, profile

    now = _dx(date(2024, 1, 8), chain=74)
    said = "1995年做过阑尾切除术，是急性阑尾炎。"
    past = view("condition", "appendicitis", said, day=date(1995, 1, 1), status="confirmed",
                assertion="historical", chain_id=75)  # fmt: skip
    question = "What are the patient's diagnoses?" if lang == "en" else "患者有哪些诊断？"
    prof = profile(diagnoses=(now, past))
    return extractive_answer(question, lang, prof, [anchor(now)], None).splitlines()


def test_a_past_history_condition_is_named_apart_from_the_current_diagnoses() -> None:
    lines = _diagnoses_answer("en")
    assert lines[0] == "Diagnoses (1): Hypertension"
    assert any(
        x.startswith("Past, resolved or ruled-out diagnoses (1): Appendicitis") for x in lines
    )


def test_a_chinese_past_history_condition_is_named_apart() -> None:
    lines = _diagnoses_answer("zh")
    assert any(x.startswith("既往、已痊愈或已排除的诊断（1项）") for x in lines)
