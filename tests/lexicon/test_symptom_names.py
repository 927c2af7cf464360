"""Symptoms and conditions the recognizers name have an English/Chinese pair, so a
page in either language names them in its own language; the pairs are names only
and never change what free text is recognized as."""

from __future__ import annotations

import csv

from memory import lexicon
from memory.lexicon._load import DATA_DIR


def _rows() -> list[dict[str, str]]:
    with (DATA_DIR / "symptoms.tsv").open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))


def test_a_chinese_symptom_word_has_an_english_name() -> None:
    assert lexicon.lookup("头晕").canonical == "dizziness"


def test_a_single_character_symptom_has_an_english_name() -> None:
    assert lexicon.lookup("痛").canonical == "pain"


def test_a_mesh_condition_name_has_a_chinese_name() -> None:
    assert lexicon.lookup("exanthema").zh == "皮疹"


def test_a_plain_english_symptom_word_reaches_its_pair() -> None:
    assert lexicon.lookup("dizzy").zh == "头晕"


def test_a_recognizer_condition_name_has_a_chinese_name() -> None:
    assert lexicon.lookup("infections").zh == "感染"


def test_names_only_entries_are_never_found_in_free_text() -> None:
    assert lexicon.find_mentions("我头晕，发烧，有点恶心") == []


def test_english_names_only_entries_are_never_found_in_free_text() -> None:
    assert lexicon.find_mentions("I feel dizzy and tired with a fever") == []


def test_a_curated_disease_keeps_its_own_entry() -> None:
    assert lexicon.lookup("头痛").kind == "disease"


def test_every_pair_has_both_names() -> None:
    assert all(r["canonical"].isascii() and r["zh"] and not r["zh"].isascii() for r in _rows())


def test_every_row_is_a_symptom_or_a_condition() -> None:
    assert {r["kind"] for r in _rows()} == {"symptom", "disease"}


def test_no_name_or_alias_names_two_rows() -> None:
    forms = [f for r in _rows() for f in (r["canonical"], *r["aliases"].split("|")) if f]
    assert len(forms) == len(set(forms))


def test_names_only_entries_are_not_listed_as_recognizable_items() -> None:
    assert "infections" not in {e.canonical for e in lexicon.entries("disease")}


def test_a_pair_never_renames_what_the_recognizers_name() -> None:
    """Looked up, an English form the recognizers find is the item they name, of their
    kind: stored names and the eval's gold stay the recognizers' ("swelling" is edema)."""
    from memory.extraction.rules.entities import find_entities

    wrong = []
    for r in _rows():
        for form in (r["canonical"], *(a for a in r["aliases"].split("|") if a.isascii())):
            hits = [h for h in find_entities(form, False) if (h.start, h.end) == (0, len(form))]
            if not hits or hits[0].kind not in ("symptom", "disease"):
                continue
            entry = lexicon.lookup(form)
            if entry.kind not in ("symptom", "disease") or entry.zh != r["zh"]:
                continue  # another table's entry holds the form: not this pair's to say
            if entry.canonical != hits[0].canonical or r["kind"] != hits[0].kind:
                wrong.append((form, entry.canonical, hits[0].canonical))
    assert wrong == []
