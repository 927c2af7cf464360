"""Stored facts as the readers see them: FactView rows, batched, no writes.

One query per call whatever the number of facts, selecting only the columns
a FactView carries (never the embedding or the search vector).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import QuerySet

from memory.domain.evidence import FactView
from memory.models import Fact, Patient, Person

VIEW_FIELDS = (
    "id", "session__external_id", "session_id", "subject__key", "fact_type", "entity__name",
    "entity__name_zh", "content", "status", "safety_kind", "assertion", "effective_date",
    "verification", "verification_reason", "order_note", "chain_id", "valid_from", "valid_to",
    "mention_count", "last_mentioned", "evidence_turn", "session__session_date", "value", "unit",
    "slots", "date_precision",
)  # fmt: skip


def patient_person(patient: Patient) -> Person | None:
    """The patient's own subject node: the only person whose facts are ranked."""
    return Person.objects.filter(patient=patient, key="patient").first()


def view_of(row: dict[str, Any]) -> FactView:
    """A FactView from a `.values(*VIEW_FIELDS)` row."""
    return FactView(
        fact_id=row["id"],
        session_id=row["session__external_id"],
        session_pk=row["session_id"],
        subject=row["subject__key"],
        fact_type=row["fact_type"],
        entity=row["entity__name"] or "",
        entity_zh=row["entity__name_zh"] or "",
        content=row["content"],
        status=row["status"],
        safety_kind=row["safety_kind"],
        assertion=row["assertion"],
        date=row["effective_date"],
        date_precision=row["date_precision"] or "day",
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
        value=row["value"] or "",
        unit=row["unit"] or "",
        slots=row["slots"] or {},
    )


def views(queryset: QuerySet[Fact]) -> list[FactView]:
    """The queryset's facts as FactViews, in its order (one query)."""
    return [view_of(row) for row in queryset.values(*VIEW_FIELDS)]


def views_by_id(ids: Iterable[int]) -> dict[int, FactView]:
    wanted = list(set(ids))
    if not wanted:
        return {}
    return {v.fact_id: v for v in views(Fact.objects.filter(pk__in=wanted))}
