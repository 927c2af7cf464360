"""The stored records the web pages and the API show, with the relations each reads loaded.

Model instances, not FactViews: the pages render a record's own fields, links and
correction forms. One query per call; nothing here writes.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from django.db.models import Count, Max, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce

from memory.models import Chain, Entity, Fact, Patient, Person, Session, Turn
from memory.models.facts import in_force_q

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


# --- the patient pages (memory.web.records assembles them) -----------------------


def active_allergies(patient_ref: OuterRef | Patient) -> Q:
    """The patient's own allergies still in force: the list page's red badge."""
    return (
        Q(
            patient=patient_ref,
            subject__kind=Person.Kind.PATIENT,
            fact_type="safety",
            safety_kind="allergy",
            assertion="present",
        )
        & in_force_q()
    )


def _count(model: type, condition: Q) -> Coalesce:
    sub = (
        model.objects.filter(condition)
        .order_by()
        .values("patient")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(sub), 0)


def with_list_stats(patients: QuerySet[Patient]) -> QuerySet[Patient]:
    """Counts as subqueries: joining sessions and facts together would multiply them."""
    ref = OuterRef("pk")
    last = (
        Session.objects.filter(patient=ref)
        .order_by()
        .values("patient")
        .annotate(m=Max("session_date"))
    )
    return patients.annotate(
        n_sessions=_count(Session, Q(patient=ref)),
        n_facts=_count(Fact, Q(patient=ref)),
        n_allergies=_count(Fact, active_allergies(ref)),
        last_session=Subquery(last.values("m")),
    )


def records_of_chains(ids: list[int]) -> QuerySet[Fact]:
    """The records of the chains `ids`, in chain order, without their search columns."""
    return (
        Fact.objects.filter(chain_id__in=ids)
        .select_related("session", "subject", "entity")
        .defer("embedding", "search")
        .order_by("chain_position", "pk")
    )


def facts_of_person(person: Person) -> QuerySet[Fact]:
    """Every fact about one person (the patient or one relative)."""
    return Fact.objects.filter(subject=person)


def chains_of_person(person: Person) -> QuerySet[Chain]:
    return Chain.objects.filter(subject=person)


def unchained_records(person: Person, *, limit: int) -> list[Fact]:
    """The person's latest records outside any chain (symptoms, events, preferences),
    safety facts apart: they have their own never-truncated section."""
    return list(
        Fact.objects.filter(subject=person, chain__isnull=True)
        .exclude(fact_type="safety")
        .select_related("session", "entity")
        .order_by("-effective_date", "-pk")[:limit]
    )


def relatives_of(patient: Patient) -> QuerySet[Person]:
    """The patient's relatives and other people, by kind and key."""
    return patient.persons.exclude(kind=Person.Kind.PATIENT).order_by("kind", "key")


def memory_cutoff(patient: Patient) -> date | None:
    """The latest session date seen: the profile's first line (docs/design.md §5)."""
    return patient.sessions.aggregate(m=Max("session_date"))["m"]


def allergies_in_force(patient_ids: list[int]) -> QuerySet[Fact]:
    """The allergies in force of each of these patients themselves, oldest first."""
    return (
        Fact.objects.in_force()
        .filter(
            patient_id__in=patient_ids,
            subject__kind=Person.Kind.PATIENT,
            fact_type="safety",
            safety_kind="allergy",
            assertion="present",
        )
        .select_related("entity")
        .order_by("pk")
    )


def item_names(patient_id: int, *, limit: int) -> list[str]:
    """The names of the items the patient's facts are filed under, alphabetically."""
    names = (
        Entity.objects.filter(facts__patient_id=patient_id)
        .values_list("name", flat=True)
        .distinct()
        .order_by("name")
    )
    return list(names[:limit])


def persons_of(patient: Patient) -> list[Person]:
    """The patient's subject nodes (himself, relatives, others), by kind and key."""
    return list(patient.persons.order_by("kind", "key"))


def persons_besides(patient: Patient, person_id: int) -> list[Person]:
    """The patient's other subject nodes: where a fact of `person_id` may move to."""
    return list(patient.persons.exclude(pk=person_id).order_by("kind", "key"))


def patient_person(patient: Patient) -> Person:
    """The patient's own subject node (exactly one per patient)."""
    return patient.persons.get(kind=Person.Kind.PATIENT)


def sessions_newest_first(patient: Patient) -> QuerySet[Session]:
    return patient.sessions.order_by("-seq")


def sessions_by_date(patient: Patient) -> dict[date | None, list[Session]]:
    """The patient's sessions grouped by session date (None: undated), in arrival order."""
    out: dict[date | None, list[Session]] = {}
    for session in patient.sessions.order_by("seq"):
        out.setdefault(session.session_date, []).append(session)
    return out


def session_records(session: Session) -> list[Fact]:
    """The facts extracted from one session, with what the session viewer shows loaded."""
    rows = session.facts.select_related("subject", "entity", "chain", "session")
    return list(rows.order_by("pk"))


def session_turns(session: Session) -> list[Turn]:
    return list(session.turns.order_by("index"))
