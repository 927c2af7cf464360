"""Common misspellings and transcription spellings of frequent drugs resolve to the drug."""

from __future__ import annotations

import csv

import pytest

from memory.lexicon import find_mentions, lookup
from memory.lexicon._load import DATA_DIR


def _rows() -> list[tuple[str, str]]:
    with (DATA_DIR / "drug_misspellings.tsv").open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)
        return [(r["canonical"], form) for r in reader for form in r["misspellings"].split("|")]


@pytest.mark.parametrize(
    ("said", "drug"),
    [
        ("metropolol", "metoprolol"),
        ("lisinipril", "lisinopril"),
        ("trazadone", "trazodone"),
        ("buproprion", "bupropion"),
        ("acetaminophin", "acetaminophen"),
        ("asprin", "aspirin"),
        ("zarelto", "rivaroxaban"),
        ("amoxacillin", "amoxicillin"),
        ("z pack", "azithromycin"),
    ],
)
def test_a_misspelled_drug_is_found_in_a_sentence(said: str, drug: str) -> None:
    found = [m.entry.canonical for m in find_mentions(f"I take {said} every day.")]
    assert found == [drug]


def test_every_misspelling_resolves_to_the_drug_of_its_row() -> None:
    wrong = [(canon, form) for canon, form in _rows() if lookup(form).canonical != canon]
    assert wrong == []


def test_no_misspelling_is_the_name_of_another_curated_entry() -> None:
    # A misspelling that were another entry's own name would hide that entry.
    taken = [form for canon, form in _rows() if (e := lookup(form)) and e.canonical == form]
    assert taken == []


@pytest.mark.parametrize(("said", "drug"), [("epi pen", "epinephrine"), ("nitro", "nitroglycerin")])
def test_a_spoken_short_name_of_a_drug_is_the_drug(said: str, drug: str) -> None:
    assert lookup(said).canonical == drug
