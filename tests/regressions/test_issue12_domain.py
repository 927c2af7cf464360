"""Regressions of the silent-change findings that live in pure domain rules."""

from __future__ import annotations

from datetime import date

from memory.domain.anchors import anchor
from memory.domain.chains import ChainMember, fold_chain, is_repeated_mention

MED = "medication_status"


def rec(
    fact_id: int,
    content: str,
    day: date | None,
    status: str = "active",
    *,
    session: date | None = None,
    value: str = "",
    unit: str = "",
    fact_type: str = MED,
    state_change: bool = False,
) -> ChainMember:
    return ChainMember(
        fact_id=fact_id,
        fact_type=fact_type,
        status=status,
        content=content,
        event_date=day,
        session_date=session or day,
        position=fact_id - 1,
        value=value,
        unit=unit,
        is_state_change=state_change,
    )


# --- 2. repeated mentions compare structured fields ----------------------------


def test_dose_lowered_back_to_an_earlier_value_is_a_change_not_a_repeat() -> None:
    chain = [
        rec(1, "valsartan 80 mg", date(2024, 1, 10), value="80", unit="mg"),
        rec(2, "raised from 80 to 160 mg", date(2024, 6, 10), "dose_changed", value="160",
            unit="mg"),
        rec(3, "reduced back to 80 mg", date(2024, 9, 10), "dose_changed", value="80", unit="mg"),
    ]  # fmt: skip
    assert set(fold_chain(chain)) == {1, 2, 3}
    assert anchor(chain).member.content == "reduced back to 80 mg"


def test_flagged_state_change_without_values_is_never_folded() -> None:
    assert not is_repeated_mention(
        "reduced back to 80 mg", "dose_changed", "raised from 80 to 160 mg", "dose_changed",
        state_change=True,
    )  # fmt: skip


def test_lab_value_held_only_in_the_structured_field_is_not_folded() -> None:
    assert not is_repeated_mention(
        "HbA1c checked", None, "HbA1c checked", None, new_value="7.9", tail_value="6.8",
        new_unit="%", tail_unit="%",
    )  # fmt: skip


def test_same_structured_value_is_a_repeat_whatever_the_wording() -> None:
    assert is_repeated_mention(
        "still on it", "active", "valsartan 80 mg", "active", new_value="80.0", new_unit="MG",
        tail_value="80", tail_unit="mg",
    )  # fmt: skip


# --- 5. folding compares with the preceding record, not the newest ---------------


def test_reconstructed_january_record_is_not_folded_into_september() -> None:
    jan = rec(7, "valsartan 80 mg", date(2024, 1, 10), value="80", unit="mg")
    jun = rec(2, "raised to 160 mg", date(2024, 6, 10), "dose_changed", value="160", unit="mg")
    sep = rec(3, "back to 80 mg", date(2024, 9, 10), "dose_changed", value="80", unit="mg")
    assert fold_chain([jun, sep, jan]) == fold_chain([jan, jun, sep]) == {7: (), 2: (), 3: ()}


def test_later_identical_mention_folds_into_its_predecessor_in_any_order() -> None:
    jan = rec(1, "valsartan 80 mg", date(2024, 1, 10), value="80", unit="mg")
    feb = rec(9, "still valsartan 80 mg", date(2024, 2, 10), value="80", unit="mg")
    assert fold_chain([feb, jan]) == {1: (9,)}


# --- 7. anchoring respects event dates --------------------------------------------


WARFARIN = [
    rec(1, "warfarin 5 mg daily", date(2024, 1, 10)),
    rec(2, "stop warfarin 5 days before surgery next week", date(2024, 3, 12), "stopped",
        session=date(2024, 3, 1)),
]  # fmt: skip


def test_future_dated_stop_does_not_stop_the_drug_today() -> None:
    a = anchor(WARFARIN)
    assert a.member.fact_id == 1 and a.pending_plan.fact_id == 2


def test_future_dated_stop_applies_from_its_own_date() -> None:
    assert anchor(WARFARIN, date(2024, 3, 20)).member.fact_id == 2


def test_undated_late_report_does_not_become_current() -> None:
    chain = [
        rec(1, "metformin 500 mg", date(2024, 1, 10)),
        rec(2, "metformin 1000 mg", date(2024, 5, 10), "dose_changed"),
        rec(3, "I used to take metformin 250 mg", None, "dose_changed"),
    ]
    assert anchor(chain).member.fact_id == 2
