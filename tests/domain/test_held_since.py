"""Since when the current state has held (domain.held): the first record of the run
of records with the current status and dose, whatever the wording of the dose."""

from __future__ import annotations

from memory.domain.held import HeldRecord, run_start, same_amount

MED = "medication_status"


def rec(key: int, status: str = "active", **slots: object) -> HeldRecord:
    return HeldRecord(key, MED, status, "present", slots)


def test_a_bare_number_repeats_the_dose_with_its_unit() -> None:
    chain = [
        rec(1, "dose_changed", value=160, unit="mg"),
        rec(2, value=160),
        rec(3, value=160, unit="mg"),
    ]
    assert run_start(chain, 3).key == 1


def test_a_chinese_unit_is_the_same_unit() -> None:
    assert same_amount({"value": 160, "unit": "毫克"}, {"value": 160, "unit": "mg"})


def test_every_morning_is_once_daily() -> None:
    chain = [rec(1, value=160, unit="mg", frequency="once daily"),
             rec(2, value=160, unit="mg", frequency="every morning")]  # fmt: skip
    assert run_start(chain, 2).key == 1


def test_twice_daily_is_another_dose_than_once_daily() -> None:
    chain = [rec(1, value=500, unit="mg", frequency="once daily"),
             rec(2, value=500, unit="mg", frequency="twice daily")]  # fmt: skip
    assert run_start(chain, 2).key == 2


def test_a_new_amount_starts_its_own_run() -> None:
    chain = [rec(1, value=80, unit="mg"), rec(2, "dose_changed", value=160, unit="mg")]
    assert run_start(chain, 2).key == 2


def test_a_mention_without_a_dose_neither_starts_nor_ends_the_run() -> None:
    chain = [rec(1, "dose_changed", value=160, unit="mg"), rec(2), rec(3, value=160, unit="mg")]
    assert run_start(chain, 3).key == 1


def test_a_current_record_without_a_dose_continues_the_dose_before_it() -> None:
    chain = [rec(1, value=80, unit="mg"), rec(2, "dose_changed", value=160, unit="mg"), rec(3)]
    assert run_start(chain, 3).key == 2


def test_an_unstated_dose_change_carries_no_earlier_dose() -> None:
    chain = [rec(1, value=10, unit="mg"), rec(2, "dose_changed"), rec(3)]
    assert run_start(chain, 3).key == 3


def test_a_stop_is_not_the_dose_it_ended() -> None:
    chain = [rec(1, value=400, unit="mg"), rec(2, "stopped")]
    assert run_start(chain, 2).key == 2


def test_a_refuted_record_is_skipped_not_a_break() -> None:
    refuted = HeldRecord(2, MED, "active", "present", {"value": 40, "unit": "mg"}, in_force=False)
    chain = [rec(1, value=20, unit="mg"), refuted, rec(3, value=20, unit="mg")]
    assert run_start(chain, 3).key == 1


def test_a_diagnosis_restated_has_held_since_it_was_made() -> None:
    chain = [HeldRecord(1, "condition", "confirmed", "present"),
             HeldRecord(2, "condition", "improved", "present")]  # fmt: skip
    assert run_start(chain, 2).key == 1


def test_an_unknown_current_record_has_no_start() -> None:
    assert run_start([rec(1, value=5, unit="mg")], 9) is None
