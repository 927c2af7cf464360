"""Care-team access: the one place that decides who may see which patient."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet

from memory.models import Patient


def patients_for(user: AbstractBaseUser | AnonymousUser) -> QuerySet[Patient]:
    """Patients the user may see: their care teams only (superusers see all)."""
    if not user.is_authenticated:
        return Patient.objects.none()
    if getattr(user, "is_superuser", False):
        return Patient.objects.all()
    return Patient.objects.filter(care_team=user)
