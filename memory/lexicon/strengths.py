"""Strengths a drug's name implies by itself, as data: data/implied_strengths.tsv.

"Baby aspirin" and "low-dose aspirin" are the 81 mg tablet, "Extra Strength
Tylenol" the 500 mg one. One row per canonical drug: the words said with its name
(``|``-separated small regular expressions, English and Chinese side by side; a
``|`` inside a group stays in its form), and the value and unit they imply. A row
with no words is a name that implies the strength alone ("low-dose aspirin"). A
malformed row fails at load time with its file and line.
"""

from __future__ import annotations

import csv
import re
from functools import cache
from pathlib import Path

from memory.lexicon.alternation import alternatives

STRENGTH_FILE = Path(__file__).resolve().parent / "data" / "implied_strengths.tsv"
COLUMNS = ("drug", "en", "zh", "value", "unit", "note")
_VALUE = re.compile(r"^\d+(?:\.\d+)?$")


class StrengthFileError(ValueError):
    """A strength table that cannot be read as written (names the file and line)."""


def _words(where: str, cells: tuple[str, str]) -> str:
    forms = [form for cell in cells if cell for form in alternatives(cell)]
    for form in forms:
        if not form or form != form.strip():
            raise StrengthFileError(f"{where}: an empty or space-padded form {form!r}")
        try:
            re.compile(form)
        except re.error as exc:
            raise StrengthFileError(f"{where}: {form!r} is not a valid pattern ({exc})") from exc
    return "|".join(forms)


def _row(where: str, row: dict[str, str]) -> tuple[str, tuple[str, str, str]]:
    drug = row["drug"].strip()
    if not drug or drug != drug.lower():
        raise StrengthFileError(f"{where}: drug {drug!r} is not a lower-case canonical name")
    value, unit = row["value"].strip(), row["unit"].strip()
    if not _VALUE.match(value):
        raise StrengthFileError(f"{where}: value {value!r} is not a number")
    if not unit:
        raise StrengthFileError(f"{where}: no unit")
    return drug, (_words(where, (row["en"].strip(), row["zh"].strip())), value, unit)


def load_strength_file(path: Path) -> dict[str, tuple[str, str, str]]:
    """canonical drug -> (the words, a regex alternation or "", value, unit)."""
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        if tuple(reader.fieldnames or ()) != COLUMNS:
            raise StrengthFileError(
                f"{path.name}:1: header must be {' '.join(COLUMNS)} (tab-separated), "
                f"found {reader.fieldnames}"
            )
        out: dict[str, tuple[str, str, str]] = {}
        for row in reader:
            where = f"{path.name}:{reader.line_num}"
            if None in row or None in row.values():
                raise StrengthFileError(f"{where}: {len(COLUMNS)} tab-separated cells expected")
            if not any(value.strip() for value in row.values()):
                continue
            drug, strength = _row(where, row)
            if drug in out:
                raise StrengthFileError(f"{where}: {drug!r} is listed twice")
            out[drug] = strength
    return out


@cache
def implied_strengths() -> dict[str, tuple[str, str, str]]:
    """data/implied_strengths.tsv, loaded and checked once per process, in file order."""
    return load_strength_file(STRENGTH_FILE)
