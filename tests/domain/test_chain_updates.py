"""Chain keys, appends, supersedes edges and validity intervals (paper §4.1,
Table 1; docs/design.md §4, §8). Dates follow the paper's Figure 2 valsartan chain."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from itertools import pairwise

import pytest

from memory.domain.chains import (
    NEW_RECORD_ID,
    ChainMember,
    NewRecord,
    NotChainedError,
    effective_order,
    plan_chain_update,
    recompute_chain,
)

MED = "medication_status"


def member(
    fact_id: int,
    content: str,
    day: date | None,
    status: str | None = "active",
    fact_type: str = MED,
    position: int | None = None,
    **extra: object,
) -> ChainMember:
    """A stored member whose validity starts at its date (as the writer left it)."""
    extra.setdefault("valid_from", day)
    return ChainMember(
        fact_id=fact_id,
        fact_type=fact_type,
        status=status,
        content=content,
        event_date=day,
        session_date=day,
        position=fact_id - 1 if position is None else position,
        **extra,  # type: ignore[arg-type]
    )


def new(
    content: str, day: date | None, status: str | None = "active", fact_type: str = MED
) -> NewRecord:
    return NewRecord(fact_type, status, content, day, day)


VALSARTAN_80 = member(1, "valsartan 80 mg daily", date(2024, 1, 12))
RAISE_160 = new("valsartan raised from 80 mg to 160 mg", date(2024, 6, 2), "dose_changed")


def by_id(updates: list) -> dict:
    return {u.fact_id: u for u in updates}


@pytest.mark.parametrize("fact_type", ["symptom", "event", "preference", "safety"])
def test_planning_refuses_unchained_types(fact_type: str) -> None:
    with pytest.raises(NotChainedError):
        plan_chain_update([], new("penicillin allergy", date(2024, 1, 1), None, fact_type))


def test_planning_refuses_a_record_of_another_type() -> None:
    with pytest.raises(ValueError):
        plan_chain_update([VALSARTAN_80], new("valsartan", date(2024, 2, 1), None, "condition"))


# --- repeats ----------------------------------------------------------------


def test_still_taking_same_dose_is_a_repeat_of_the_tail() -> None:
    update = plan_chain_update(
        [VALSARTAN_80], new("still taking valsartan 80 mg", date(2024, 3, 1))
    )
    assert (update.kind, update.target_fact_id) == ("repeat", 1)


def test_repeat_counts_one_more_mention() -> None:
    update = plan_chain_update([VALSARTAN_80], new("still on valsartan 80 mg", date(2024, 3, 1)))
    assert update.mention_count == 2


def test_repeat_moves_last_mentioned_to_the_new_session() -> None:
    update = plan_chain_update([VALSARTAN_80], new("still on valsartan 80 mg", date(2024, 3, 1)))
    assert update.last_mentioned == date(2024, 3, 1)


def test_repeat_from_an_older_session_keeps_the_later_last_mention() -> None:
    tail = replace(VALSARTAN_80, last_mentioned=date(2024, 5, 1))
    update = plan_chain_update([tail], new("on valsartan 80 mg", date(2024, 3, 1)))
    assert update.last_mentioned == date(2024, 5, 1)


def test_refuted_tail_is_not_a_repeat_target() -> None:
    wrong = member(2, "valsartan 160 mg", date(2024, 2, 1), verification="entered_in_error")
    update = plan_chain_update([VALSARTAN_80, wrong], new("valsartan 160 mg", date(2024, 3, 1)))
    assert update.kind == "append"


# --- appends ----------------------------------------------------------------


def test_first_record_starts_a_chain_without_edge() -> None:
    update = plan_chain_update([], new("valsartan 80 mg daily", date(2024, 1, 12)))
    assert (update.kind, update.position, update.supersedes) == ("append", 0, None)


def test_newer_dose_supersedes_older() -> None:
    update = plan_chain_update([VALSARTAN_80], RAISE_160)
    assert update.supersedes == 1


def test_raise_ends_validity_of_previous_dose_at_raise_date() -> None:
    update = plan_chain_update([VALSARTAN_80], RAISE_160)
    assert by_id(update.member_updates)[1].valid_to == date(2024, 6, 2)


def test_new_state_is_valid_from_its_event_date_and_open() -> None:
    update = plan_chain_update([VALSARTAN_80], RAISE_160)
    assert (update.valid_from, update.valid_to) == (date(2024, 6, 2), None)


def test_missing_event_date_falls_back_to_session_date() -> None:
    record = NewRecord(MED, "stopped", "stopped valsartan", None, date(2024, 9, 1))
    update = plan_chain_update([VALSARTAN_80], record)
    assert by_id(update.member_updates)[1].valid_to == date(2024, 9, 1)


def test_new_record_position_follows_the_last_member() -> None:
    update = plan_chain_update([VALSARTAN_80], RAISE_160)
    assert update.position == 1


def test_new_lab_value_never_invalidates_the_older_one() -> None:
    older = member(1, "NT-proBNP 1200 pg/ml", date(2024, 3, 21), None, "lab_result")
    update = plan_chain_update(
        [older], new("NT-proBNP 870 pg/ml", date(2024, 11, 25), None, "lab_result")
    )
    assert update.member_updates == ()


def test_new_lab_value_supersedes_the_previous_reading() -> None:
    older = member(1, "NT-proBNP 1200 pg/ml", date(2024, 3, 21), None, "lab_result")
    update = plan_chain_update(
        [older], new("NT-proBNP 870 pg/ml", date(2024, 11, 25), None, "lab_result")
    )
    assert update.supersedes == 1


# --- plans ------------------------------------------------------------------


def test_plan_does_not_end_the_current_dose() -> None:
    plan = new("plan to raise valsartan to 160 mg", date(2024, 4, 18), "planned")
    update = plan_chain_update([VALSARTAN_80], plan)
    assert 1 not in by_id(update.member_updates)


def test_plan_still_joins_the_supersedes_sequence() -> None:
    plan = new("plan to raise valsartan to 160 mg", date(2024, 4, 18), "planned")
    assert plan_chain_update([VALSARTAN_80], plan).supersedes == 1


def test_carried_out_plan_ends_the_old_dose_at_the_change() -> None:
    plan = member(2, "plan to raise valsartan to 160 mg", date(2024, 4, 18), "planned")
    update = plan_chain_update([VALSARTAN_80, plan], RAISE_160)
    assert by_id(update.member_updates)[1].valid_to == date(2024, 6, 2)


def test_carried_out_plan_closes_its_pending_window() -> None:
    plan = member(2, "plan to raise valsartan to 160 mg", date(2024, 4, 18), "planned")
    update = plan_chain_update([VALSARTAN_80, plan], RAISE_160)
    assert by_id(update.member_updates)[2].valid_to == date(2024, 6, 2)


def test_plan_with_future_target_date_is_placed_at_its_session() -> None:
    plan = ChainMember(
        2, MED, "planned", "raise to 160 mg on 2024-08-01", date(2024, 8, 1), date(2024, 4, 18), 1
    )
    raise_ = member(3, "raised to 160 mg", date(2024, 6, 2), "dose_changed")
    assert [m.fact_id for m in effective_order([VALSARTAN_80, plan, raise_])] == [1, 2, 3]


# --- §8 late reports ----------------------------------------------------------

LATE = new("started valsartan 40 mg", date(2023, 5, 1))
CURRENT = member(1, "valsartan 80 mg daily", date(2024, 2, 1))


def test_late_report_of_earlier_event_gets_a_note() -> None:
    note = plan_chain_update([CURRENT], LATE).note
    assert note == "reported late: event 2023-05-01 precedes current record of 2024-02-01 (fact 1)"


def test_late_report_does_not_supersede_the_later_record() -> None:
    assert plan_chain_update([CURRENT], LATE).supersedes is None


def test_later_record_supersedes_the_late_report() -> None:
    updates = plan_chain_update([CURRENT], LATE).member_updates
    assert [u.fact_id for u in updates if u.supersedes == NEW_RECORD_ID] == [1]


def test_late_report_validity_ends_where_the_later_record_starts() -> None:
    assert plan_chain_update([CURRENT], LATE).valid_to == date(2024, 2, 1)


def test_late_report_leaves_the_current_interval_untouched() -> None:
    updates = by_id(plan_chain_update([CURRENT], LATE).member_updates)
    assert (updates[1].valid_from, updates[1].valid_to) == (date(2024, 2, 1), None)


def test_in_time_append_has_no_late_note() -> None:
    assert plan_chain_update([VALSARTAN_80], RAISE_160).note == ""


def test_late_report_between_two_states_keeps_intervals_ordered_and_disjoint() -> None:
    chain = [
        member(1, "valsartan 40 mg", date(2023, 1, 1)),
        member(2, "valsartan 160 mg", date(2024, 6, 2), "dose_changed"),
        member(3, "valsartan 80 mg", date(2024, 1, 12), "dose_changed"),
    ]
    spans = [(u.valid_from, u.valid_to) for u in recompute_chain(chain)]
    ordered = sorted(spans, key=lambda s: s[0])
    assert all(a[1] == b[0] for a, b in pairwise(ordered))


# --- recompute ------------------------------------------------------------------


def test_recompute_renumbers_positions_after_a_member_moved_out() -> None:
    chain = [VALSARTAN_80, member(3, "valsartan 160 mg", date(2024, 6, 2), "dose_changed")]
    assert [u.position for u in recompute_chain(chain)] == [0, 1]


def test_recompute_relinks_across_a_removed_member() -> None:
    chain = [VALSARTAN_80, member(3, "valsartan 160 mg", date(2024, 6, 2), "dose_changed")]
    assert by_id(recompute_chain(chain))[3].supersedes == 1


def test_refuted_member_keeps_its_position() -> None:
    wrong = member(2, "valsartan 320 mg", date(2024, 3, 1), "dose_changed", verification="refuted")
    chain = [VALSARTAN_80, wrong, member(3, "valsartan 160 mg", date(2024, 6, 2), "dose_changed")]
    assert by_id(recompute_chain(chain))[2].position == 1


def test_refuted_member_is_skipped_by_supersedes_edges() -> None:
    wrong = member(2, "valsartan 320 mg", date(2024, 3, 1), "dose_changed", verification="refuted")
    chain = [VALSARTAN_80, wrong, member(3, "valsartan 160 mg", date(2024, 6, 2), "dose_changed")]
    assert by_id(recompute_chain(chain))[3].supersedes == 1


def test_refuted_member_no_longer_ends_the_previous_state() -> None:
    wrong = member(2, "valsartan 320 mg", date(2024, 3, 1), "dose_changed", verification="refuted")
    chain = [VALSARTAN_80, wrong, member(3, "valsartan 160 mg", date(2024, 6, 2), "dose_changed")]
    assert by_id(recompute_chain(chain))[1].valid_to == date(2024, 6, 2)


def test_entered_in_error_member_has_an_empty_interval() -> None:
    wrong = member(2, "valsartan 320 mg", date(2024, 3, 1), verification="entered_in_error")
    update = by_id(recompute_chain([VALSARTAN_80, wrong]))[2]
    assert update.valid_from == update.valid_to


def test_recompute_is_independent_of_input_order() -> None:
    chain = [VALSARTAN_80, member(2, "valsartan 160 mg", date(2024, 6, 2), "dose_changed")]
    assert recompute_chain(chain) == recompute_chain(list(reversed(chain)))


def test_recompute_does_not_mutate_its_input() -> None:
    chain = [VALSARTAN_80, member(2, "valsartan 160 mg", date(2024, 6, 2), "dose_changed")]
    before = list(chain)
    recompute_chain(chain)
    assert chain == before


def test_same_day_change_leaves_earlier_record_an_empty_interval() -> None:
    chain = [VALSARTAN_80, member(2, "valsartan 160 mg", date(2024, 1, 12), "dose_changed")]
    assert by_id(recompute_chain(chain))[1].valid_to == date(2024, 1, 12)


def test_undated_record_stays_in_insertion_place() -> None:
    chain = [VALSARTAN_80, member(2, "valsartan 160 mg", None, "dose_changed")]
    assert [m.fact_id for m in effective_order(chain)] == [1, 2]


def test_new_record_sentinel_is_not_a_database_id() -> None:
    assert NEW_RECORD_ID < 1


def _build(records: list[NewRecord]) -> list[ChainMember]:
    """Feed records through plan_chain_update as the writer would."""
    chain: list[ChainMember] = []
    for fact_id, record in enumerate(records, start=1):
        update = plan_chain_update(chain, record)
        if update.kind == "append":
            chain.append(
                ChainMember(
                    fact_id,
                    record.fact_type,
                    record.status,
                    record.content,
                    record.event_date,
                    record.session_date,
                    update.position or 0,
                    update.valid_from,
                    update.valid_to,
                )
            )
    return chain


def test_six_minute_walks_380_400_420_410_are_all_kept() -> None:
    days = [date(2024, 1, 10), date(2024, 3, 10), date(2024, 5, 10), date(2024, 7, 10)]
    walks = [
        new(f"six-minute walk {m} m", d, None, "vital")
        for m, d in zip([380, 400, 420, 410], days, strict=True)
    ]
    assert len(_build(walks)) == 4


def test_nt_probnp_values_all_stay_valid() -> None:
    values = [(1200, date(2024, 3, 21)), (1050, date(2024, 5, 23)), (870, date(2024, 11, 25))]
    chain = _build([new(f"NT-proBNP {v} pg/ml", d, None, "lab_result") for v, d in values])
    assert [u.valid_to for u in recompute_chain(chain)] == [None, None, None]


def test_restated_lab_value_does_not_become_a_new_measurement() -> None:
    # Paper §6 failure case: a later session restates the old value.
    chain = _build(
        [
            new("NT-proBNP 1200 pg/ml", date(2024, 3, 21), None, "lab_result"),
            NewRecord(
                "lab_result",
                None,
                "NT-proBNP was 1,200 pg/ml in March",
                date(2024, 3, 1),
                date(2024, 6, 1),
            ),
        ]
    )
    assert len(chain) == 1
