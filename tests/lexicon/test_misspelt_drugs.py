"""A drug name misspelt by one letter is the drug; English words and near-misses are not.

The misspellings are made up by the rules of the matcher (one letter added, dropped,
changed or two swapped), not taken from dataset records.
"""

from __future__ import annotations

import pytest

from memory import lexicon
from memory.lexicon._fuzzy import FuzzyIndex, is_english, one_edit


def _drugs(text: str) -> list[str]:
    return [m.entry.canonical for m in lexicon.find_mentions(text) if m.entry.kind == "drug"]


@pytest.mark.parametrize(
    ("text", "drug"),
    [
        ("I take metforman twice a day.", "metformin"),  # a letter changed
        ("I'm on Lipitol for cholesterol.", "atorvastatin"),  # a brand, a letter changed
        ("She takes atorvastain at night.", "atorvastatin"),  # a letter dropped
        ("He takes Synthroyd every morning.", "levothyroxine"),  # a letter changed
        ("I use sertarline.", "sertraline"),  # two letters swapped
    ],
)
def test_a_drug_name_one_edit_away_is_the_drug(text: str, drug: str) -> None:
    assert _drugs(text) == [drug]


def test_an_english_word_is_never_a_misspelt_drug() -> None:
    assert _drugs("I walked to the pharmacy and bought some tablets.") == []


def test_an_inflected_english_word_counts_as_english() -> None:
    assert is_english("walked") and is_english("tablets") and is_english("studies")


def test_a_word_with_another_first_letter_is_not_the_drug() -> None:
    assert _drugs("I take Kipitor.") == []


def test_two_edits_away_is_not_the_drug() -> None:
    assert _drugs("I take metfarmon daily.") == []


def test_one_edit_counts_a_swap_but_not_two_changes() -> None:
    assert one_edit("metformin", "metfromin") and not one_edit("metformin", "metfarmon")


def test_a_word_one_edit_from_two_drugs_is_left_alone() -> None:
    index = FuzzyIndex([("abcdefgh", "drug a"), ("abcdefgj", "drug b")])
    assert index.match("abcdefgk") is None


def test_a_short_word_is_never_matched() -> None:
    index = FuzzyIndex([("norco", "hydrocodone")])
    assert index.match("narco") is None


def test_a_name_after_a_title_is_a_person_not_a_drug() -> None:
    assert _drugs("Dr. Creston referred me here.") == []


def test_a_modern_word_missing_from_old_dictionaries_is_not_a_drug() -> None:
    assert _drugs("The metadata of the scan was lost.") == []
