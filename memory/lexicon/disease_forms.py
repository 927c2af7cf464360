"""Disease forms: a more specific form of a disease and the general name it goes by.

A patient with type 2 diabetes says "my diabetes", a note writes "diabetes
mellitus"; one with hypothyroidism speaks of "thyroid problems". data/forms.tsv
(hand-curated) pairs each specific form with its general name. Forms of one
general name are different diseases (type 1 and type 2 diabetes, hypo- and
hyperthyroidism) and never stand for each other: only the general name is
resolved to a specific form, and only where one single form is known
(memory.domain.entities.specific_form).
"""

from __future__ import annotations

import csv
from functools import lru_cache

from memory.lexicon._load import DATA_DIR


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    up: dict[str, str] = {}
    down: dict[str, list[str]] = {}
    with (DATA_DIR / "forms.tsv").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            specific, general = row["specific"].strip().lower(), row["general"].strip().lower()
            if specific and general and specific != general:
                up[specific] = general
                down.setdefault(general, []).append(specific)
    return up, {g: tuple(s) for g, s in down.items()}


def broader(canonical: str) -> str | None:
    """The general name of a specific disease form ("type 2 diabetes" -> "diabetes")."""
    return _tables()[0].get(canonical.strip().lower())


def narrower(canonical: str) -> tuple[str, ...]:
    """The specific forms a general disease name may stand for."""
    return _tables()[1].get(canonical.strip().lower(), ())


def pairs() -> tuple[tuple[str, str], ...]:
    """Every (specific form, general name) pair of the table."""
    return tuple(sorted(_tables()[0].items()))
