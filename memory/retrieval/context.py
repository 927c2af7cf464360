"""Chain context, causal expansion and the date channel (docs/design.md §6.4-§6.6).

Budgets (paper Appendix C): per selected chain up to three facts (Matched,
Anchor, Relation); at most 4 causal neighbours of matched facts; the date
channel adds at most 12 records dated inside the window plus at most 4
medication/diagnosis records in force at its start. Every query here is
restricted to the patient's own Person node.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from memory.domain.anchors import Anchor
from memory.domain.chains import EXCLUDED_VERIFICATIONS, ChainMember, is_plan
from memory.domain.evidence import EvidenceItem, FactView
from memory.domain.rrf import FusedUnit, unit_key
from memory.domain.types import MEASUREMENT_CHAIN_TYPES
from memory.models import FactEdge
from memory.queries import prepared
from memory.queries.facts import VIEW_SQL, view_of_row, views_by_id, views_sql
from memory.retrieval.chain_state import ChainState, chain_states

MAX_CAUSAL = 4
MAX_DATE_RECORDS = 12
MAX_IN_FORCE = 4
IN_FORCE_TYPES = ("medication_status", "condition")
MAX_CANDIDATES = 256


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _anchor_marks(a: Anchor, fact_type: str, asked: date | None) -> list[str]:
    if fact_type in MEASUREMENT_CHAIN_TYPES:
        marks = ["latest" + (f" on or before {asked}" if asked else " measurement")]
    elif not a.in_force:
        marks = [f"NOT in force on {asked}; shown as the current record (chain tail)"]
    else:
        marks = [f"in force on {asked}" if asked else "current (chain tail)"]
    if a.pending_plan is not None:
        marks.append(f"pending plan: {_short(a.pending_plan.content)}")
    return marks + list(a.notes)


def _other_marks(
    member: ChainMember, place: dict[int, int], a: Anchor, current: ChainMember | None
) -> list[str]:
    marks: list[str] = []
    if member.fact_id not in place:  # struck out by a clinician: shown, never relied on
        return ["not in force (corrected by a clinician)"]
    if current is not None and member.fact_id == current.fact_id:
        marks.append("current (chain tail)")
    elif is_plan(member):
        marks.append("planned")
    elif a.member is not None and place[member.fact_id] < place.get(a.member.fact_id, -1):
        measure = member.fact_type in MEASUREMENT_CHAIN_TYPES
        marks.append("earlier measurement" if measure else "superseded")
    else:
        marks.append("later record")
    if member.fact_type not in MEASUREMENT_CHAIN_TYPES and member.valid_from:
        marks.append(f"valid {member.valid_from}..{member.valid_to or 'open'}")
    return marks


def chain_items(
    chain_id: int, matched_id: int, state: ChainState, asked: date | None
) -> list[EvidenceItem]:
    """Matched / Anchor / Relation of one chain (each fact once)."""
    a, current = state.anchor, state.current
    unit = unit_key(matched_id, chain_id)
    picks = [("matched", matched_id)]
    for role, m in (("anchor", a.member), ("relation", a.relation)):
        if m is not None and all(m.fact_id != fid for _, fid in picks):
            picks.append((role, m.fact_id))
    items = []
    for role, fid in picks:
        is_anchor = a.member is not None and fid == a.member.fact_id
        if is_anchor:
            marks = _anchor_marks(a, state.fact_type, asked)
        else:
            marks = _other_marks(state.members[fid], state.place, a, current)
        items.append(
            EvidenceItem(role, state.views[fid], marks=tuple(marks), unit=unit, is_anchor=is_anchor)
        )
    return items


def unit_items(
    patient_id: int, fused: Sequence[FusedUnit[str]], asked: date | None
) -> list[EvidenceItem]:
    chain_ids = [int(u.unit.split(":")[1]) for u in fused if u.unit.startswith("chain:")]
    chains = chain_states(patient_id, chain_ids, asked)
    singles = views_by_id(u.matched_fact_id for u in fused if u.unit.startswith("fact:"))
    items: list[EvidenceItem] = []
    for u in fused:
        if u.unit.startswith("chain:"):
            chain_id = int(u.unit.split(":")[1])
            items += chain_items(chain_id, u.matched_fact_id, chains[chain_id], asked)
        else:
            fact = singles[u.matched_fact_id]
            items.append(EvidenceItem(role="matched", fact=fact, unit=u.unit, is_anchor=True))
    return items


def causal_items(
    matched: Sequence[FactView], person_id: int, present: set[int]
) -> list[EvidenceItem]:
    """≤ 4 causal neighbours (cause -> effect) of matched facts, patient's facts only."""
    ids = [f.fact_id for f in matched]
    if not ids:
        return []
    rank = {fid: i for i, fid in enumerate(ids)}
    found: list[tuple[int, int, str]] = []
    edges, facts = _causal_edges(ids, person_id)
    for src, dst in edges:
        if src in rank and dst not in present:
            found.append((rank[src], dst, f"caused by matched fact: {_short_of(matched, src)}"))
        if dst in rank and src not in present:
            found.append((rank[dst], src, f"cause of matched fact: {_short_of(matched, dst)}"))
    chosen: dict[int, str] = {}
    for _, fid, mark in sorted(found):
        if fid not in chosen and len(chosen) < MAX_CAUSAL:
            chosen[fid] = mark
    return [EvidenceItem(role="causal", fact=facts[f], marks=(m,)) for f, m in chosen.items()]


