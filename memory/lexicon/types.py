"""Value types of the lexicon API."""

from __future__ import annotations

from dataclasses import dataclass

LEX_KINDS: tuple[str, ...] = ("drug", "drug_class", "disease", "test", "procedure", "symptom")


@dataclass(frozen=True)
class LexEntry:
    """One canonical clinical item with every surface form it is known by."""

    canonical: str  # English generic / class / condition / test name, lower case
    kind: str  # "drug" | "drug_class" | "disease" | "test" | "procedure" | "symptom"
    zh: str | None  # canonical Chinese name
    drug_class: str | None  # primary class canonical of a drug, else None
    aliases: tuple[str, ...]  # every surface form, both languages, brands included


@dataclass(frozen=True)
class Mention:
    """A dictionary hit in free text: text[start:end] == surface."""

    start: int
    end: int
    surface: str
    entry: LexEntry
