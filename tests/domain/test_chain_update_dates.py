"""Which date a chain record takes its place and validity by, and what a repeat records
as its last mention (paper §4.1 "Chain updates"; docs/design.md §4, §8)."""

from __future__ import annotations

from datetime import date

import pytest

from memory.domain.chains import (
    ChainMember,
    NewRecord,
    NotChainedError,
    chain_type,
    plan_chain_update,
    recompute_chain,
)

MED = "medication_status"
OCT, NOV, DEC = date(2025, 10, 2), date(2025, 11, 6), date(2025, 12, 4)


def stored(
    fact_id: int, day: date | None, session: date | None = None, **kw: object
) -> ChainMember:
    return ChainMember(
        fact_id=fact_id, fact_type=kw.pop("fact_type", MED), status=kw.pop("status", "active"),
        content=kw.pop("content", "bisoprolol 5 mg"), event_date=day,
        session_date=session or day, position=fact_id - 1, **kw,  # type: ignore[arg-type]
    )  # fmt: skip


def test_a_state_starting_after_its_session_is_valid_from_its_own_date() -> None:
    (update,) = recompute_chain([stored(1, DEC, session=NOV)])
    assert update.valid_from == DEC


def test_an_appended_state_is_valid_from_its_event_not_the_session_it_was_told() -> None:
    told_late = NewRecord(MED, "stopped", "stopped bisoprolol", OCT, DEC)
    assert plan_chain_update([], told_late).valid_from == OCT


def test_a_struck_out_record_keeps_an_empty_interval_at_its_own_date() -> None:
    wrong = stored(2, NOV, verification="entered_in_error")
    update = {u.fact_id: u for u in recompute_chain([stored(1, OCT), wrong])}[2]
    assert (update.valid_from, update.valid_to) == (NOV, NOV)


def test_a_repeat_told_with_an_earlier_event_date_is_last_mentioned_at_its_session() -> None:
    again = NewRecord(MED, "active", "bisoprolol 5 mg since October", OCT, DEC)
    assert plan_chain_update([stored(1, OCT)], again).last_mentioned == DEC


def test_a_repeat_with_no_date_at_all_has_no_last_mention() -> None:
    again = NewRecord(MED, "active", "still on bisoprolol 5 mg", None, None)
    update = plan_chain_update([stored(1, None)], again)
    assert (update.kind, update.last_mentioned) == ("repeat", None)


def test_a_mixed_chain_is_refused_naming_its_types() -> None:
    with pytest.raises(ValueError, match=r"\['condition', 'medication_status'\]"):
        chain_type([stored(1, OCT), stored(2, NOV, fact_type="condition")])


def test_an_unchained_type_is_refused_naming_the_type() -> None:
    with pytest.raises(NotChainedError, match="symptom records are not chained"):
        chain_type([stored(1, OCT, fact_type="symptom")])


def test_planning_an_unchained_record_names_its_type() -> None:
    with pytest.raises(NotChainedError, match="event records are not chained"):
        plan_chain_update([], NewRecord("event", None, "fell off a bike", OCT, OCT))


def test_planning_a_record_into_another_types_chain_names_both() -> None:
    with pytest.raises(ValueError, match="condition record cannot join a medication_status"):
        plan_chain_update([stored(1, OCT)], NewRecord("condition", None, "asthma", NOV, NOV))
