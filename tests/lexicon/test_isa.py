"""Is-a relations of disease names (memory/lexicon/isa.py): a name speaks of the
same condition as a more general or more specific one, never as a sibling."""

from __future__ import annotations

import pytest

from memory.lexicon import lookup
from memory.lexicon.isa import ancestors, same_condition


def test_a_curated_specific_disease_is_its_general_kind() -> None:
    assert same_condition("copd", "lung diseases")


def test_the_general_kind_is_the_specific_disease_the_other_way_round() -> None:
    assert same_condition("infections", "sinusitis")


def test_an_itis_name_is_an_inflammation() -> None:
    assert "inflammation" in ancestors("cholecystitis")


def test_an_organ_cancer_is_a_cancer_and_a_tumor() -> None:
    assert ancestors("lung cancer")[:2] == ("cancer", "tumor")


def test_two_forms_of_one_name_are_not_the_same_condition() -> None:
    assert (
        same_condition("type 1 diabetes", "type 2 diabetes"),
        same_condition("type 1 diabetes", "diabetes"),
    ) == (False, True)


def test_unrelated_diseases_are_not_the_same_condition() -> None:
    assert same_condition("asthma", "gout") is False


@pytest.mark.parametrize(
    ("specific", "general"),
    [
        ("farmer's lung", "hypersensitivity pneumonitis"),
        ("hepatitis c", "liver diseases"),
        ("tension-type headache", "headache"),
        ("pressure ulcer", "skin ulcer"),
        ("colon polyps", "polyps"),
    ],
)
def test_a_named_form_of_a_disease_is_its_kind(specific: str, general: str) -> None:
    assert (same_condition(specific, general), same_condition(specific, "gout")) == (True, False)


def test_an_upper_respiratory_illness_is_an_upper_respiratory_infection() -> None:
    entry = lookup("upper respiratory illness")
    assert entry is not None and entry.canonical == "upper respiratory infection"
