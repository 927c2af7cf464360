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
