"""The audit trail of facts as the pages show it: a fact's history, its last change,
and the safety facts of the oversight page. Nothing here writes (memory.actions.audit does).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet

from memory.models import AuditEvent, Fact, Patient

HISTORY_LIMIT = 50  # events shown under a fact, newest first
SAFETY_AUDIT_LIMIT = 1000  # facts on one safety-audit page


def _of_fact(fact_id: int) -> QuerySet[AuditEvent]:
    return AuditEvent.objects.filter(object_type="Fact", object_id=str(fact_id))


def fact_history(fact_id: int) -> list[AuditEvent]:
    """The latest HISTORY_LIMIT events of a fact (views and changes), newest first."""
    return list(_of_fact(fact_id).select_related("actor")[:HISTORY_LIMIT])


def latest_fact_event(fact_id: int) -> AuditEvent | None:
    """The newest event of a fact, or None."""
    return _of_fact(fact_id).first()


def last_changes(fact_ids: Iterable[int]) -> dict[str, AuditEvent]:
    """The latest change (not view) per fact, keyed by the fact id as text, in one query."""
    events = (
        AuditEvent.objects.filter(object_type="Fact", object_id__in=[str(i) for i in fact_ids])
        .filter(action__startswith="fact.")
        .select_related("actor")
        .order_by("object_id", "-at", "-id")
        .distinct("object_id")
    )
    return {e.object_id: e for e in events}


def safety_facts(patients: QuerySet[Patient], kind: str = "", verification: str = "") -> list[Fact]:
    """The safety facts of these patients (optionally of one kind and one verification),
    by patient, kind and id; at most SAFETY_AUDIT_LIMIT."""
    facts = Fact.objects.filter(fact_type="safety", patient__in=patients).select_related(
        "patient", "subject", "session"
    )
    if kind:
        facts = facts.filter(safety_kind=kind)
    if verification:
        facts = facts.filter(verification=verification)
    return list(facts.order_by("patient__external_id", "safety_kind", "pk")[:SAFETY_AUDIT_LIMIT])
