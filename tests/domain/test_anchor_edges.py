"""The anchor of a chain at its edges: states dated in the future, records of unknown
date, chains whose every record was refuted, several late reports (from the
mutation pass over domain.anchors)."""

from __future__ import annotations

from datetime import date

from memory.domain.anchors import anchor
from memory.domain.chains import ChainMember

MED = "medication_status"


def rec(
    fact_id: int,
    day: date | None,
    status: str | None = "active",
    said_on: date | None = None,
    fact_type: str = MED,
    verification: str = "unconfirmed",
) -> ChainMember:
    return ChainMember(
        fact_id=fact_id,
        fact_type=fact_type,
        status=status,
        content=f"record {fact_id}",
        event_date=day,
        session_date=said_on or day,
        position=fact_id - 1,
        verification=verification,
    )


def reading(fact_id: int, day: date | None, verification: str = "unconfirmed") -> ChainMember:
    return rec(fact_id, day, None, fact_type="vital", verification=verification)


JAN, FEB, MAR = date(2024, 1, 10), date(2024, 2, 1), date(2024, 3, 1)

# Jan 10 on warfarin; on Mar 1: "stop it on the 10th", "restart it on the 20th".
STOP_NEXT_WEEK = [
    rec(1, JAN),
    rec(2, date(2024, 3, 10), "stopped", said_on=MAR),
    rec(3, date(2024, 3, 20), said_on=MAR),
]
# Jan 12 on the drug; Apr 18 a plan to raise the dose.
WITH_PLAN = [rec(1, date(2024, 1, 12)), rec(2, date(2024, 4, 18), "planned")]


def test_a_state_dated_after_the_last_visit_has_not_begun() -> None:
    assert anchor(STOP_NEXT_WEEK[:2]).member.fact_id == 1


def test_a_state_dated_after_the_last_visit_is_the_pending_plan() -> None:
    assert anchor(STOP_NEXT_WEEK[:2]).pending_plan.fact_id == 2


def test_of_two_future_states_the_first_to_come_is_pending() -> None:
    assert anchor(STOP_NEXT_WEEK).pending_plan.fact_id == 2


def test_a_plan_made_on_the_asked_day_is_pending_that_day() -> None:
    assert anchor(WITH_PLAN, date(2024, 4, 18)).pending_plan.fact_id == 2


def test_a_plan_after_the_current_state_is_pending_now() -> None:
    assert anchor(WITH_PLAN).pending_plan.fact_id == 2


def test_the_current_state_read_now_is_in_force() -> None:
    assert anchor(WITH_PLAN).in_force is True


def test_a_chain_of_only_a_plan_is_in_force() -> None:
    assert anchor(WITH_PLAN[1:]).in_force is True


def test_the_first_record_supersedes_nothing() -> None:
    assert anchor(WITH_PLAN, FEB).relation is None


def test_a_single_state_of_unknown_date_is_the_current_one() -> None:
    assert anchor([rec(1, None)]).member.fact_id == 1


def test_a_later_record_of_unknown_date_is_noted_when_reading_now() -> None:
    assert anchor([rec(1, JAN), rec(2, None)]).notes == (
        "a later record of unknown date exists (fact 2)",
    )


def test_of_several_later_undated_records_only_the_last_is_noted_now() -> None:
    assert anchor([rec(1, JAN), rec(2, None), rec(3, None)]).notes == (
        "a later record of unknown date exists (fact 3)",
    )


def test_of_several_later_undated_records_only_the_last_is_noted_at_a_date() -> None:
    assert anchor([rec(1, JAN), rec(2, None), rec(3, None)], FEB).notes == (
        "a later record of unknown date exists (fact 3)",
    )


def test_a_later_undated_record_is_not_a_pending_plan() -> None:
    assert anchor([rec(1, JAN), rec(2, None)]).pending_plan is None


def test_an_undated_record_before_the_current_state_is_not_noted_now() -> None:
    assert anchor([rec(1, None), rec(2, JAN)]).notes == ()


def test_an_undated_record_before_the_state_at_a_date_is_not_noted() -> None:
    assert anchor([rec(1, None), rec(2, JAN)], FEB).notes == ()


def test_states_of_unknown_date_are_in_force_at_no_date() -> None:
    assert anchor([rec(1, None), rec(2, None)], FEB).notes == (
        "no record in force on 2024-02-01; showing the current record",
    )


def test_a_chain_not_in_force_at_the_asked_date_reports_no_pending_plan() -> None:
    chain = [rec(1, None), rec(2, JAN, "planned")]
    assert anchor(chain, FEB).pending_plan is None


def test_a_chain_whose_every_record_was_refuted_has_no_anchor() -> None:
    assert anchor([rec(1, JAN, verification="refuted")]).member is None


def test_of_two_late_reports_the_last_reported_is_noted() -> None:
    chain = [rec(1, FEB), rec(2, date(2023, 5, 1)), rec(3, date(2023, 8, 1))]
    assert anchor(chain).notes == (
        "reported late: event 2023-08-01 (fact 3) precedes current record of 2024-02-01 (fact 1)",
    )


def test_a_late_report_before_an_undated_current_record_names_its_date_unknown() -> None:
    chain = [
        rec(1, date(2024, 3, 20), said_on=MAR),
        rec(2, None),
        rec(3, date(2024, 3, 10), said_on=MAR),
    ]
    assert anchor(chain).notes == (
        "reported late: event 2024-03-10 (fact 3) precedes current record of unknown date (fact 2)",
    )


def test_the_latest_reading_read_now_is_in_force() -> None:
    assert anchor([reading(1, JAN), reading(2, FEB)]).in_force is True


def test_of_readings_told_without_dates_the_last_is_current() -> None:
    assert anchor([reading(1, None), reading(2, None), reading(3, None)]).member.fact_id == 3


def test_readings_told_without_dates_are_in_force_now() -> None:
    assert anchor([reading(1, None), reading(2, None)]).in_force is True


def test_readings_all_refuted_give_no_anchor() -> None:
    assert anchor([reading(1, None, verification="refuted")]).member is None


def test_no_reading_before_the_asked_date_is_explained_in_a_note() -> None:
    assert anchor([reading(1, FEB)], JAN).notes == ("no measurement on or before 2024-01-10",)
