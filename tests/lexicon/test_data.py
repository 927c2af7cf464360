"""Integrity of the curated and generated tables."""

from __future__ import annotations

import csv

from memory.lexicon import class_members, entries, find_mentions, lookup
from memory.lexicon._load import DATA_DIR


def _columns(name: str) -> set[int]:
    with (DATA_DIR / name).open(encoding="utf-8", newline="") as handle:
        return {len(row) for row in csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)}


def test_every_table_row_has_the_header_width() -> None:
    widths = {name: _columns(name) for name in ("drugs.tsv", "classes.tsv", "tests.tsv")}
    assert widths == {"drugs.tsv": {5}, "classes.tsv": {4}, "tests.tsv": {4}}


def test_every_drug_class_is_a_class_entry() -> None:
    classes = {e.canonical for e in entries("drug_class")}
    used = {e.drug_class for e in entries("drug") if e.drug_class}
    assert used <= classes


def test_curated_drug_count_is_in_the_planned_range() -> None:
    curated = [e for e in entries("drug") if e.zh and e.drug_class]
    assert len(curated) >= 400


def test_every_test_entry_is_lab_or_vital() -> None:
    from memory.lexicon import measurement_category

    assert {measurement_category(e.canonical) for e in entries("test")} == {"lab", "vital"}


def test_generated_salt_form_resolves_to_curated_drug() -> None:
    entry = lookup("马来酸氨氯地平")
    assert entry is not None and entry.canonical == "amlodipine"


def test_generated_chinese_generic_has_english_canonical() -> None:
    entry = lookup("加替沙星")
    assert entry is not None and entry.canonical == "gatifloxacin"


def test_generated_drug_gets_class_from_inn_stem() -> None:
    entry = lookup("加替沙星")
    assert entry is not None and entry.drug_class == "fluoroquinolones"


def test_generated_brand_resolves_but_is_not_searched_in_text() -> None:
    assert lookup("伏络清") is not None and find_mentions("伏络清") == []


def test_generated_disease_is_bilingual() -> None:
    entry = lookup("呼衰")
    assert entry is not None and entry.canonical == "respiratory failure"


def test_nested_class_reaches_grandchild_members() -> None:
    assert "amoxicillin" in class_members("antibiotics")


def test_class_members_does_not_leak_across_classes() -> None:
    assert "lisinopril" not in class_members("arbs")


def test_product_name_lookup_resolves_to_generic() -> None:
    entry = lookup("苯磺酸氨氯地平片")
    assert entry is not None and entry.canonical == "amlodipine"


def test_plain_english_word_from_package_is_not_a_drug_mention() -> None:
    # "more" is a drug-named-entity-recognition variant (pancreatic enzymes)
    assert find_mentions("tell me more about it") == []
