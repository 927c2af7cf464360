"""The stored records the web pages and the API show, with the relations each reads loaded.

Model instances, not FactViews: the pages render a record's own fields, links and
correction forms. One query per call; nothing here writes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db.models import QuerySet

from memory.models import Chain, Fact, Patient, Session

_FACT_RELATIONS = ("subject", "entity", "session", "chain")


def patient_fact(patient: Patient, fact_id: int) -> Fact | None:
    """The patient's fact `fact_id`, or None when it is not one of the patient's."""
    return Fact.objects.filter(pk=fact_id, patient=patient).select_related(*_FACT_RELATIONS).first()


def patient_session(patient: Patient, external_id: str) -> Session | None:
    """The patient's session by its external id, or None."""
    return Session.objects.filter(patient=patient, external_id=external_id).first()


def facts_by_id(patient: Patient, ids: Iterable[int]) -> dict[int, Fact]:
    """The patient's facts among `ids`, by id (ids of other patients are left out)."""
    facts = Fact.objects.filter(patient=patient, pk__in=set(ids)).select_related(
        "session", "entity", "subject", "chain"
    )
    return {f.pk: f for f in facts}


def sessions_of_patients(ids: Iterable[int], patients: QuerySet[Patient]) -> list[Session]:
    """The sessions among `ids` that belong to `patients`, by patient and arrival."""
    return list(
        Session.objects.filter(pk__in=list(ids), patient__in=patients)
        .select_related("patient")
        .order_by("patient__external_id", "seq")
    )


def timeline_facts(patient: Patient, filters: Mapping[str, Any]) -> list[Fact]:
    """The patient's facts for the timeline, newest day first, narrowed by the filter
    form's type, person (subject key), start and end (effective date)."""
    facts = Fact.objects.filter(patient=patient).select_related(*_FACT_RELATIONS)
    if filters.get("type"):
        facts = facts.filter(fact_type=filters["type"])
    if filters.get("person"):
        facts = facts.filter(subject__key=filters["person"])
    if filters.get("start"):
        facts = facts.filter(effective_date__gte=filters["start"])
    if filters.get("end"):
        facts = facts.filter(effective_date__lte=filters["end"])
    return list(facts.order_by("-effective_date", "session__seq", "evidence_turn", "pk"))


def chains_of_patient(patient: Patient) -> QuerySet[Chain]:
    """The patient's chains, the patient's own and each relative's, by person and type."""
    return Chain.objects.filter(patient=patient).order_by(
        "subject__kind", "subject__key", "fact_type"
    )


def facts_of_patient(patient: Patient) -> QuerySet[Fact]:
    """All the patient's facts, with subject, entity and session loaded (API lists)."""
    return Fact.objects.filter(patient=patient).select_related("subject", "entity", "session")


def named_chains(patient: Patient) -> QuerySet[Chain]:
    """The patient's chains with their person and entity loaded, in no set order."""
    return Chain.objects.filter(patient=patient).select_related("subject", "entity")


def chain_records(chain: Chain) -> QuerySet[Fact]:
    """A chain's facts in chain order, without their search columns."""
    return (
        Fact.objects.filter(chain=chain)
        .select_related("subject", "entity", "session")
        .defer("embedding", "search")
        .order_by("chain_position", "pk")
    )
