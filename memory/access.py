"""Care-team access: the one place that decides who may see which patient."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from memory.models import Patient
from memory.queries import prepared
from memory.reading import read_cache


def patients_for(user: AbstractBaseUser | AnonymousUser) -> QuerySet[Patient]:
    """Patients the user may see: their care teams only (superusers see all)."""
    if not user.is_authenticated:
        return Patient.objects.none()
    if getattr(user, "is_superuser", False):
        return Patient.objects.all()
    return Patient.objects.filter(care_team=user)


# `patients_for(user).filter(external_id=...)` as one fixed, prepared statement: every
# API call and patient page runs it, and compiling the queryset cost more than running it.
_PATIENT_SQL = (
    f"SELECT {prepared.columns(Patient, 'p')} FROM {Patient._meta.db_table} p "
    "WHERE p.external_id = %s AND (%s OR EXISTS (SELECT 1 FROM "
    f"{Patient.care_team.through._meta.db_table} t WHERE t.patient_id = p.id AND t.user_id = %s))"
)


_PATIENT_SNAPSHOT_SQL = _PATIENT_SQL.replace(
    " FROM ", f", {read_cache.snapshot_columns('p.id')} FROM ", 1
)


def patient_for(user: AbstractBaseUser | AnonymousUser, external_id: str) -> Patient | None:
    """The patient `external_id` if `user` may see it (the rule of patients_for), else None."""
    if not user.is_authenticated:
        return None
    superuser = bool(getattr(user, "is_superuser", False))
    with prepared.cursor() as cur:
        cur.execute(_PATIENT_SQL, [external_id, superuser, user.pk])
        row = cur.fetchone()
    return None if row is None else prepared.instance(Patient, row)


def patient_and_snapshot(
    user: AbstractBaseUser | AnonymousUser, external_id: str
) -> tuple[Patient, read_cache.Snapshot] | None:
    """patient_for, with the patient's memory snapshot (read_cache.pinned) read in the
    same round trip, for the API call about to read the patient's memory."""
    if not user.is_authenticated:
        return None
    superuser = bool(getattr(user, "is_superuser", False))
    with prepared.cursor() as cur:
        cur.execute(_PATIENT_SNAPSHOT_SQL, [external_id, superuser, user.pk])
        row = cur.fetchone()
    if row is None:
        return None
    patient = prepared.instance(Patient, row[: -read_cache.SNAPSHOT_WIDTH])
    return patient, read_cache.snapshot_of(patient.pk, row[-read_cache.SNAPSHOT_WIDTH :])
