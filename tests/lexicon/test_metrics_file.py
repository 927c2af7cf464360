"""The metric table loads, keeps its names in order, and a malformed row names its
file and line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from memory.lexicon.metrics import COLUMNS, METRIC_FILE, MetricFileError, load_metric_file

HEADER = "\t".join(COLUMNS) + "\n"


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "sample.tsv"
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def test_the_metric_file_loads_with_a_range_for_every_metric() -> None:
    table = load_metric_file(METRIC_FILE)
    assert table
    assert all(metric.low < metric.high for metric in table)


def test_names_join_english_then_chinese_in_file_order(tmp_path: Path) -> None:
    path = _write(tmp_path, "pulse\tvital\tbpm\t20\t250\theart rate|\\bpulse\\b\t心率\tbeats\n")
    assert load_metric_file(path)[0].names == r"heart rate|\bpulse\b|心率"


def test_a_bar_inside_a_group_stays_in_its_form(tmp_path: Path) -> None:
    path = _write(tmp_path, "sugar\tvital\t\t1\t800\tblood (?:sugar|glucose)\t\t\n")
    names = load_metric_file(path)[0].names
    assert re.fullmatch(names, "blood glucose")
    assert not re.search(names, "glucose")


def test_an_empty_unit_is_no_default_unit(tmp_path: Path) -> None:
    path = _write(tmp_path, "sugar\tvital\t\t1\t800\tsugar\t\t\n")
    assert load_metric_file(path)[0].unit is None


def test_a_malformed_pattern_names_file_and_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "ok\tvital\t\t1\t2\tfine\t\t\nbad\tvital\t\t1\t2\t(unclosed\t\t\n")
    with pytest.raises(MetricFileError, match=r"sample\.tsv:3: '\(unclosed'"):
        load_metric_file(path)


def test_an_empty_name_between_bars_is_refused(tmp_path: Path) -> None:
    with pytest.raises(MetricFileError, match=r"sample\.tsv:2: an empty name"):
        load_metric_file(_write(tmp_path, "x\tvital\t\t1\t2\tfoo||bar\t\t\n"))


def test_a_name_with_capitals_is_refused(tmp_path: Path) -> None:
    with pytest.raises(MetricFileError, match="lower-cased"):
        load_metric_file(_write(tmp_path, "x\tvital\t\t1\t2\tHbA1c\t\t\n"))


def test_an_unknown_type_is_refused(tmp_path: Path) -> None:
    with pytest.raises(MetricFileError, match="type 'sign'"):
        load_metric_file(_write(tmp_path, "x\tsign\t\t1\t2\tfoo\t\t\n"))


def test_a_bound_that_is_no_number_is_refused(tmp_path: Path) -> None:
    with pytest.raises(MetricFileError, match="high 'ten'"):
        load_metric_file(_write(tmp_path, "x\tvital\t\t1\tten\tfoo\t\t\n"))


def test_a_range_whose_low_is_not_below_its_high_is_refused(tmp_path: Path) -> None:
    with pytest.raises(MetricFileError, match="not below"):
        load_metric_file(_write(tmp_path, "x\tvital\t\t5\t5\tfoo\t\t\n"))


def test_a_row_without_names_is_refused(tmp_path: Path) -> None:
    with pytest.raises(MetricFileError, match="neither"):
        load_metric_file(_write(tmp_path, "x\tvital\t\t1\t2\t\t\tnote only\n"))


def test_a_metric_listed_twice_is_refused(tmp_path: Path) -> None:
    row = "x\tvital\t\t1\t2\tfoo\t\t\n"
    with pytest.raises(MetricFileError, match=r"sample\.tsv:3: 'x' is listed twice"):
        load_metric_file(_write(tmp_path, row + row))


def test_a_row_with_missing_cells_is_refused(tmp_path: Path) -> None:
    with pytest.raises(MetricFileError, match=r"sample\.tsv:2: 8 tab-separated cells"):
        load_metric_file(_write(tmp_path, "x\tvital\t\t1\t2\tfoo\n"))


def test_a_wrong_header_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.tsv"
    path.write_text("entity\tnames\n", encoding="utf-8")
    with pytest.raises(MetricFileError, match=r"bad\.tsv:1: header"):
        load_metric_file(path)
