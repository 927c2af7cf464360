"""Care-team scoping for API views (the same rule as the web pages)."""

from __future__ import annotations

from typing import Any, TypeVar

from django.db.models import Model, QuerySet
from rest_framework.exceptions import NotFound
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from memory.access import patient_and_snapshot
from memory.models import Patient
from memory.reading.read_cache import Snapshot
from memory.security_audit import audit_denied


def patient_or_404(request: Request, external_id: str) -> tuple[Patient, Snapshot]:
    """The patient, with its memory snapshot, if the caller is on its care team; 404
    otherwise, never 403, so that a non-member cannot tell an existing patient from an
    unknown one."""
    found = patient_and_snapshot(request.user, external_id)
    if found is None:
        audit_denied(
            request, "api", f"patient {external_id[:100]!r}: unknown or not on the care team"
        )
        raise NotFound("No such patient.")
    return found


M = TypeVar("M", bound=Model)


def own_or_404(request: Request, records: QuerySet[M], what: str, key: object, **lookup: Any) -> M:
    """The one record of `records` (already scoped to the caller's patient) matching
    `lookup`; else 404, audited: an id of another team's patient reached through one's
    own patient path is a refusal like the patient itself."""
    found = records.filter(**lookup).first()
    if found is None:
        audit_denied(request, "api", f"{what} {str(key)[:100]!r}: not a record of this patient")
        raise NotFound()
    return found


class IsAdministrator(BasePermission):
    """Staff or superusers: the audit log is not patient care, it is oversight."""

    message = "Administrators only."

    def has_permission(self, request: Request, view: Any) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and (user.is_staff or user.is_superuser))
