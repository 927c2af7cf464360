"""Stored facts as the readers see them: FactView rows, batched, no writes.

One query per call whatever the number of facts, selecting only the columns
a FactView carries (never the embedding or the search vector). The per-ask
lookups (by id, by asked item) use one fixed SQL text (VIEW_SQL) instead of
a queryset: compiling a queryset costs more CPU than running the query.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from django.db.models import QuerySet

from memory.domain.evidence import FactView
from memory.models import Fact, Patient, Person
from memory.queries import prepared

VIEW_FIELDS = (
    "id", "session__external_id", "session_id", "subject__key", "fact_type", "entity__name",
    "entity__name_zh", "content", "status", "safety_kind", "assertion", "effective_date",
    "verification", "verification_reason", "order_note", "chain_id", "valid_from", "valid_to",
    "mention_count", "last_mentioned", "evidence_turn", "session__session_date", "value", "unit",
    "slots", "date_precision", "corrected",
)  # fmt: skip


# VIEW_FIELDS in order, from the fact and its session, subject and entity.
VIEW_SQL = (
    "SELECT f.id, s.external_id, f.session_id, p.key, f.fact_type, e.name, e.name_zh, "
    "f.content, f.status, f.safety_kind, f.assertion, f.effective_date, f.verification, "
    "f.verification_reason, f.order_note, f.chain_id, f.valid_from, f.valid_to, "
    "f.mention_count, f.last_mentioned, f.evidence_turn, s.session_date, f.value, f.unit, "
    "f.slots, f.date_precision, f.corrected FROM memory_fact f "
    "LEFT JOIN memory_session s ON s.id = f.session_id "
    "LEFT JOIN memory_person p ON p.id = f.subject_id "
    "LEFT JOIN memory_entity e ON e.id = f.entity_id "
)


def views_sql(
    where: str, params: Sequence[object], order: str = "", limit: int | None = None
) -> list[FactView]:
    """FactViews of the facts matching the SQL condition `where` (aliases f, s, p, e),
    in `order` (default: Fact's own ordering), at most `limit`, one query."""
    tail = order or "f.patient_id, f.event_date, f.id"
    if limit is not None:
        tail += f" LIMIT {int(limit):d}"
    with prepared.cursor() as cur:
        cur.execute(f"{VIEW_SQL}WHERE {where} ORDER BY {tail}", params)
        rows = cur.fetchall()
    return [view_of_row(row) for row in rows]


def view_of_row(row: Sequence[Any]) -> FactView:
    """A FactView from a row of VIEW_SQL's columns."""
    values = dict(zip(VIEW_FIELDS, row, strict=True))
    if isinstance(values["slots"], str):  # jsonb arrives as text (Django's loader)
        values["slots"] = json.loads(values["slots"])
    return view_of(values)


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
        corrected=bool(row.get("corrected")),
    )


def views(queryset: QuerySet[Fact]) -> list[FactView]:
    """The queryset's facts as FactViews, in its order (one query)."""
    return [view_of(row) for row in queryset.values(*VIEW_FIELDS)]


def views_by_id(ids: Iterable[int]) -> dict[int, FactView]:
    wanted = sorted(set(ids))
    if not wanted:
        return {}
    return {v.fact_id: v for v in views_sql("f.id = ANY(%s)", [wanted])}
