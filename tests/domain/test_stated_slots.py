"""What a fact states, at the edges of its slots (domain.stated): blood-pressure shapes,
columns without slots, a clinician's edits and their refusals, facts built by hand
(from the mutation pass)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from memory.domain.stated import (
    BLOOD_PRESSURE_FIELDS,
    MEDICATION_FIELDS,
    READING_FIELDS,
    SlotEditError,
    columns,
    edit_slots,
    is_blood_pressure,
    quantity,
    reconciled,
    slot_fields,
    slots_from_columns,
    slots_of,
    stated_quantity,
)

DOSE = {"value": 79, "unit": "mg", "frequency": "twice daily", "route": "oral"}
PRESSURE = {"systolic": 150, "diastolic": 95, "unit": "mmHg"}
GLUCOSE = {"value": 5.6, "unit": "mmol/L"}


def refusal(slots: dict, changes: dict) -> SlotEditError:
    with pytest.raises(SlotEditError) as caught:
        edit_slots(slots, changes)
    return caught.value


# --- blood pressure and slot fields -------------------------------------------------


def test_a_systolic_number_alone_is_no_blood_pressure() -> None:
    assert is_blood_pressure({"systolic": 150}) is False


def test_an_empty_systolic_is_no_blood_pressure() -> None:
    assert is_blood_pressure({"systolic": "", "diastolic": 95}) is False


def test_an_empty_diastolic_is_no_blood_pressure() -> None:
    assert is_blood_pressure({"systolic": 150, "diastolic": ""}) is False


def test_a_medication_is_corrected_by_dose_frequency_and_route() -> None:
    assert slot_fields("medication_status", DOSE) == MEDICATION_FIELDS


def test_a_blood_pressure_is_corrected_by_its_two_numbers() -> None:
    assert slot_fields("vital", PRESSURE) == BLOOD_PRESSURE_FIELDS


def test_a_single_vital_reading_is_corrected_by_value_and_unit() -> None:
    assert slot_fields("vital", {"value": 37.2, "unit": "°C"}) == READING_FIELDS


def test_a_lab_result_is_corrected_by_value_and_unit() -> None:
    assert slot_fields("lab_result", GLUCOSE) == READING_FIELDS


def test_a_symptom_has_no_slot_fields() -> None:
    assert slot_fields("symptom", {}) == ()


# --- slots from columns -------------------------------------------------------------


def test_a_symptoms_number_column_implies_no_slots() -> None:
    assert slots_from_columns("symptom", "5", "") == {}


def test_a_lab_value_column_implies_its_slots() -> None:
    assert slots_from_columns("lab_result", "5.6", "mmol/L") == GLUCOSE


def test_a_pressure_column_without_a_unit_is_in_mmhg() -> None:
    assert slots_from_columns("vital", "136/84", "") == {
        "systolic": 136,
        "diastolic": 84,
        "unit": "mmHg",
    }


def test_a_pressure_column_keeps_its_own_unit() -> None:
    assert slots_from_columns("vital", "18/12", "kPa")["unit"] == "kPa"


def test_a_single_vital_column_is_one_value() -> None:
    assert slots_from_columns("vital", "37.2", "°C") == {"value": 37.2, "unit": "°C"}


# --- quantity and columns -----------------------------------------------------------


def test_a_value_without_a_unit_states_no_unit() -> None:
    assert quantity({"value": 5}) == ("5", "")


def test_a_blood_pressure_without_a_unit_is_in_mmhg() -> None:
    assert quantity({"systolic": 150, "diastolic": 95}) == ("150/95", "mmHg")


def test_a_dose_without_a_unit_in_its_slots_has_columns_without_one() -> None:
    assert columns("medication_status", {"value": 500}, "400", "mg") == ("500", "")


def test_slots_stating_only_a_unit_give_no_number_column() -> None:
    assert columns("medication_status", {"unit": "mg"}, "500", "mg") == ("", "mg")


# --- edit_slots ---------------------------------------------------------------------


def test_an_unknown_slot_is_refused_by_its_name() -> None:
    assert str(refusal(DOSE, {"dose": "5"})) == "dose: not a slot"


def test_a_refused_number_names_its_field() -> None:
    assert refusal(DOSE, {"value": "five hundred"}).field == "value"


def test_a_refused_number_says_why() -> None:
    assert str(refusal(DOSE, {"value": "lots"})) == "value: 'lots' is not a number"


def test_a_negative_dose_is_refused_as_below_zero() -> None:
    assert str(refusal(DOSE, {"value": "-5"})) == "value: '-5' is below zero"


def test_a_dose_of_zero_is_accepted() -> None:
    assert edit_slots(DOSE, {"value": "0"})["value"] == 0


def test_a_half_dose_is_accepted() -> None:
    assert edit_slots(DOSE, {"value": "0.5"})["value"] == 0.5


def test_a_missing_input_clears_the_slot() -> None:
    assert "route" not in edit_slots(DOSE, {"route": None})


def test_clearing_a_slot_that_is_not_there_is_no_error() -> None:
    assert edit_slots({"value": 5}, {"route": ""}) == {"value": 5}


def test_a_numeric_lab_result_stays_a_number_where_words_are_allowed() -> None:
    assert edit_slots({"value": 1}, {"value": "7.2"}, word_value=True)["value"] == 7.2


def test_a_frequency_edit_is_stored_as_said() -> None:
    assert edit_slots(DOSE, {"frequency": " once daily "})["frequency"] == "once daily"


def test_a_pressure_edit_of_one_number_keeps_the_other() -> None:
    assert edit_slots(PRESSURE, {"systolic": "140"}) == {**PRESSURE, "systolic": 140}


def test_a_pressure_missing_a_number_is_refused_at_the_diastolic_field() -> None:
    assert refusal(PRESSURE, {"systolic": ""}).field == "diastolic"


def test_a_pressure_missing_a_number_says_both_go_together() -> None:
    message = str(refusal(PRESSURE, {"systolic": ""}))
    assert message == "diastolic: systolic and diastolic go together"


# --- facts built by hand ------------------------------------------------------------


def test_a_fact_without_a_slots_attribute_states_its_columns() -> None:
    fact = SimpleNamespace(value="3.4", unit="mmol/L")
    assert stated_quantity(fact) == ("3.4", "mmol/L")


def test_a_fact_whose_slots_are_no_mapping_states_its_columns() -> None:
    fact = SimpleNamespace(slots=["5.6"], value="3.4", unit="")
    assert stated_quantity(fact) == ("3.4", "")


def test_a_fact_with_only_a_unit_slot_and_no_columns_states_that_unit() -> None:
    assert stated_quantity(SimpleNamespace(slots={"unit": "mg"})) == ("", "mg")


def test_a_facts_slots_are_its_slots_not_its_columns() -> None:
    fact = SimpleNamespace(fact_type="lab_result", slots=GLUCOSE, value="3.4", unit="mmol/L")
    assert slots_of(fact) == GLUCOSE


def test_a_fact_with_empty_slots_has_the_slots_its_columns_imply() -> None:
    fact = SimpleNamespace(fact_type="lab_result", slots={}, value="5.6", unit="mmol/L")
    assert slots_of(fact) == GLUCOSE


def test_a_fact_without_a_slots_attribute_has_the_slots_its_columns_imply() -> None:
    fact = SimpleNamespace(fact_type="lab_result", value="5.6", unit="mmol/L")
    assert slots_of(fact) == GLUCOSE


def test_a_fact_of_no_type_has_no_slots() -> None:
    assert slots_of(SimpleNamespace(value="5.6", unit="mmol/L")) == {}


def test_a_fact_of_no_value_has_no_slots() -> None:
    assert slots_of(SimpleNamespace(fact_type="lab_result", unit="mmol/L")) == {}


def test_a_fact_of_no_unit_has_a_value_slot_alone() -> None:
    assert slots_of(SimpleNamespace(fact_type="lab_result", value="5.6")) == {"value": 5.6}


# --- reconciled ---------------------------------------------------------------------


def test_a_symptoms_slots_are_not_reconciled_with_its_course() -> None:
    assert reconciled("symptom", {}, "relief", "") == {}


def test_a_dose_cleared_in_the_columns_loses_its_number() -> None:
    assert reconciled("medication_status", DOSE, "", "mg") == {
        "frequency": "twice daily",
        "route": "oral",
        "unit": "mg",
    }


def test_a_pressure_cleared_in_the_columns_loses_both_numbers() -> None:
    assert reconciled("vital", PRESSURE, "", "mmHg") == {"unit": "mmHg"}


def test_a_dose_corrected_without_a_unit_loses_its_unit() -> None:
    assert "unit" not in reconciled("medication_status", DOSE, "500", "")


def test_a_pressure_corrected_in_the_columns_is_two_numbers() -> None:
    assert reconciled("vital", PRESSURE, "140/90", "mmHg") == {
        "systolic": 140,
        "diastolic": 90,
        "unit": "mmHg",
    }


def test_a_lab_result_corrected_to_a_word_states_the_word() -> None:
    assert reconciled("lab_result", {"value": 1}, "positive", "") == {"value": "positive"}


def test_a_word_result_keeps_the_unit_it_was_corrected_with() -> None:
    assert reconciled("lab_result", {}, "trace", "g/L") == {"value": "trace", "unit": "g/L"}
