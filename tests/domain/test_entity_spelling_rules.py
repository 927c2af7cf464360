"""Which names are spellings of one name, and what a name is compared by
(domain.entities; from the mutation pass): salt words and dose amounts per kind,
the edit budget of a misspelt word, the bigram threshold itself."""

from __future__ import annotations

import pytest

from memory.domain.entities import (
    char_bigrams,
    name_markers,
    name_words,
    normalize_name,
    spelling_variant,
)

# --- what a name is compared by -------------------------------------------------------


def test_a_disease_keeps_a_word_that_is_also_a_dosage_form() -> None:
    # "oral" is a dosage-form word for a drug, and part of the name of an ulcer.
    assert normalize_name("oral ulcer", "disease") == "oralulcer"


def test_a_name_of_unknown_kind_loses_its_dose() -> None:
    assert normalize_name("Aspirin 100 mg") == "aspirin"


def test_an_empty_name_has_no_bigrams() -> None:
    assert char_bigrams("") == frozenset()


def test_the_words_of_a_drug_name_leave_out_its_salt() -> None:
    assert name_words("metformin hydrochloride", "drug") == ("metformin",)


def test_a_lab_test_keeps_its_amount_as_a_marker() -> None:
    # A 75 g and a 50 g glucose load are two tests; for a drug the amount is a dose.
    assert name_markers("glucose 75 g tolerance test", "test")[0] == frozenset({"75"})


# --- the edit budget of one word ------------------------------------------------------------


def test_a_long_drug_name_misspelt_twice_is_the_same_drug() -> None:
    assert spelling_variant("hydrochlorothiazide", "hydrochlorotiazid", "drug")


def test_two_letters_changed_in_a_five_letter_word_make_another_word() -> None:
    # A shunt is not a stent, though the rest of the name is the same.
    assert not spelling_variant("ventricular shunt", "ventricular stent", "other")


def test_one_edit_in_a_three_letter_word_is_still_a_misspelling() -> None:
    # One edit is exactly a third of "hip": the most a word may differ by.
    assert spelling_variant("hip replacement", "hp replacement", "other")


def test_an_overlap_exactly_at_the_threshold_is_a_spelling_variant() -> None:
    # metformin / metfarmin share 6 of their 8 bigrams each: Dice 12/16 = 0.75.
    assert spelling_variant("metformin", "metfarmin", "drug")


# --- what the kind strips before comparing ---------------------------------------------------


def test_a_misspelt_lab_test_with_the_same_amount_is_the_same_test() -> None:
    assert spelling_variant("glucose 75 g tolerance test", "glucose 75 g tolerence test", "test")


@pytest.mark.parametrize(
    ("first", "second"),
    [("metformin hydrochloride", "metformine"), ("metformine", "metformin hydrochloride")],
)
def test_a_salt_word_on_either_name_does_not_make_another_drug(first: str, second: str) -> None:
    assert spelling_variant(first, second, "drug")
