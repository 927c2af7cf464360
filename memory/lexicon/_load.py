"""Parse the curated TSV tables in data/ into LexEntry values.

Each table has a header line; list cells are '|'-separated and may mix
English and Chinese surface forms (the language is detected per form).
"""

from __future__ import annotations

import csv
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from memory.lexicon.types import LexEntry

DATA_DIR = Path(__file__).resolve().parent / "data"


@dataclass(frozen=True)
class Tables:
    entries: tuple[LexEntry, ...]
    # class canonical -> direct parent class canonical (for nested membership)
    class_parent: dict[str, str]
    # drug canonical -> every class it belongs to (first = LexEntry.drug_class)
    drug_classes: dict[str, tuple[str, ...]]
    # surface forms only used by lookup(), never searched in free text
    # (two-character Chinese brand names such as 可定 occur inside ordinary words)
    lookup_only: frozenset[str]
    # test canonical -> "lab" | "vital"
    test_category: dict[str, str]
    # procedure canonical -> "surgery" | "endoscopy" | "cardiac" | ... (procedures.tsv)
    procedure_category: dict[str, str] = field(default_factory=dict)
    # entries only lookup() resolves, never found in free text (symptoms.tsv)
    names_only: frozenset[LexEntry] = frozenset()


def _rows(name: str) -> Iterator[dict[str, str]]:
    path = DATA_DIR / name
    if not path.exists():
        return
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            if not (row.get("canonical") or "").strip():
                continue
            yield {k: (v or "").strip() for k, v in row.items() if k}


def _split(cell: str) -> list[str]:
    return [part.strip() for part in cell.split("|") if part.strip()]


def _aliases(canonical: str, zh: str, *cells: str) -> tuple[str, ...]:
    seen: dict[str, None] = {canonical: None}
    if zh:
        seen[zh] = None
    for cell in cells:
        for form in _split(cell):
            seen.setdefault(form, None)
    return tuple(seen)


def _short_zh_brands(brands: str) -> set[str]:
    return {b for b in _split(brands) if len(b) <= 2 and not b.isascii()}


def _load_drugs(files: tuple[str, ...]) -> tuple[list[LexEntry], dict, set[str]]:
    merged: dict[str, dict[str, str]] = {}
    for name in files:
        for row in _rows(name):
            canon = row["canonical"].lower()
            prev = merged.get(canon)
            if prev is None:
                merged[canon] = dict(row, canonical=canon)
                if name != files[0]:  # machine-derived brands: lookup only, see Tables
                    merged[canon]["generated_brands"] = row.get("brands", "")
                continue
            # a later (generated) table only adds forms; curated values win
            for col in ("aliases", "classes"):
                prev[col] = "|".join(filter(None, (prev.get(col, ""), row.get(col, ""))))
            prev["generated_brands"] = row.get("brands", "")
            prev["zh"] = prev.get("zh") or row.get("zh", "")
    _add_misspellings(merged)
    entries, classes, short = [], {}, set()
    for canon, row in merged.items():
        cls = tuple(dict.fromkeys(c.lower() for c in _split(row.get("classes", ""))))
        classes[canon] = cls
        short |= _short_zh_brands(row.get("brands", ""))
        short |= set(_split(row.get("generated_brands", "")))
        entries.append(
            LexEntry(
                canonical=canon,
                kind="drug",
                zh=row.get("zh") or None,
                drug_class=cls[0] if cls else None,
                aliases=_aliases(
                    canon,
                    row.get("zh", ""),
                    row.get("aliases", ""),
                    row.get("brands", ""),
                    row.get("generated_brands", ""),
                ),
            )
        )
    return entries, classes, short


def _add_misspellings(merged: dict[str, dict[str, str]]) -> None:
    """Common misspellings and transcription spellings of frequent drugs ("metropolol",
    "trazadone", "zarelto") resolve like the drug's own names (drug_misspellings.tsv)."""
    for row in _rows("drug_misspellings.tsv"):
        canon = row["canonical"].lower()
        if canon not in merged:
            raise ValueError(f"drug_misspellings.tsv: {canon!r} is no drug of drugs.tsv")
        target = merged[canon]
        target["aliases"] = "|".join(filter(None, (target.get("aliases", ""), row["misspellings"])))


def _load_simple(name: str, kind: str) -> Iterator[tuple[LexEntry, dict[str, str]]]:
    for row in _rows(name):
        canon = row["canonical"].lower()
        zh = row.get("zh", "")
        yield (
            LexEntry(
                canonical=canon,
                kind=kind,
                zh=zh or None,
                drug_class=None,
                aliases=_aliases(canon, zh, row.get("aliases", "")),
            ),
            row,
        )


def load_tables(include_generated: bool = True) -> Tables:
    """Parse every table; build.py passes include_generated=False to see only curated rows."""
    extra = ("drugs_extra.tsv",) if include_generated else ()
    drugs, drug_classes, short = _load_drugs(("drugs.tsv", *extra))
    entries: list[LexEntry] = list(drugs)
    class_parent: dict[str, str] = {}
    for entry, row in _load_simple("classes.tsv", "drug_class"):
        entries.append(entry)
        if row.get("parent"):
            class_parent[entry.canonical] = row["parent"].lower()
    for name in ("diseases.tsv", "diseases_extra.tsv") if include_generated else ("diseases.tsv",):
        entries.extend(entry for entry, _ in _load_simple(name, "disease"))
    test_category: dict[str, str] = {}
    for entry, row in _load_simple("tests.tsv", "test"):
        entries.append(entry)
        test_category[entry.canonical] = row.get("category", "lab") or "lab"
    # Procedures load last: a surface form shared with a drug, disease or test
    # keeps its earlier meaning (a procedure alias never hides a drug).
    procedure_category: dict[str, str] = {}
    for entry, row in _load_simple("procedures.tsv", "procedure"):
        entries.append(entry)
        procedure_category[entry.canonical] = row.get("category", "surgery") or "surgery"
    # Names only (symptoms.tsv): the English/Chinese pair of a symptom or condition
    # the recognizers find by other means (MeSH, the extractor's symptom words), so
    # that 头晕 reads "dizziness" in English and "exanthema" reads 皮疹 in Chinese.
    # Lookup-only: free-text detection is left as it was.
    names_only: set[LexEntry] = set()
    # allergens.tsv: the same for what people react to that is no drug (foods, pollens,
    # animals, materials), so that 芝麻 reads "sesame" and one substance is one row.
    named_rows = [
        *_load_simple("symptoms.tsv", "symptom"),
        *_load_simple("allergens.tsv", "allergen"),
    ]
    for entry, row in named_rows:
        named = LexEntry(
            entry.canonical, row.get("kind") or "symptom", entry.zh, None, entry.aliases
        )
        entries.append(named)
        names_only.add(named)
    return Tables(
        tuple(entries),
        class_parent,
        drug_classes,
        frozenset(short),
        test_category,
        procedure_category,
        frozenset(names_only),
    )
