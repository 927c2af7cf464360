"""Cue vocabulary as reviewable data: the words rules look for, not the grammar.

Each file under data/cues/ is a UTF-8 TSV with the header
``category  en  zh  match  note``. A row gives one cue in English and Chinese side
by side (either side may be empty); a cell holds ``|``-separated forms. ``match``
is ``literal`` (the default: the form is matched as written, English forms on word
boundaries with any run of spaces between words) or ``pattern`` (each form is a
small regular expression, for inflections such as ``allerg\\w*``). A pattern cell
is split only on a top-level ``|``: one inside a group or a character class belongs
to its form (``strain\\s+(?:your|the)`` is one form).

Rules ask a table for the alternation of one category and build their grammar
around it: ``cues("allergy").regex("treats_allergy")``. A malformed row fails
loudly at load time with its file and line, so a bad edit never silently drops a cue.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from memory.lexicon.alternation import alternatives

CUE_DIR = Path(__file__).resolve().parent / "data" / "cues"
COLUMNS = ("category", "en", "zh", "match", "note")
_MATCH_KINDS = ("literal", "pattern")
_CATEGORY = re.compile(r"^[a-z][a-z0-9_]*$")


class CueFileError(ValueError):
    """A cue file that cannot be read as written (names the file and line)."""


@dataclass(frozen=True)
class Cue:
    category: str
    lang: str  # "en" | "zh"
    form: str
    is_pattern: bool
    line: int

    def regex_source(self) -> str:
        if self.is_pattern:
            return self.form
        return _literal(self.form, self.lang)


def _literal(form: str, lang: str) -> str:
    if lang == "zh":
        return re.escape(form)
    words = [re.escape(word) for word in form.split()]
    body = r"\s+".join(words)
    head = r"\b" if re.match(r"\w", form) else ""
    tail = r"\b" if re.search(r"\w$", form) else ""
    return f"{head}{body}{tail}"


@dataclass(frozen=True)
class CueTable:
    name: str
    cues: tuple[Cue, ...]

    def categories(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(cue.category for cue in self.cues))

    def _select(self, category: str, lang: str | None) -> list[Cue]:
        chosen = [c for c in self.cues if c.category == category and lang in (None, c.lang)]
        if not any(c.category == category for c in self.cues):
            raise KeyError(f"cue file {self.name}.tsv has no category {category!r}")
        return chosen

    def forms(self, category: str, lang: str | None = None) -> tuple[str, ...]:
        return tuple(cue.form for cue in self._select(category, lang))

    def pattern(self, category: str, lang: str | None = None, ordered: bool = False) -> str:
        """One non-capturing alternation, longest form first (so "tree nuts" wins over
        "nuts"); an empty selection matches nothing. `ordered` keeps the file's order
        instead, for lists whose first matching alternative must win as written (unit
        spellings with no word boundary: "mcg" before "mg" before "g")."""
        chosen = self._select(category, lang)
        if not ordered:
            chosen = sorted(chosen, key=lambda c: -len(c.form))
        if not chosen:
            return "(?!)"
        return "(?:" + "|".join(cue.regex_source() for cue in chosen) + ")"

    def regex(
        self, category: str, lang: str | None = None, flags: int = re.I, ordered: bool = False
    ) -> re.Pattern[str]:
        return _compiled(self, category, lang, flags, ordered)


@cache
def _compiled(
    table: CueTable, category: str, lang: str | None, flags: int, ordered: bool
) -> re.Pattern[str]:
    return re.compile(table.pattern(category, lang, ordered), flags)


def _cell_forms(cell: str, is_pattern: bool) -> list[str]:
    """The forms of one cell. A literal cell splits on every `|`; a pattern cell only
    on a top-level one, so an alternation inside a group stays one form."""
    parts = alternatives(cell) if is_pattern else cell.split("|")
    return [form for form in (part.strip() for part in parts) if form]


def _row_cues(path: Path, line: int, row: dict[str, str]) -> list[Cue]:
    where = f"{path.name}:{line}"
    category = (row.get("category") or "").strip()
    if not _CATEGORY.match(category):
        raise CueFileError(f"{where}: category {category!r} is not a lower_snake_case name")
    match = (row.get("match") or "").strip() or "literal"
    if match not in _MATCH_KINDS:
        raise CueFileError(f"{where}: match {match!r} is not one of {', '.join(_MATCH_KINDS)}")
    is_pattern = match == "pattern"
    out: list[Cue] = []
    for lang in ("en", "zh"):
        for form in _cell_forms(row.get(lang) or "", is_pattern):
            out.append(Cue(category, lang, form, is_pattern, line))
    if not out:
        raise CueFileError(f"{where}: neither an English nor a Chinese form")
    for cue in out:
        try:
            re.compile(cue.regex_source())
        except re.error as exc:
            raise CueFileError(f"{where}: {cue.form!r} is not a valid pattern ({exc})") from exc
    return out


def load_cue_file(path: Path) -> CueTable:
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
        if tuple(reader.fieldnames or ()) != COLUMNS:
            raise CueFileError(
                f"{path.name}:1: header must be {' '.join(COLUMNS)} (tab-separated), "
                f"found {reader.fieldnames}"
            )
        cues_: list[Cue] = []
        for row in reader:
            if None in row:
                raise CueFileError(f"{path.name}:{reader.line_num}: more cells than columns")
            if not any((v or "").strip() for v in row.values()):
                continue
            cues_.extend(_row_cues(path, reader.line_num, row))
    return CueTable(path.stem, tuple(cues_))


@cache
def cues(name: str) -> CueTable:
    """The cue table data/cues/<name>.tsv, loaded and checked once per process."""
    path = CUE_DIR / f"{name}.tsv"
    if not path.exists():
        raise CueFileError(f"no cue file {path.name} in {CUE_DIR}")
    return load_cue_file(path)


def cue_files() -> list[Path]:
    return sorted(CUE_DIR.glob("*.tsv"))
