"""Read-side loaders: stored facts as FactView, chains as ChainMember lists.

Batched (one query per kind of row) so that a question costs a handful of
queries whatever the number of selected units.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.db.models import QuerySet

from memory.domain.chains import ChainMember
from memory.domain.evidence import FactView
from memory.models import Fact, FactEdge, Patient, Person

_FIELDS = (
    "id", "session__external_id", "session_id", "subject__key", "fact_type", "entity__name",
    "content", "status", "safety_kind", "assertion", "effective_date", "verification",
    "verification_reason", "order_note", "chain_id", "valid_from", "valid_to", "mention_count",
    "last_mentioned", "evidence_turn", "session__session_date", "value", "unit",
)  # fmt: skip
# Structured slots are read when the schema has them (added by a later migration).
_SLOTS = ("slots",) if any(f.name == "slots" for f in Fact._meta.get_fields()) else ()


def patient_person(patient: Patient) -> Person | None:
    """The patient's own subject node: the only person whose facts are ranked."""
    return Person.objects.filter(patient=patient, key="patient").first()


def _view(row: dict) -> FactView:
    return FactView(
        fact_id=row["id"],
        session_id=row["session__external_id"],
        session_pk=row["session_id"],
        subject=row["subject__key"],
        fact_type=row["fact_type"],
        entity=row["entity__name"] or "",
        content=row["content"],
        status=row["status"],
        safety_kind=row["safety_kind"],
        assertion=row["assertion"],
        date=row["effective_date"],
        verification=row["verification"],
        verification_reason=row["verification_reason"],
        order_note=row["order_note"],
        chain_id=row["chain_id"],
        valid_from=row["valid_from"],
        valid_to=row["valid_to"],
        mention_count=row["mention_count"],
        last_mentioned=row["last_mentioned"],
        evidence_turn=row["evidence_turn"],
        session_date=row["session__session_date"],
        value=row.get("value") or "",
        unit=row.get("unit") or "",
        slots=row.get("slots") or {},
    )


def views(queryset: QuerySet[Fact]) -> list[FactView]:
    return [_view(row) for row in queryset.values(*_FIELDS, *_SLOTS)]


def views_by_id(ids: Iterable[int]) -> dict[int, FactView]:
    wanted = list(set(ids))
    if not wanted:
        return {}
    return {v.fact_id: v for v in views(Fact.objects.filter(pk__in=wanted))}


def chains_of(chain_ids: Iterable[int]) -> dict[int, tuple[list[FactView], list[ChainMember]]]:
    """Every member of the given chains, by chain id, as views and as ChainMembers
    (for memory.domain.anchors), in insertion order, with stored supersedes edges."""
    rows = list(
        Fact.objects.filter(chain_id__in=list(set(chain_ids)))
        .order_by("chain_id", "chain_position", "id")
        .values(*_FIELDS, *_SLOTS, "event_date", "chain_position")
    )
    supersedes = dict(
        FactEdge.objects.filter(
            src_id__in=[r["id"] for r in rows], kind=FactEdge.Kind.SUPERSEDES
        ).values_list("src_id", "dst_id")
    )
    out: dict[int, tuple[list[FactView], list[ChainMember]]] = defaultdict(lambda: ([], []))
    for row in rows:
        views_, members = out[row["chain_id"]]
        views_.append(_view(row))
        members.append(_member(row, supersedes.get(row["id"])))
    return dict(out)


def _member(row: dict, supersedes: int | None) -> ChainMember:
    return ChainMember(
        fact_id=row["id"],
        fact_type=row["fact_type"],
        status=row["status"] or None,
        content=row["content"],
        event_date=row["event_date"],
        session_date=row["session__session_date"],
        position=row["chain_position"] if row["chain_position"] is not None else 0,
        valid_from=row["valid_from"],
        valid_to=row["valid_to"],
        verification=row["verification"],
        supersedes=supersedes,
        mention_count=row["mention_count"],
        last_mentioned=row["last_mentioned"],
    )
