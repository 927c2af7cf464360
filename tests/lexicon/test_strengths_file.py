"""The implied-strength table loads, and a malformed row names its file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from memory.lexicon.strengths import (
    COLUMNS,
    STRENGTH_FILE,
    StrengthFileError,
    load_strength_file,
)

HEADER = "\t".join(COLUMNS) + "\n"


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "sample.tsv"
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def test_the_strength_file_loads_a_value_and_unit_for_every_drug() -> None:
    table = load_strength_file(STRENGTH_FILE)
    assert table
    assert all(value and unit for _, value, unit in table.values())


def test_words_join_english_then_chinese(tmp_path: Path) -> None:
    path = _write(tmp_path, "aspirin\tbaby|low[\\s-]?dose\t小剂量\t81\tmg\tnote\n")
    assert load_strength_file(path) == {"aspirin": (r"baby|low[\s-]?dose|小剂量", "81", "mg")}


def test_a_row_without_words_is_a_name_that_implies_the_strength_alone(tmp_path: Path) -> None:
    path = _write(tmp_path, "low-dose aspirin\t\t\t81\tmg\t\n")
    assert load_strength_file(path) == {"low-dose aspirin": ("", "81", "mg")}


def test_a_malformed_pattern_names_file_and_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "aspirin\tbaby\t\t81\tmg\t\nfoo\t(?:extra\t\t5\tmg\t\n")
    with pytest.raises(StrengthFileError, match=r"sample\.tsv:3"):
        load_strength_file(path)


def test_a_value_that_is_no_number_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StrengthFileError, match="value 'eighty'"):
        load_strength_file(_write(tmp_path, "aspirin\tbaby\t\teighty\tmg\t\n"))


def test_a_row_without_a_unit_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StrengthFileError, match="no unit"):
        load_strength_file(_write(tmp_path, "aspirin\tbaby\t\t81\t\t\n"))


def test_a_drug_that_is_no_canonical_name_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StrengthFileError, match="lower-case canonical"):
        load_strength_file(_write(tmp_path, "Aspirin\tbaby\t\t81\tmg\t\n"))


def test_a_drug_listed_twice_is_refused(tmp_path: Path) -> None:
    row = "aspirin\tbaby\t\t81\tmg\t\n"
    with pytest.raises(StrengthFileError, match=r"sample\.tsv:3: 'aspirin' is listed twice"):
        load_strength_file(_write(tmp_path, row + row))


def test_a_wrong_header_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.tsv"
    path.write_text("drug\twords\n", encoding="utf-8")
    with pytest.raises(StrengthFileError, match=r"bad\.tsv:1: header"):
        load_strength_file(path)
