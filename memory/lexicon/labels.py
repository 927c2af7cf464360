"""Naming tables as reviewable data: what a rule stores for the words it reads.

Each file under data/labels/ is a UTF-8 TSV with the header ``label  en  zh  note``:
the label a fact or slot keeps ("mg", "headache", "twice daily") and the forms said
for it, English and Chinese side by side, ``|``-separated. Two kinds of table:

- a *word* table maps each form, as written (lower case), to its label:
  ``labels("dose_units").words()["milligrams"] == "mg"``;
- a *pattern* table gives, per label in file order, one regular expression: the
  forms, English first, joined as alternatives (a ``|`` inside a group stays in its
  form). A rule that takes the first label whose pattern matches reads the rows in
  order, so the order is part of the data.

A malformed row fails loudly at load time with its file and line.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from memory.lexicon.alternation import alternatives

LABEL_DIR = Path(__file__).resolve().parent / "data" / "labels"
COLUMNS = ("label", "en", "zh", "note")


class LabelFileError(ValueError):
    """A naming table that cannot be read as written (names the file and line)."""


@dataclass(frozen=True)
class LabelRow:
    label: str
    en: str  # the cell as written, `|`-separated forms
    zh: str
    where: str  # "file.tsv:line"


@dataclass(frozen=True)
class LabelTable:
    name: str
    rows: tuple[LabelRow, ...]

    def labels(self) -> tuple[str, ...]:
        return tuple(row.label for row in self.rows)

    def words(self) -> dict[str, str]:
        """form -> label, every form of every row, in file order."""
        out: dict[str, str] = {}
        for row in self.rows:
            for form in _words(row):
                if form in out:
                    raise LabelFileError(f"{row.where}: {form!r} is already {out[form]!r}")
                out[form] = row.label
        return out

    def patterns(self) -> tuple[tuple[str, str], ...]:
        """(label, regular expression) per row, in file order."""
        return tuple((row.label, _pattern(row)) for row in self.rows)


def _words(row: LabelRow) -> list[str]:
    forms = [form.strip() for cell in (row.en, row.zh) if cell for form in cell.split("|")]
    for form in forms:
        if not form:
            raise LabelFileError(f"{row.where}: an empty form in {row.en!r} {row.zh!r}")
        if form != form.lower() or "  " in form:
            # Rules look a form up lower-cased with single spaces: any other spelling
            # would never be found.
            raise LabelFileError(f"{row.where}: {form!r} is not lower case with single spaces")
    return forms


def _pattern(row: LabelRow) -> str:
    forms = [alt for cell in (row.en, row.zh) if cell for alt in alternatives(cell)]
    for form in forms:
        if not form or form != form.strip():
            # An empty alternative matches everywhere; a stray space changes the match.
            raise LabelFileError(f"{row.where}: an empty or space-padded form {form!r}")
        try:
            re.compile(form)
        except re.error as exc:
            raise LabelFileError(f"{row.where}: {form!r} is not a valid pattern ({exc})") from exc
    return "|".join(forms)


def load_label_file(path: Path) -> LabelTable:
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        if tuple(reader.fieldnames or ()) != COLUMNS:
            raise LabelFileError(
                f"{path.name}:1: header must be {' '.join(COLUMNS)} (tab-separated), "
                f"found {reader.fieldnames}"
            )
        rows: list[LabelRow] = []
        for row in reader:
            where = f"{path.name}:{reader.line_num}"
            if None in row or None in row.values():
                raise LabelFileError(f"{where}: {len(COLUMNS)} tab-separated cells expected")
            if not any(value.strip() for value in row.values()):
                continue
            label = row["label"].strip()
            if not label:
                raise LabelFileError(f"{where}: no label")
            if not (row["en"].strip() or row["zh"].strip()):
                raise LabelFileError(f"{where}: neither an English nor a Chinese form")
            rows.append(LabelRow(label, row["en"].strip(), row["zh"].strip(), where))
    return LabelTable(path.stem, tuple(rows))


@cache
def labels(name: str) -> LabelTable:
    """The naming table data/labels/<name>.tsv, loaded and checked once per process."""
    path = LABEL_DIR / f"{name}.tsv"
    if not path.exists():
        raise LabelFileError(f"no naming table {path.name} in {LABEL_DIR}")
    return load_label_file(path)


def label_files() -> list[Path]:
    return sorted(LABEL_DIR.glob("*.tsv"))
