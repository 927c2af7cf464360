"""Drug ancestry from the lexicon: a drug, then its classes, nearest first."""

from __future__ import annotations

from functools import lru_cache

from memory.lexicon import lookup
from memory.lexicon._index import get_index


def _class_line(cls: str, parent: dict[str, str]) -> list[str]:
    out: list[str] = []
    while cls and cls not in out:  # a cycle typed into the table ends the walk
        out.append(cls)
        cls = parent.get(cls, "")
    return out


@lru_cache(maxsize=4096)
def ancestry(name: str) -> tuple[str, ...]:
    """(canonical, class, parent class, ...) for any surface form; () if unknown.

    A drug in two classes (aspirin: antiplatelets and NSAIDs) lists each class
    line in table order, so both classes are matched.
    """
    entry = lookup(name)
    if entry is None or entry.kind not in ("drug", "drug_class"):
        return ()
    tables = get_index().tables
    if entry.kind == "drug_class":
        return tuple(_class_line(entry.canonical, tables.class_parent))
    line = [entry.canonical]
    for cls in tables.drug_classes.get(entry.canonical, ()):
        line.extend(c for c in _class_line(cls, tables.class_parent) if c not in line)
    return tuple(line)
