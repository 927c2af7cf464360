"""Is-a relations between disease names, for judging whether two names speak of
the same condition at different levels of detail (a note's "sinusitis" and a
record's "infection"; a record's "COPD" and a note's "lung disease").

Data: data/disease_isa.tsv (hand-curated, specific -> general), the disease forms
of data/forms.tsv, and two rules of medical word formation: a name ending in
"-itis" (Chinese 炎) is an inflammation, and "<organ> cancer" or a carcinoma is a
cancer. Unlike forms.tsv, these relations never merge records in the graph: a
patient's "infection" is not folded into a sinusitis he also has.
"""

from __future__ import annotations

import csv
import re
from functools import lru_cache

from memory.lexicon._load import DATA_DIR
from memory.lexicon.disease_forms import broader

_INFLAMMATION = re.compile(r"itis$|炎$")
_CANCER = re.compile(r"\bcancers?$|carcinoma\b|癌$")


@lru_cache(maxsize=1)
def _parents() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    with (DATA_DIR / "disease_isa.tsv").open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            specific, general = row["specific"].strip().lower(), row["general"].strip().lower()
            if specific and general and specific != general:
                out.setdefault(specific, []).append(general)
    return {name: tuple(up) for name, up in out.items()}


def _direct(name: str) -> list[str]:
    up = list(_parents().get(name, ()))
    form = broader(name)
    if form:
        up.append(form)
    if _INFLAMMATION.search(name) and name != "inflammation":
        up.append("inflammation")
    if _CANCER.search(name) and name != "cancer":
        up.append("cancer")
    return up


@lru_cache(maxsize=4096)
def ancestors(canonical: str) -> tuple[str, ...]:
    """Every more general name of a disease, nearest first (a cycle ends the walk)."""
    out: list[str] = []
    todo = _direct(canonical.strip().lower())
    while todo:
        name = todo.pop(0)
        if name not in out and name != canonical:
            out.append(name)
            todo.extend(_direct(name))
    return tuple(out)


def same_condition(a: str, b: str) -> bool:
    """The two names speak of one condition: equal, or one is-a the other."""
    a, b = a.strip().lower(), b.strip().lower()
    return a == b or b in ancestors(a) or a in ancestors(b)
