"""Repeated mentions decided by the structured dose and by the visit (issue 30 items 4-5):
a repeat of the same dose keeps the date the dose was first stated, a stop keeps the
date of the session that stopped it, and every reading said at a visit is that visit's."""

from __future__ import annotations

from datetime import date

from memory.domain.chains import ChainMember, NewRecord, repeats

JAN, APR, NOV = date(2024, 1, 8), date(2024, 4, 15), date(2024, 11, 18)


def stored(
    status: str | None, slots: dict, day: date, fact_type: str = "medication_status", **kw: object
) -> ChainMember:
    return ChainMember(
        fact_id=1, fact_type=fact_type, status=status, content=kw.pop("content", "x"),
        event_date=None, session_date=day, position=0, slots=slots, **kw,  # type: ignore[arg-type]
    )  # fmt: skip


def said(
    status: str | None, slots: dict, day: date, fact_type: str = "medication_status", **kw: object
) -> NewRecord:
    return NewRecord(
        fact_type, status, kw.pop("content", "y"), kw.pop("event_date", None), day,
        slots=slots, **kw,  # type: ignore[arg-type]
    )  # fmt: skip


def test_same_dose_in_another_language_is_a_repeat() -> None:
    before = stored("active", {"value": 160, "unit": "mg"}, APR, value="160", unit="毫克")
    again = said("active", {"value": 160, "unit": "mg"}, NOV, value="160", unit="mg")
    assert repeats(again, before)


def test_a_different_dose_is_no_repeat() -> None:
    before = stored("active", {"value": 160, "unit": "mg"}, APR, value="160", unit="mg")
    again = said("active", {"value": 80, "unit": "mg"}, NOV, value="80", unit="mg")
    assert not repeats(again, before)


def test_the_same_dose_with_another_status_is_no_repeat() -> None:
    before = stored("active", {"value": 160, "unit": "mg"}, APR)
    again = said("stopped", {"value": 160, "unit": "mg"}, NOV)
    assert not repeats(again, before)


def test_a_stop_after_a_stop_is_the_same_stop() -> None:
    before = stored("stopped", {}, APR, content="Please stop the ibuprofen.")
    again = said(
        "stopped", {}, NOV, content="I have not taken ibuprofen since.", is_state_change=True
    )
    assert repeats(again, before)


def test_a_stop_after_a_dose_is_no_repeat() -> None:
    before = stored("active", {"value": 400, "unit": "mg"}, APR)
    assert not repeats(said("stopped", {}, NOV, is_state_change=True), before)


def test_an_equal_reading_at_a_later_visit_is_that_visits_measurement() -> None:
    bp = {"systolic": 124, "diastolic": 76, "unit": "mmHg"}
    before = stored(None, bp, APR, fact_type="vital")
    assert not repeats(said(None, bp, NOV, fact_type="vital"), before)


def test_an_equal_reading_said_twice_in_one_visit_is_one_measurement() -> None:
    bp = {"systolic": 124, "diastolic": 76, "unit": "mmHg"}
    before = stored(None, bp, NOV, fact_type="vital")
    assert repeats(said(None, bp, NOV, fact_type="vital"), before)


def test_a_reading_told_with_its_own_earlier_date_restates_the_record() -> None:
    a1c = {"value": 7.1, "unit": "%"}
    before = stored(None, a1c, JAN, fact_type="lab_result")
    restated = said(None, a1c, NOV, fact_type="lab_result", event_date=JAN)
    assert repeats(restated, before)


def test_a_stop_restated_with_a_route_is_the_same_stop() -> None:
    before = stored("stopped", {}, APR)
    assert repeats(said("stopped", {"route": "oral"}, NOV), before)
