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
    assert lexicon.lookup("肿").canonical == "swelling"


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


def test_no_surface_form_names_two_rows() -> None:
    forms = [f for r in _rows() for f in (r["canonical"], r["zh"], *r["aliases"].split("|")) if f]
    assert len(forms) == len(set(forms))


def test_names_only_entries_are_not_listed_as_recognizable_items() -> None:
    assert "infections" not in {e.canonical for e in lexicon.entries("disease")}


def test_every_pair_has_the_kind_the_recognizers_give_its_english_forms() -> None:
    from memory.extraction.rules.entities import find_entities

    wrong = []
    for r in _rows():
        for form in (r["canonical"], *(a for a in r["aliases"].split("|") if a.isascii())):
            hits = [h for h in find_entities(form, False) if (h.start, h.end) == (0, len(form))]
            if hits and hits[0].kind in ("symptom", "disease") and hits[0].kind != r["kind"]:
                wrong.append((r["canonical"], form, hits[0].kind))
    assert wrong == []
