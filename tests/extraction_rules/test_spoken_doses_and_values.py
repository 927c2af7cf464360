"""Dose and value forms of everyday speech: fractions, unit variants, a bare number
with its frequency, the dose before "tablet of", elided cholesterol names, and a
preposition before a number that is no drug code."""

from __future__ import annotations

import pytest

from memory.extraction.rules.text import normalize_numbers
from memory.lexicon._drugner import is_spoken_code
from tests.extraction_rules._helpers import facts, one


def _dose(said: str, drug: str) -> object:
    return one(("patient", said), kind="medication_status", entity=drug).slots.get("value")


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("twelve and a half milligrams", "12.5 milligrams"),
        ("half a milligram of Xanax", "0.5 milligram of Xanax"),
        ("point five milligrams", "0.5 milligrams"),
        ("Point five mg", "0.5 mg"),
    ],
)
def test_spoken_fractions_of_a_dose_read_as_decimals(said: str, read: str) -> None:
    assert normalize_numbers(said) == read


def test_a_leading_point_without_a_dose_unit_is_left_alone() -> None:
    assert normalize_numbers("at this point five people came") == "at this point 5 people came"


def test_half_milligram_dose_is_stored_as_a_decimal() -> None:
    assert _dose("I take half a milligram of Xanax at night.", "alprazolam") == 0.5


def test_twelve_and_a_half_milligrams_is_twelve_point_five() -> None:
    said = "I take twelve and a half milligrams of hydrochlorothiazide."
    assert _dose(said, "hydrochlorothiazide") == 12.5


def test_plural_mgs_is_a_milligram_unit() -> None:
    fact = one(("patient", "I'm taking prednisone 10 mgs."), kind="medication_status")
    assert fact.slots["value"] == 10 and fact.slots["unit"] == "mg"


def test_bare_number_with_a_frequency_after_the_drug_is_its_dose() -> None:
    assert _dose("He takes Coreg 6.25 twice a day.", "carvedilol") == 6.25
    assert _dose("I take metformin five hundred twice a day.", "metformin") == 500


@pytest.mark.parametrize(
    "said",
    ["I've been on lisinopril 10 years, once daily.", "I take metformin 2 times a day."],
)
def test_a_number_of_years_or_times_is_no_dose(said: str) -> None:
    found = facts(("patient", said), kind="medication_status")
    assert all(f.slots.get("value") is None for f in found)


def test_dose_before_tablet_of_the_drug_is_its_dose() -> None:
    assert _dose("I take a 20 milligram tablet of lisinopril.", "lisinopril") == 20


def test_oxygen_with_a_percentage_is_a_saturation() -> None:
    spo2 = one(("doctor", "Your oxygen was 95 percent."), kind="vital", entity="spo2")
    assert spo2.slots["value"] == 95


def test_oxygen_without_a_percentage_is_no_saturation() -> None:
    litres = facts(("doctor", "We gave him oxygen 2 liters."), kind="vital")
    saturating = facts(("doctor", "We gave him oxygen, saturating 92%."), kind="vital")
    assert (litres, [(f.entity, f.value) for f in saturating]) == ([], [("spo2", "92")])


def test_the_bad_after_cholesterol_is_ldl_and_the_good_is_hdl() -> None:
    said = "Your good cholesterol was about 44. The bad was 153, it should be under 100."
    got = {f.entity: f.slots.get("value") for f in facts(("doctor", said), kind="lab_result")}
    assert got["hdl"] == 44 and got["ldl"] == 153


def test_the_bad_without_cholesterol_named_is_no_lab() -> None:
    bare = facts(("patient", "The bad was 153 days ago."), kind="lab_result")
    named = facts(("patient", "The bad cholesterol was 153."), kind="lab_result")
    assert (bare, [(f.entity, f.value) for f in named]) == ([], [("ldl", "153")])


@pytest.mark.parametrize("name", ["at 10", "po 12", "sl 25"])
def test_a_preposition_or_dosing_abbreviation_before_a_number_is_no_drug_code(name: str) -> None:
    assert is_spoken_code(name)


def test_a_dose_said_at_a_number_keeps_the_drug_and_finds_no_compound() -> None:
    found = facts(("doctor", "Your Lexapro is at 10 mg."), kind="medication_status")
    assert {f.entity for f in found} == {"escitalopram"}


def test_plan_run_into_closing_advice_without_punctuation_keeps_its_dose() -> None:
    said = (
        "for your diabetes you're doing well let's continue you on the metformin a thousand "
        "milligrams twice a day and call me if you have any concerns"
    )
    assert _dose(said, "metformin") == 1000


def test_closing_advice_on_its_own_stays_general() -> None:
    said = "If you have any chest pain, call us right away."
    since = "Since you have chest pain, call us right away."  # control: a fact, not a condition
    found = [[f.entity for f in facts(("doctor", s), kind="symptom")] for s in (said, since)]
    assert found == [[], ["chest pain"]]


def test_blood_pressure_read_as_systolic_by_diastolic() -> None:
    said = "So your blood pressure is one ninety five by eighty three."
    bp = one(("doctor", said), kind="vital", entity="blood pressure")
    assert bp.slots["systolic"] == 195 and bp.slots["diastolic"] == 83


@pytest.mark.parametrize(
    ("said", "entity", "value"),
    [
        ("G F R is below sixty percent.", "egfr", 60),
        ("Your A one C was seven point one.", "hba1c", 7.1),
        ("Your P S A was 4.2.", "psa", 4.2),
    ],
)
def test_an_abbreviation_spelled_letter_by_letter_names_its_lab(
    said: str, entity: str, value: float
) -> None:
    assert one(("doctor", said), kind="lab_result", entity=entity).slots["value"] == value


def test_spelled_blood_pressure_gives_both_numbers() -> None:
    bp = one(("doctor", "Your B P is 130 over 80."), kind="vital", entity="blood pressure")
    assert (bp.slots["systolic"], bp.slots["diastolic"]) == (130, 80)
