"""A phrase that holds a condition's name and means something else names no
condition; the same name said as a disorder still does (data:
memory/lexicon/data/cues/names.tsv). Wording is invented."""

from __future__ import annotations

from tests.extraction_rules._helpers import facts


def _conditions(speaker: str, text: str) -> set[str]:
    return {f.entity for f in facts((speaker, text), kind="condition") if f.entity}


def test_straining_the_urine_for_a_stone_is_no_strain_injury() -> None:
    instruction = _conditions("Doctor", "Please strain your urine so we can catch the stone.")
    injury = _conditions("Patient", "I have a hamstring strain from running.")
    assert (instruction, injury) == (set(), {"sprains and strains"})


def test_strain_on_the_heart_is_no_strain_injury() -> None:
    idiom = _conditions("Doctor", "Extra weight puts a lot of strain on your heart.")
    injury = _conditions("Patient", "The back strain started after gardening.")
    assert (idiom, injury) == (set(), {"sprains and strains"})


def test_shock_wave_treatment_is_no_shock() -> None:
    treatment = _conditions("Doctor", "We could break the stone up with shock waves.")
    shock = _conditions("Patient", "I went into shock after the wasp sting.")
    assert ("shock" in treatment, "shock" in shock) == (False, True)


def test_it_boils_down_to_names_no_boils() -> None:
    idiom = _conditions("Patient", "I guess it boils down to my diet.")
    boils = _conditions("Patient", "I keep getting boils on my neck.")
    assert (idiom, boils) == (set(), {"furunculosis"})


def test_a_low_sodium_diet_is_no_hyponatremia() -> None:
    diet = _conditions("Doctor", "Keep following the low sodium diet we discussed.")
    lab = _conditions("Doctor", "Your labs showed low sodium we discussed.")
    assert ("hyponatremia" in diet, "hyponatremia" in lab) == (False, True)


def test_a_spouse_is_no_condition() -> None:
    spouses = _conditions("Patient", "Our wives came along to the appointment.")
    seizures = _conditions("Patient", "Our seizures came along to the appointment.")
    assert (spouses, seizures) == (set(), {"epilepsy"})


def test_a_recurrence_names_the_condition_that_recurred_not_a_recurrence() -> None:
    said = _conditions("Doctor", "I think this is a recurrence of your gout.")
    assert said == {"gout"}


def test_a_combination_drug_said_combined_is_no_condition() -> None:
    combined = _conditions("Doctor", "This tablet is lisinopril combined with a water pill.")
    gout = _conditions("Doctor", "This tablet is lisinopril and gout with a water pill.")
    assert (combined, gout) == (set(), {"gout"})


def test_the_covid_fifteen_is_weight_not_covid() -> None:
    weight = _conditions("Patient", "I put on the covid 15 while working from home.")
    covid = _conditions("Patient", "I had covid 15 days ago while working from home.")
    assert (weight, covid) == (set(), {"covid-19"})
