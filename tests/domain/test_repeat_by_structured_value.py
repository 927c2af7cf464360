"""A repeated mention decided by the structured value and unit (paper §4.1 "Chains and
repeated mentions"): when either record has a value, the value and unit decide, not the
numerals of the wording; without values an extractor-flagged change is never a repeat."""

from __future__ import annotations

from datetime import date

from memory.domain.chains import ChainMember, NewRecord, is_repeated_mention, repeats

MAY, JUL = date(2025, 5, 6), date(2025, 7, 8)


def test_same_value_and_unit_is_a_repeat_whatever_the_wording() -> None:
    assert is_repeated_mention(
        "amlodipine 5 mg, 30 tablets", "active", "amlodipine 5 mg", "active",
        new_value="5", new_unit="mg", tail_value="5", tail_unit="mg",
    )  # fmt: skip


def test_same_value_without_units_is_a_repeat() -> None:
    assert is_repeated_mention(
        "amlodipine 5", "active", "amlodipine 5", "active", new_value="5", tail_value="5"
    )


def test_same_value_in_another_unit_is_a_change() -> None:
    assert not is_repeated_mention(
        "amlodipine 5", "active", "amlodipine 5", "active",
        new_value="5", new_unit="mg", tail_value="5", tail_unit="g",
    )  # fmt: skip


def test_units_compare_without_case_or_spaces() -> None:
    assert is_repeated_mention(
        "amlodipine 5 mg", "active", "amlodipine 5 MG", "active",
        new_value="5", new_unit=" mg", tail_value="5", tail_unit="MG",
    )  # fmt: skip


def test_a_value_only_the_new_record_states_is_a_change() -> None:
    assert not is_repeated_mention(
        "amlodipine 5 mg", "active", "amlodipine 5 mg", "active", new_value="5", new_unit="mg"
    )


def test_a_value_only_the_tail_states_is_a_change() -> None:
    assert not is_repeated_mention(
        "amlodipine 5 mg", "active", "amlodipine 5 mg", "active", tail_value="5", tail_unit="mg"
    )


def test_a_wordy_value_compares_without_case() -> None:
    assert is_repeated_mention(
        "half a tablet", "active", "Half a tablet", "active",
        new_value="half a tablet", tail_value="Half a Tablet ",
    )  # fmt: skip


def test_another_wordy_value_is_a_change() -> None:
    assert not is_repeated_mention(
        "half a tablet", "active", "a whole tablet", "active",
        new_value="half a tablet", tail_value="a whole tablet",
    )  # fmt: skip


def test_a_flagged_change_without_values_is_never_a_repeat() -> None:
    assert not is_repeated_mention(
        "amlodipine 5 mg", "active", "amlodipine 5 mg", "active", state_change=True
    )


def test_equal_values_are_a_repeat_even_when_flagged_as_a_change() -> None:
    assert is_repeated_mention(
        "amlodipine 5 mg", "active", "amlodipine 5 mg", "active",
        new_value="5", new_unit="mg", tail_value="5", tail_unit="mg", state_change=True,
    )  # fmt: skip


# --- the same rules through repeats(), from the records' own fields ---------------


def stored(content: str, value: str = "", unit: str = "", **kw: object) -> ChainMember:
    return ChainMember(
        fact_id=1, fact_type="medication_status", status=kw.pop("status", "active"),
        content=content, event_date=None, session_date=MAY, position=0,
        value=value, unit=unit, **kw,  # type: ignore[arg-type]
    )  # fmt: skip


def said(content: str, value: str = "", unit: str = "", **kw: object) -> NewRecord:
    return NewRecord(
        "medication_status", kw.pop("status", "active"), content, None, JUL,
        value=value, unit=unit, **kw,  # type: ignore[arg-type]
    )  # fmt: skip


def test_a_record_with_the_same_value_and_unit_repeats_the_tail() -> None:
    before = stored("amlodipine 5 mg", "5", "mg")
    assert repeats(said("amlodipine 5 mg, box of 30", "5", "mg"), before)


def test_a_record_with_another_value_is_no_repeat_of_the_tail() -> None:
    before = stored("amlodipine 5 mg", "5", "mg")
    assert not repeats(said("amlodipine 5 mg", "10", "mg"), before)


def test_a_record_flagged_as_a_change_is_no_repeat_of_the_tail() -> None:
    before = stored("amlodipine 5 mg")
    assert not repeats(said("amlodipine 5 mg", is_state_change=True), before)


def test_a_flagged_change_without_a_dose_after_a_dosed_record_is_no_repeat() -> None:
    before = stored("amlodipine 5 mg", slots={"value": 5, "unit": "mg"})
    assert not repeats(said("amlodipine", is_state_change=True, slots={}), before)


def test_a_stop_that_states_a_dose_after_a_stop_without_one_is_no_repeat() -> None:
    before = stored("stopped the naproxen", status="stopped", slots={})
    again = said("stopped naproxen 250 mg", status="stopped", slots={"value": 250, "unit": "mg"})
    assert not repeats(again, before)


def test_an_empty_dose_slot_states_no_dose_so_a_stop_repeats_the_stop() -> None:
    before = stored("stopped the naproxen", status="stopped", slots={})
    again = said("stopped it 3 weeks ago", status="stopped", slots={"value": ""})
    assert repeats(again, before)
