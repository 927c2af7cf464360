"""'Since' is when the current dose began, not the visit that last restated it."""

from __future__ import annotations

from datetime import date

from memory.answering.values import state_began, statement
from memory.domain.evidence import FactView


def _amlodipine(fid: int, day: date, status: str, value: str) -> FactView:
    return FactView(
        fact_id=fid, session_id=f"s{fid}", subject="patient", fact_type="medication_status",
        entity="amlodipine", content=f"amlodipine {value} mg", status=status, date=day,
        valid_from=day, chain_id=3, value=value, unit="mg", session_date=day,
    )  # fmt: skip


FIVE = _amlodipine(1, date(2024, 11, 18), "active", "5")
HALVED = _amlodipine(2, date(2025, 7, 14), "dose_changed", "2.5")
NO_DOSE = _amlodipine(3, date(2025, 8, 11), "active", "")
RESTATED = _amlodipine(4, date(2025, 12, 8), "active", "2.5")
CHAIN = [FIVE, HALVED, NO_DOSE, RESTATED]


def test_restated_dose_is_dated_from_the_change_that_set_it():
    began = state_began(RESTATED, CHAIN)
    assert began == date(2025, 7, 14)
    assert statement(RESTATED, "en", began=began).endswith("since 2025-07-14")


def test_a_new_dose_starts_its_own_run():
    assert state_began(HALVED, CHAIN) is None  # the 5 mg before it is another state
    assert statement(HALVED, "en").endswith("since 2025-07-14")


def test_a_stop_is_not_folded_into_the_dose_it_ended():
    stopped = _amlodipine(5, date(2026, 1, 5), "stopped", "")
    assert state_began(stopped, [*CHAIN, stopped]) is None
