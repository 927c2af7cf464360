"""Anchor / current record per Table 1, §6.4 and §8, on the paper's Figure 2
examples (valsartan chain, six-minute walk, NT-proBNP)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from memory.domain.anchors import anchor
from memory.domain.chains import ChainMember, NotChainedError

MED = "medication_status"


def member(
    fact_id: int,
    content: str,
    day: date | None,
    status: str | None = "active",
    fact_type: str = MED,
    position: int | None = None,
    verification: str = "unconfirmed",
) -> ChainMember:
    return ChainMember(
        fact_id=fact_id,
        fact_type=fact_type,
        status=status,
        content=content,
        event_date=day,
        session_date=day,
        position=fact_id - 1 if position is None else position,
        verification=verification,
    )


# Figure 2: Jan 12 80 mg daily; Apr 18 plan to raise; Jun 2 raised slightly;
# Jul 6 raised, continue; Sep 21 recently raised.
VALSARTAN = [
    member(1, "valsartan 80 mg daily", date(2024, 1, 12)),
    member(2, "plan to raise valsartan", date(2024, 4, 18), "planned"),
    member(3, "valsartan raised slightly", date(2024, 6, 2), "dose_changed"),
    member(4, "valsartan raised, continue", date(2024, 7, 6), "active"),
]


def walk(fact_id: int, metres: int, day: date, position: int | None = None) -> ChainMember:
    return member(fact_id, f"six-minute walk {metres} m", day, None, "vital", position)


SIX_MINUTE_WALK = [
    walk(1, 380, date(2024, 1, 10)),
    walk(2, 400, date(2024, 3, 10)),
    walk(3, 420, date(2024, 5, 10)),
    walk(4, 410, date(2024, 7, 10)),
]


def test_current_medication_state_is_the_chain_tail() -> None:
    assert anchor(VALSARTAN).member.fact_id == 4


def test_state_on_jun_3_is_the_jun_2_raise() -> None:
    assert anchor(VALSARTAN, date(2024, 6, 3)).member.fact_id == 3


def test_relation_of_jun_2_raise_is_the_plan_it_supersedes() -> None:
    assert anchor(VALSARTAN, date(2024, 6, 3)).relation.fact_id == 2


def test_old_dose_applies_until_the_raise_date() -> None:
    assert anchor(VALSARTAN, date(2024, 6, 1)).member.fact_id == 1


def test_new_dose_applies_from_the_raise_date() -> None:
    assert anchor(VALSARTAN, date(2024, 6, 2)).member.fact_id == 3


def test_plan_is_never_the_state_in_force() -> None:
    assert anchor(VALSARTAN, date(2024, 5, 1)).member.fact_id == 1


def test_pending_plan_is_reported_beside_the_state_in_force() -> None:
    assert anchor(VALSARTAN, date(2024, 5, 1)).pending_plan.fact_id == 2


def test_carried_out_plan_is_no_longer_pending() -> None:
    assert anchor(VALSARTAN, date(2024, 6, 3)).pending_plan is None


def test_plan_made_after_the_asked_date_is_not_pending_then() -> None:
    assert anchor(VALSARTAN, date(2024, 3, 1)).pending_plan is None


def test_chain_of_only_a_plan_is_anchored_on_the_plan() -> None:
    plan = member(1, "plan to start metformin", date(2024, 4, 18), "planned")
    assert anchor([plan]).member.fact_id == 1


def test_date_before_first_record_shows_tail_not_in_force() -> None:
    result = anchor(VALSARTAN, date(2023, 1, 1))
    assert (result.member.fact_id, result.in_force) == (4, False)


def test_date_before_first_record_is_explained_in_a_note() -> None:
    assert anchor(VALSARTAN, date(2023, 1, 1)).notes == (
        "no record in force on 2023-01-01; the first starts 2024-01-12; showing the current record",
    )


def test_stopped_drug_is_the_current_state() -> None:
    chain = [*VALSARTAN, member(5, "valsartan stopped", date(2024, 9, 21), "stopped")]
    assert anchor(chain).member.status == "stopped"


def test_refuted_tail_is_never_current() -> None:
    chain = [*VALSARTAN, member(5, "valsartan 320 mg", date(2024, 9, 21), verification="refuted")]
    assert anchor(chain).member.fact_id == 4


def test_entered_in_error_record_never_anchors_its_date() -> None:
    wrong = member(5, "valsartan 320 mg", date(2024, 8, 1), verification="entered_in_error")
    assert anchor([*VALSARTAN, wrong], date(2024, 8, 2)).member.fact_id == 4


def test_friend_chain_is_anchored_on_its_own_records() -> None:
    friend = [
        member(11, "friend takes valsartan 80 mg, mornings", None),
        member(12, "friend raised valsartan 80 → 160 mg", None, "dose_changed"),
    ]
    assert anchor(friend).member.fact_id == 12


# --- §8 late reports -----------------------------------------------------------


LATE_CHAIN = [
    member(1, "valsartan 80 mg daily", date(2024, 2, 1)),
    member(2, "started valsartan 40 mg", date(2023, 5, 1)),
]


def test_late_report_of_earlier_event_is_not_current() -> None:
    assert anchor(LATE_CHAIN).member.fact_id == 1


def test_late_report_is_the_relation_of_the_current_record() -> None:
    assert anchor(LATE_CHAIN).relation.fact_id == 2


def test_reordered_current_decision_carries_a_note() -> None:
    assert anchor(LATE_CHAIN).notes == (
        "reported late: event 2023-05-01 (fact 2) precedes current record of 2024-02-01 (fact 1)",
    )


def test_a_late_report_told_by_year_is_noted_by_year() -> None:
    told = replace(member(2, "started valsartan in 2023", date(2023, 1, 1)), date_precision="year")
    assert anchor([LATE_CHAIN[0], told]).notes == (
        "reported late: event 2023 (fact 2) precedes current record of 2024-02-01 (fact 1)",
    )


def test_late_report_applies_at_its_own_date() -> None:
    assert anchor(LATE_CHAIN, date(2023, 6, 1)).member.fact_id == 2


def test_in_order_chain_has_no_notes() -> None:
    assert anchor(VALSARTAN).notes == ()


def test_undated_later_record_is_flagged_when_reading_a_date() -> None:
    chain = [*VALSARTAN, member(5, "valsartan 40 mg", None, "dose_changed")]
    assert anchor(chain, date(2024, 8, 1)).notes == (
        "a later record of unknown date exists (fact 5)",
    )


def test_undated_late_report_never_displaces_the_dated_current_state() -> None:
    chain = [*VALSARTAN, member(5, "valsartan 40 mg", None, "dose_changed")]
    assert anchor(chain).member.fact_id == 4


# --- measurements -----------------------------------------------------------------


def test_latest_walk_is_410_by_date() -> None:
    assert anchor(SIX_MINUTE_WALK).member.content == "six-minute walk 410 m"


def test_walk_at_an_earlier_date_is_the_reading_then() -> None:
    assert anchor(SIX_MINUTE_WALK, date(2024, 6, 1)).member.content == "six-minute walk 420 m"


def test_walk_relation_is_the_previous_reading() -> None:
    assert anchor(SIX_MINUTE_WALK, date(2024, 6, 1)).relation.content == "six-minute walk 400 m"


def test_late_entered_older_reading_is_not_latest() -> None:
    chain = [walk(1, 420, date(2024, 5, 10)), walk(2, 380, date(2024, 1, 10))]
    assert anchor(chain).member.content == "six-minute walk 420 m"


def test_same_day_readings_prefer_the_later_inserted() -> None:
    chain = [walk(1, 400, date(2024, 5, 10)), walk(2, 405, date(2024, 5, 10))]
    assert anchor(chain).member.fact_id == 2


def test_no_reading_before_the_asked_date_gives_no_anchor() -> None:
    assert anchor(SIX_MINUTE_WALK, date(2023, 12, 31)).member is None


def test_reading_on_the_asked_day_counts() -> None:
    assert anchor(SIX_MINUTE_WALK, date(2024, 3, 10)).member.fact_id == 2


@pytest.mark.parametrize(
    ("day", "expected"),
    [(date(2024, 4, 1), 1200), (date(2024, 6, 1), 1050), (date(2025, 1, 1), 870)],
)
def test_nt_probnp_reads_the_value_valid_at_each_date(day: date, expected: int) -> None:
    chain = [
        member(1, "NT-proBNP 1200 pg/ml", date(2024, 3, 21), None, "lab_result"),
        member(2, "NT-proBNP ≈1050 pg/ml", date(2024, 5, 23), None, "lab_result"),
        member(3, "NT-proBNP ≈1000 pg/ml", date(2024, 7, 20), None, "lab_result"),
        member(4, "NT-proBNP 870-900 pg/ml", date(2024, 11, 25), None, "lab_result"),
    ]
    assert str(expected) in anchor(chain, day).member.content


def test_empty_chain_has_no_anchor() -> None:
    assert anchor([]).member is None


def test_symptom_records_have_no_anchor() -> None:
    with pytest.raises(NotChainedError):
        anchor([member(1, "headache", date(2024, 1, 1), None, "symptom")])
