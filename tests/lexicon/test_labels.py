"""The naming tables load, keep their order, and a malformed row names its file and
line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from memory.lexicon.labels import (
    COLUMNS,
    LabelFileError,
    label_files,
    labels,
    load_label_file,
)

HEADER = "\t".join(COLUMNS) + "\n"
WORD_TABLES = ("aching_parts", "reading_units", "dose_units")
PATTERN_TABLES = ("frequencies", "routes")


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "sample.tsv"
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def test_every_naming_table_is_a_word_or_a_pattern_table() -> None:
    assert sorted(p.stem for p in label_files()) == sorted(WORD_TABLES + PATTERN_TABLES)


@pytest.mark.parametrize("name", WORD_TABLES)
def test_every_word_table_maps_its_forms(name: str) -> None:
    assert labels(name).words()


@pytest.mark.parametrize("name", PATTERN_TABLES)
def test_every_pattern_table_compiles_a_pattern_per_label(name: str) -> None:
    assert all(re.compile(pattern) for _, pattern in labels(name).patterns())


def test_there_is_a_readme_beside_the_naming_tables() -> None:
    assert (label_files()[0].parent / "README.md").exists()


def test_words_map_english_and_chinese_forms_to_their_label(tmp_path: Path) -> None:
    table = load_label_file(_write(tmp_path, "mg\tmilligram|milligrams\t毫克\tnote\n"))
    assert table.words() == {"milligram": "mg", "milligrams": "mg", "毫克": "mg"}


def test_a_form_naming_two_labels_is_refused(tmp_path: Path) -> None:
    table = load_label_file(_write(tmp_path, "mg\tmgs\t\t\nmcg\tmgs\t\t\n"))
    with pytest.raises(LabelFileError, match=r"sample\.tsv:3: 'mgs' is already 'mg'"):
        table.words()


def test_a_word_with_capitals_is_refused(tmp_path: Path) -> None:
    table = load_label_file(_write(tmp_path, "mg\tMilligram\t\t\n"))
    with pytest.raises(LabelFileError, match="lower case"):
        table.words()


def test_an_empty_word_between_bars_is_refused(tmp_path: Path) -> None:
    table = load_label_file(_write(tmp_path, "mg\tmg||mgs\t\t\n"))
    with pytest.raises(LabelFileError, match=r"sample\.tsv:2: an empty form"):
        table.words()


def test_patterns_join_english_then_chinese_in_file_order(tmp_path: Path) -> None:
    body = "weekly\t\\bweekly\\b\t每周\t\nnightly\tat night\t睡前\t\n"
    table = load_label_file(_write(tmp_path, body))
    assert table.patterns() == (("weekly", r"\bweekly\b|每周"), ("nightly", "at night|睡前"))


def test_a_bar_inside_a_group_stays_in_its_pattern_form(tmp_path: Path) -> None:
    table = load_label_file(_write(tmp_path, "daily\t\\b(?:once|one time) a day\t\t\n"))
    assert table.patterns() == (("daily", r"\b(?:once|one time) a day"),)


def test_a_malformed_pattern_names_file_and_line(tmp_path: Path) -> None:
    table = load_label_file(_write(tmp_path, "ok\tfine\t\t\nbad\t(?:once|twice\t\t\n"))
    with pytest.raises(LabelFileError, match=r"sample\.tsv:3"):
        table.patterns()


def test_a_row_without_forms_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LabelFileError, match=r"sample\.tsv:2: neither"):
        load_label_file(_write(tmp_path, "mg\t\t\tnote only\n"))


def test_a_row_without_a_label_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LabelFileError, match=r"sample\.tsv:2: no label"):
        load_label_file(_write(tmp_path, "\tmilligram\t\t\n"))


def test_a_row_with_missing_cells_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LabelFileError, match=r"sample\.tsv:2: 4 tab-separated cells"):
        load_label_file(_write(tmp_path, "mg\tmilligram\n"))


def test_a_wrong_header_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.tsv"
    path.write_text("unit\tforms\n", encoding="utf-8")
    with pytest.raises(LabelFileError, match=r"bad\.tsv:1: header"):
        load_label_file(path)
