"""Retrieval for one patient (docs/design.md §6, paper §4.3 + Appendix C): one pass, no LLM.

    evidence = retrieve(patient, "What dose of valsartan now?", at=None)
    evidence.items        # EvidenceItem list in render order
    evidence.units        # the ≤ 8 selected unit keys, best first

Subject filter -> units (chain | single fact) -> lexical + dense lists, each
scanned to 32 units / 256 facts -> RRF -> top 8 units -> chain context
(Matched / Anchor / Relation) -> ≤ 4 causal neighbours -> date channel
(≤ 12 + ≤ 4) -> source windows (top 3) -> raw-turn fallback (< 2 facts).
"""

from __future__ import annotations

import time
from calendar import monthrange
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import TypeVar

from memory.domain.dates import parse_explicit_date
from memory.domain.evidence import EvidenceItem
from memory.domain.rrf import rank_units
from memory.indexing import current_embedder
from memory.models import Patient
from memory.queries.facts import patient_person
from memory.reading import read_cache
from memory.retrieval.context import causal_items, date_items, unit_items
from memory.retrieval.ranking import check_query_space, embed_query, ranked_facts
from memory.retrieval.sources import MIN_FACTS, fallback_items, source_items

__all__ = ["Evidence", "asked_window", "retrieve"]

T = TypeVar("T")


@dataclass
class Evidence:
    patient_id: int
    question: str
    at: date | None
    asked: date | None  # the date chains are read at (None = now)
    window: tuple[date, date] | None  # the date channel's window, if open
    units: list[str] = field(default_factory=list)
    items: list[EvidenceItem] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)

    @property
    def fact_items(self) -> list[EvidenceItem]:
        return [i for i in self.items if i.fact is not None]

    def role(self, role: str) -> list[EvidenceItem]:
        return [i for i in self.items if i.role == role]


def asked_window(question: str, at: date | None) -> tuple[date | None, tuple[date, date] | None]:
    """(date chains are read at, date-channel window) from the question or `at`.

    An explicit date with a year in the question wins over `at`. A month
    ("March 2024") opens the whole month and reads chains at its last day, so
    a change during the month shows as anchor with its predecessor as relation.
    """
    found = parse_explicit_date(question)
    if found is not None:
        day, precision = found
        if precision == "month":
            end = day.replace(day=monthrange(day.year, day.month)[1])
            return end, (day.replace(day=1), end)
        return day, (day, day)
    if at is not None:
        return at, (at, at)
    return None, None


def retrieve(patient: Patient, question: str, at: date | None = None) -> Evidence:
    started = time.perf_counter()
    asked, window = asked_window(question, at)
    evidence = Evidence(patient.pk, question, at, asked, window)
    # The patient's own subject node, cached by memory version (persons move it).
    person = read_cache.cached(patient.pk, ("person",), lambda: patient_person(patient))
    if person is None:
        return evidence
    clock = _Clock(evidence.timings_ms)
    check_query_space(patient.pk, current_embedder())
    vector = clock("embed", lambda: embed_query(question))
    lexical, dense = clock("ranking", lambda: ranked_facts(patient.pk, person.pk, question, vector))
    fused = rank_units([lexical, dense])
    evidence.units = [u.unit for u in fused]
    items = clock("context", lambda: unit_items(patient.pk, fused, asked))
    matched = [i.fact for i in items if i.role == "matched" and i.fact is not None]
    present = {i.fact_id for i in items if i.fact_id is not None}
    items += clock("causal", lambda: causal_items(matched, person.pk, present))
    if window is not None:
        present = {i.fact_id for i in items if i.fact_id is not None}
        rank = relevance([lexical, dense])
        items += clock("date", lambda: date_items(patient.pk, person.pk, window, present, rank))
    items += clock("sources", lambda: source_items(matched))
    if sum(1 for i in items if i.fact is not None) < MIN_FACTS:
        items += clock("fallback", lambda: fallback_items(patient.pk, question, vector))
    evidence.items = items
    evidence.timings_ms["total"] = (time.perf_counter() - started) * 1000
    return evidence


def relevance(lists: list[list[tuple[int, str]]]) -> dict[int, int]:
    """Best rank of each fact in the ranked lists (0 = most relevant)."""
    best: dict[int, int] = {}
    for ranked in lists:
        for position, (fact_id, _) in enumerate(ranked):
            best[fact_id] = min(position, best.get(fact_id, position))
    return best


class _Clock:
    def __init__(self, sink: dict[str, float]) -> None:
        self.sink = sink

    def __call__(self, name: str, fn: Callable[[], T]) -> T:
        t = time.perf_counter()
        out = fn()
        self.sink[name] = (time.perf_counter() - t) * 1000
        return out
