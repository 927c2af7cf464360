"""The bilingual procedure list (kind "procedure", data/procedures.tsv)."""

from __future__ import annotations

import csv

import pytest

from memory.lexicon import LEX_KINDS, entries, find_mentions, lookup
from memory.lexicon._load import DATA_DIR


def test_procedure_is_a_lexicon_kind() -> None:
    assert "procedure" in LEX_KINDS


def test_procedure_table_rows_have_the_header_width() -> None:
    with (DATA_DIR / "procedures.tsv").open(encoding="utf-8", newline="") as handle:
        widths = {len(r) for r in csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)}
    assert widths == {4}


def test_procedure_list_has_about_eighty_entries() -> None:
    assert len(entries("procedure")) >= 75


def test_every_procedure_has_a_chinese_name() -> None:
    assert all(e.zh for e in entries("procedure"))


@pytest.mark.parametrize(
    ("surface", "canonical"),
    [
        ("appendectomy", "appendectomy"),
        ("阑尾切除术", "appendectomy"),
        ("胆囊切除术", "cholecystectomy"),
        ("肠镜", "colonoscopy"),
        ("息肉切除", "polypectomy"),
        ("CABG", "coronary artery bypass graft"),
        ("冠脉搭桥", "coronary artery bypass graft"),
        ("支架", "percutaneous coronary intervention"),
        ("子宫切除", "hysterectomy"),
        ("剖宫产", "cesarean section"),
        ("C-section", "cesarean section"),
        ("hip replacement", "hip replacement"),
        ("关节镜", "arthroscopy"),
        ("扁桃体切除", "tonsillectomy"),
        ("白内障手术", "cataract surgery"),
        ("疝修补", "hernia repair"),
    ],
)
def test_procedure_surface_resolves(surface: str, canonical: str) -> None:
    entry = lookup(surface)
    assert entry is not None and (entry.kind, entry.canonical) == ("procedure", canonical)


def test_procedure_found_in_chinese_text() -> None:
    found = [(m.surface, m.entry.canonical) for m in find_mentions("1995年做过阑尾切除术")]
    assert found == [("阑尾切除术", "appendectomy")]


def test_procedure_found_in_english_text() -> None:
    found = [m.entry.canonical for m in find_mentions("She had her gallbladder removed in 2010.")]
    assert found == ["cholecystectomy"]


def test_procedure_alias_never_hides_a_drug() -> None:
    entry = lookup("aspirin")
    assert entry is not None and entry.kind == "drug"
