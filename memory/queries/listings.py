"""The querysets the REST API lists, each row annotated with the counts its
serializer shows, and the patient search the API and the list page share. DRF
views take them as their queryset: pagination and the caller's own filters stay
the view's; no model manager is reached from api/."""

from __future__ import annotations

from django.db.models import Count, Max, Q, QuerySet

from memory.models import Patient, Person, Session


def patients_matching(patients: QuerySet[Patient], query: str) -> QuerySet[Patient]:
    """The patients whose id or name contains `query` (the list pages' search box)."""
    return patients.filter(Q(display_name__icontains=query) | Q(external_id__icontains=query))


def patients_with_counts(patients: QuerySet[Patient]) -> QuerySet[Patient]:
    """Each patient with its number of sessions and its memory cutoff (latest session date)."""
    return patients.annotate(
        session_count=Count("sessions", distinct=True), memory_cutoff=Max("sessions__session_date")
    )


def patient_with_counts(patient: Patient) -> Patient:
    return patients_with_counts(Patient.objects.filter(pk=patient.pk)).get()


def persons_with_counts(patient: Patient) -> QuerySet[Person]:
    """The patient's subject nodes (himself, relatives, others), each with its fact count."""
    return (
        Person.objects.filter(patient=patient)
        .annotate(fact_count=Count("facts"))
        .order_by("kind", "key")
    )


def sessions_of(patient: Patient) -> QuerySet[Session]:
    return Session.objects.filter(patient=patient)


def sessions_with_turn_counts(patient: Patient) -> QuerySet[Session]:
    return sessions_of(patient).annotate(turn_count=Count("turns"))


def session_with_turn_count(session: Session) -> Session:
    return Session.objects.filter(pk=session.pk).annotate(turn_count=Count("turns")).get()
