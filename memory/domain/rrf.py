"""Unit ranking: scan ranked fact lists into units, fuse them with RRF.

Paper §4.3 "Subject filtering and ranking" + Appendix C, docs/design.md §6.2-6.3:
each chain is one retrieval unit and each fact outside a chain is its own
unit. Each ranked list (BM25, dense) is scanned until it yields 32 distinct
units or 256 facts; the unit lists are fused with reciprocal rank fusion
(Cormack et al., 2009: score = Σ 1/(k + rank), rank 1-based, k = 60) and the
top 8 units are kept. The first fact through which a list reached a unit is
that unit's *Matched* fact (§6.4).

Ties are broken deterministically: higher score, then the best single rank,
then the order of first appearance (lists in the given order). Scores are
summed with math.fsum so that the result does not depend on list order.

Pure: no Django, no I/O; inputs are never mutated.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)

RRF_K = 60
TOP_UNITS = 8
MAX_UNITS = 32
MAX_FACTS = 256


def unit_key(fact_id: int, chain_id: int | None) -> str:
    """The retrieval unit of a fact: its chain, or the fact itself."""
    return f"chain:{chain_id}" if chain_id is not None else f"fact:{fact_id}"


@dataclass(frozen=True)
class ScannedUnit(Generic[K]):
    unit: K
    fact_id: int  # first matched fact of the unit in this list
    rank: int  # 1-based rank of the unit in this list


@dataclass(frozen=True)
class FusedUnit(Generic[K]):
    unit: K
    score: float
    matched_fact_id: int  # from the list in which the unit ranked best


def scan_units(
    ranked_facts: Sequence[tuple[int, K]],
    max_units: int = MAX_UNITS,
    max_facts: int = MAX_FACTS,
) -> list[ScannedUnit[K]]:
    """Distinct units in order of first appearance, reading at most
    `max_facts` facts and stopping once `max_units` units are found."""
    seen: dict[K, ScannedUnit[K]] = {}
    for fact_id, unit in ranked_facts[:max_facts]:
        if unit not in seen:
            seen[unit] = ScannedUnit(unit=unit, fact_id=fact_id, rank=len(seen) + 1)
            if len(seen) >= max_units:
                break
    return list(seen.values())


def rrf_fuse(
    ranked_lists: Sequence[Sequence[K]], k: int = RRF_K, top: int = TOP_UNITS
) -> list[tuple[K, float]]:
    """Reciprocal rank fusion of ranked key lists; a key repeated within one
    list counts at its first rank only."""
    terms: dict[K, list[float]] = {}
    best_rank: dict[K, int] = {}
    first_seen: dict[K, int] = {}
    for ranked in ranked_lists:
        seen_here: set[K] = set()
        for rank, key in enumerate(ranked, start=1):
            if key in seen_here:
                continue
            seen_here.add(key)
            terms.setdefault(key, []).append(1.0 / (k + rank))
            best_rank[key] = min(best_rank.get(key, rank), rank)
            first_seen.setdefault(key, len(first_seen))
    scored = [(key, math.fsum(values)) for key, values in terms.items()]
    scored.sort(key=lambda item: (-item[1], best_rank[item[0]], first_seen[item[0]]))
    return scored[:top]


def rank_units(
    ranked_fact_lists: Sequence[Sequence[tuple[int, K]]],
    k: int = RRF_K,
    top: int = TOP_UNITS,
    max_units: int = MAX_UNITS,
    max_facts: int = MAX_FACTS,
) -> list[FusedUnit[K]]:
    """§6.3 end to end: scan each (fact_id, unit) list, fuse, keep `top` units,
    each with its Matched fact from the list where it ranked best."""
    scans = [scan_units(facts, max_units, max_facts) for facts in ranked_fact_lists]
    matched: dict[K, ScannedUnit[K]] = {}
    for scan in scans:
        for hit in scan:
            if hit.unit not in matched or hit.rank < matched[hit.unit].rank:
                matched[hit.unit] = hit
    fused = rrf_fuse([[hit.unit for hit in scan] for scan in scans], k=k, top=top)
    return [FusedUnit(unit, score, matched[unit].fact_id) for unit, score in fused]
