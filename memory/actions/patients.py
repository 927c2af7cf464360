"""Creating patients: the record, its patient node, the creator on its care team,
and a `patient.create` audit event -- the same on every channel."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from memory.actions.audit import record
from memory.models import Patient, Person


class PatientIdTaken(ValueError):
    """The id is in use. Worded the same whether or not the caller may see that
    patient, so an answer never confirms that an id is on record."""

    def __init__(self) -> None:
        super().__init__("this id is not available")


def ensure_patient(
    external_id: str,
    display_name: str | None = None,
    *,
    actor: Any = None,
    channel: str = "system",
) -> tuple[Patient, bool]:
    """The patient with `external_id`, created (audited, `actor` on its care team)
    when it does not exist yet. Runs in the caller's transaction or its own."""
    with transaction.atomic():
        patient, created = Patient.objects.get_or_create(
            external_id=external_id, defaults={"display_name": display_name or ""}
        )
        if not created and display_name and not patient.display_name:
            patient.display_name = display_name
            patient.save(update_fields=["display_name"])
        Person.objects.get_or_create(
            patient=patient, key="patient", defaults={"kind": Person.Kind.PATIENT}
        )
        if created:
            _created(patient, actor=actor, channel=channel)
    return patient, created


def do_create_patient(
    external_id: str, display_name: str | None = None, *, actor: Any, channel: str
) -> Patient:
    """A new patient with `actor` on its care team; PatientIdTaken if the id is in use."""
    with transaction.atomic():
        if Patient.objects.filter(external_id=external_id).exists():
            raise PatientIdTaken()
        patient, _ = ensure_patient(external_id, display_name, actor=actor, channel=channel)
    return patient


def do_join_care_team(patient: Patient, user: Any, *, actor: Any = None, channel: str) -> None:
    """Put `user` on the patient's care team (audited when it changes anything)."""
    with transaction.atomic():
        if patient.care_team.filter(pk=user.pk).exists():
            return
        patient.care_team.add(user)
        record(
            "patient.care_team.add", actor=actor or user, channel=channel, patient=patient,
            obj=patient, after={"user": user.get_username()},
        )  # fmt: skip


def _created(patient: Patient, *, actor: Any, channel: str) -> None:
    if getattr(actor, "is_authenticated", False):
        patient.care_team.add(actor)
    record(
        "patient.create", actor=actor, channel=channel, patient=patient, obj=patient,
        after={"external_id": patient.external_id},
    )  # fmt: skip
