"""The vitals and labs the rule extractor reads, as data: data/metrics.tsv.

One row per metric: its entity name, fact type (``vital`` | ``lab_result``), the
default unit when none is said, the plausible range of a value (a number outside
it belongs to something else: "blood pressure medicine for 10 years" is no BP of
10), and its surface names, English and Chinese side by side.

A name cell holds ``|``-separated forms, each a small regular expression matched
on the lower-cased sentence (``\\bpulse\\b``, ``血氧(?:饱和度)?``); a ``|`` inside a
group belongs to that form. The names are joined English first, then Chinese, in
file order: where two forms match at one position the first listed wins, so the
order is part of the data. A malformed row fails at load time with its file and
line.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from memory.lexicon.alternation import alternatives

METRIC_FILE = Path(__file__).resolve().parent / "data" / "metrics.tsv"
COLUMNS = ("entity", "type", "unit", "low", "high", "en", "zh", "note")
_TYPES = ("vital", "lab_result")


class MetricFileError(ValueError):
    """A metric file that cannot be read as written (names the file and line)."""


@dataclass(frozen=True)
class Metric:
    entity: str
    type: str  # vital | lab_result
    names: str  # regex alternation of surface names, lower case
    unit: str | None  # default unit when none is written
    low: float
    high: float


def _forms(where: str, cell: str) -> list[str]:
    if not cell.strip():
        return []
    forms = [form.strip() for form in alternatives(cell.strip())]
    for form in forms:
        if not form:
            # An empty alternative matches everywhere: every number would be a reading.
            raise MetricFileError(f"{where}: an empty name in {cell!r}")
        if form != form.lower():
            raise MetricFileError(
                f"{where}: {form!r} has capitals; names are matched on lower-cased text"
            )
        try:
            re.compile(form)
        except re.error as exc:
            raise MetricFileError(f"{where}: {form!r} is not a valid pattern ({exc})") from exc
    return forms


def _bound(where: str, column: str, cell: str) -> float:
    try:
        return float(cell)
    except ValueError:
        raise MetricFileError(f"{where}: {column} {cell!r} is not a number") from None


def _row_metric(where: str, row: dict[str, str]) -> Metric:
    entity = (row["entity"] or "").strip()
    if not entity:
        raise MetricFileError(f"{where}: no entity name")
    kind = (row["type"] or "").strip()
    if kind not in _TYPES:
        raise MetricFileError(f"{where}: type {kind!r} is not one of {', '.join(_TYPES)}")
    low = _bound(where, "low", (row["low"] or "").strip())
    high = _bound(where, "high", (row["high"] or "").strip())
    if not low < high:
        raise MetricFileError(f"{where}: low {low} is not below high {high}")
    names = _forms(where, row["en"] or "") + _forms(where, row["zh"] or "")
    if not names:
        raise MetricFileError(f"{where}: neither an English nor a Chinese name")
    unit = (row["unit"] or "").strip() or None
    return Metric(entity, kind, "|".join(names), unit, low, high)


def load_metric_file(path: Path) -> tuple[Metric, ...]:
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        if tuple(reader.fieldnames or ()) != COLUMNS:
            raise MetricFileError(
                f"{path.name}:1: header must be {' '.join(COLUMNS)} (tab-separated), "
                f"found {reader.fieldnames}"
            )
        out: list[Metric] = []
        for row in reader:
            where = f"{path.name}:{reader.line_num}"
            if None in row or None in row.values():
                raise MetricFileError(f"{where}: {len(COLUMNS)} tab-separated cells expected")
            if not any(value.strip() for value in row.values()):
                continue
            metric = _row_metric(where, row)
            if any(metric.entity == seen.entity for seen in out):
                raise MetricFileError(f"{where}: {metric.entity!r} is listed twice")
            out.append(metric)
    return tuple(out)


@cache
def metrics() -> tuple[Metric, ...]:
    """data/metrics.tsv, loaded and checked once per process, in file order."""
    return load_metric_file(METRIC_FILE)
