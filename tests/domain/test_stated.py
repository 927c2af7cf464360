"""What a fact states, from its slots (memory.domain.stated)."""

from __future__ import annotations

import pytest

from memory.domain.stated import (
    SlotEditError,
    columns,
    edit_slots,
    pressure_changes,
    quantity,
    reconciled,
    stated_quantity,
)

DOSE = {"value": 79, "unit": "mg", "frequency": "twice daily", "route": "oral"}
PRESSURE = {"systolic": 150, "diastolic": 95, "unit": "mmHg"}


def test_a_dose_edit_changes_the_number_and_keeps_frequency_and_route():
    assert edit_slots(DOSE, {"value": "500"}) == {**DOSE, "value": 500}


def test_a_dose_that_is_not_a_number_is_refused():
    with pytest.raises(SlotEditError, match="value"):
        edit_slots(DOSE, {"value": "five hundred"})


def test_a_lab_result_may_be_a_word():
    assert edit_slots({"value": 1}, {"value": "positive"}, word_value=True)["value"] == "positive"


def test_a_blood_pressure_keeps_both_numbers_or_neither():
    with pytest.raises(SlotEditError, match="diastolic"):
        edit_slots(PRESSURE, {"diastolic": ""})


def test_an_empty_input_clears_the_slot():
    assert "route" not in edit_slots(DOSE, {"route": ""})


def test_a_pressure_given_as_one_value_is_its_two_numbers():
    assert pressure_changes(PRESSURE, {"value": "132/84"}) == {"systolic": "132", "diastolic": "84"}


def test_a_single_value_on_a_dose_stays_a_value():
    assert pressure_changes(DOSE, {"value": "132/84"}) == {"value": "132/84"}


def test_the_columns_are_derived_from_the_slots():
    assert columns("vital", PRESSURE, "", "") == ("150/95", "mmHg")


def test_a_symptom_keeps_its_course_column():
    assert columns("symptom", {}, "relief", "") == ("relief", "")


class _Fact:
    def __init__(self, slots: dict, value: str, unit: str) -> None:
        self.slots, self.value, self.unit, self.fact_type = slots, value, unit, "lab_result"


def test_the_stated_quantity_comes_from_the_slots_not_the_columns():
    assert stated_quantity(_Fact({"value": 5.6, "unit": "mmol/L"}, "3.4", "mmol/L")) == (
        "5.6", "mmol/L",
    )  # fmt: skip


def test_a_fact_without_slots_states_its_columns():
    assert stated_quantity(_Fact({}, "3.4", "mmol/L")) == ("3.4", "mmol/L")


def test_a_corrected_fact_whose_columns_disagree_gets_the_columns_number():
    slots = reconciled("medication_status", DOSE, "500", "mg")
    assert (quantity(slots), slots["frequency"]) == (("500", "mg"), "twice daily")


def test_a_fact_whose_columns_agree_keeps_its_slots():
    assert reconciled("medication_status", DOSE, "79", "mg") == DOSE