# Cause -> effect edges touching the matched facts whose other end is the patient's own
# fact, with that other end's view: one round trip (both directions, UNION ALL).
_CAUSAL_SQL = " UNION ALL ".join(
    VIEW_SQL.replace("SELECT ", "SELECT x.src_id, x.dst_id, ", 1).replace(
        "FROM memory_fact f ", f"FROM memory_factedge x JOIN memory_fact f ON f.id = x.{other} ", 1
    )
    + f"WHERE x.kind = %s AND x.{end} = ANY(%s) AND f.subject_id = %s"
    for end, other in (("src_id", "dst_id"), ("dst_id", "src_id"))
)


def _causal_edges(
    ids: list[int], person_id: int
) -> tuple[list[tuple[int, int]], dict[int, FactView]]:
    """(edges, views of their other ends) for the matched facts `ids`."""
    kind = FactEdge.Kind.CAUSES.value
    with prepared.cursor() as cur:
        cur.execute(_CAUSAL_SQL, [kind, ids, person_id, kind, ids, person_id])
        rows = cur.fetchall()
    edges = [(row[0], row[1]) for row in rows]
    return edges, {view.fact_id: view for view in (view_of_row(row[2:]) for row in rows)}


def _short_of(matched: Sequence[FactView], fact_id: int) -> str:
    fact = next(f for f in matched if f.fact_id == fact_id)
    return _short(f"{fact.entity} {fact.content}".strip())


def date_items(
    patient_id: int,
    person_id: int,
    window: tuple[date, date],
    present: set[int],
    relevance: dict[int, int] | None = None,
) -> list[EvidenceItem]:
    """≤ 12 patient records dated in the window, then ≤ 4 medication/diagnosis
    records in force at its start -- in both, the records most relevant to the
    question first (never by type: four diagnoses must not crowd out the
    anticoagulant the question is about). Corrected records take no part."""
    start, end = window
    rank = relevance or {}
    mine = [patient_id, person_id, sorted(present)]
    candidates = views_sql(
        _MINE + "AND f.effective_date >= %s AND f.effective_date <= %s",
        [*mine, start, end], order="f.effective_date, f.id", limit=MAX_CANDIDATES,
    )  # fmt: skip
    dated = sorted(_most_relevant(candidates, rank, MAX_DATE_RECORDS), key=_by_date)
    label = f"dated {start}" if start == end else f"dated in {start}..{end}"
    in_force = views_sql(
        _MINE + "AND f.fact_type = ANY(%s) AND f.valid_from <= %s AND f.assertion = 'present' "
        "AND (f.valid_to IS NULL OR f.valid_to > %s) AND f.status <> 'planned' "
        "AND NOT f.id = ANY(%s::bigint[])",
        [*mine, list(IN_FORCE_TYPES), start, start, [f.fact_id for f in dated]],
        order="f.valid_from DESC, f.id", limit=MAX_CANDIDATES,
    )  # fmt: skip
    return [EvidenceItem(role="date", fact=f, marks=(label,)) for f in dated] + [
        EvidenceItem(role="date", fact=f, marks=(f"in force on {start}",))
        for f in _most_relevant(in_force, rank, MAX_IN_FORCE)
    ]


# The patient's own records in force (docs/design.md §3: a record a clinician struck
# out is shown, never relied on), less those already in the evidence.
_MINE = (
    "f.patient_id = %s AND f.subject_id = %s AND NOT f.id = ANY(%s::bigint[]) "
    "AND f.verification NOT IN ("
    + ", ".join(f"'{v}'" for v in sorted(EXCLUDED_VERIFICATIONS))
    + ") "
)


def _by_date(fact: FactView) -> tuple[date, int]:
    return (fact.date or date.min, fact.fact_id)


def _most_relevant(facts: list[FactView], rank: dict[int, int], limit: int) -> list[FactView]:
    """The `limit` facts ranked best for the question (stable: unranked keep their order)."""
    unranked = len(rank) + 1
    order = sorted(enumerate(facts), key=lambda p: (rank.get(p[1].fact_id, unranked), p[0]))
    return [f for _, f in order[:limit]]
