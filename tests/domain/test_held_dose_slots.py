"""Since when a state has held, read through every slot name a dose is stored under
("value"/"unit" or "dose_value"/"dose_unit") and every frequency form (from the
mutation pass over domain.held)."""

from __future__ import annotations

from memory.domain.held import HeldRecord, run_start, same_amount

MED = "medication_status"


def rec(key: int, status: str = "active", **slots: object) -> HeldRecord:
    return HeldRecord(key, MED, status, "present", slots)


def diagnosis(key: int, status: str) -> HeldRecord:
    return HeldRecord(key, "condition", status, "present")


def test_the_same_amount_in_milligrams_and_in_grams_is_not_the_same_dose() -> None:
    assert same_amount({"value": 160, "unit": "mg"}, {"value": 160, "unit": "g"}) is False


def test_a_dose_unit_slot_tells_two_doses_apart() -> None:
    first = {"dose_value": 2, "dose_unit": "mg"}
    assert same_amount(first, {"dose_value": 2, "dose_unit": "g"}) is False


def test_a_dose_value_slot_on_the_first_record_is_its_amount() -> None:
    assert same_amount({"dose_value": 160}, {"value": 80}) is False


def test_a_dose_value_slot_on_the_second_record_is_its_amount() -> None:
    assert same_amount({"value": 80}, {"dose_value": 160}) is False


def test_a_record_with_no_amount_neither_matches_nor_differs() -> None:
    assert same_amount({"value": 5, "unit": "mg"}, {}) is None


def test_a_first_dose_without_a_frequency_repeats_one_with_it() -> None:
    assert same_amount({"value": 5}, {"value": 5, "frequency": "once daily"}) is True


def test_a_second_dose_without_a_frequency_repeats_one_with_it() -> None:
    assert same_amount({"value": 5, "frequency": "once daily"}, {"value": 5}) is True


def test_an_unusual_schedule_said_twice_in_other_case_is_the_same() -> None:
    same = same_amount(
        {"value": 5, "frequency": "after lunch"}, {"value": 5, "frequency": "After lunch "}
    )
    assert same is True


def test_a_repeated_dose_stored_as_dose_value_extends_the_run() -> None:
    chain = [rec(1, dose_value=160, dose_unit="mg"), rec(2, dose_value=160, dose_unit="mg")]
    assert run_start(chain, 2).key == 1


def test_a_dose_change_told_without_a_dose_does_not_end_a_known_dose() -> None:
    chain = [rec(1, value=160, unit="mg"), rec(2, "dose_changed"), rec(3, value=160, unit="mg")]
    assert run_start(chain, 3).key == 1


def test_the_run_is_measured_against_the_current_dose_not_a_looser_repeat() -> None:
    chain = [
        rec(1, value=500, unit="mg", frequency="once daily"),
        rec(2, value=500, unit="mg"),
        rec(3, value=500, unit="mg", frequency="twice daily"),
    ]
    assert run_start(chain, 3).key == 2


def test_a_diagnosis_better_then_worse_has_held_since_it_was_made() -> None:
    chain = [diagnosis(1, "confirmed"), diagnosis(2, "improved"), diagnosis(3, "worsened")]
    assert run_start(chain, 3).key == 1


def test_a_resolved_diagnosis_holds_only_since_its_resolution() -> None:
    chain = [diagnosis(1, "confirmed"), diagnosis(2, "resolved")]
    assert run_start(chain, 2).key == 2
