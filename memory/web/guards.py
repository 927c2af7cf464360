"""Care-team checks and view auditing shared by every patient page.

A user outside a patient's care team gets 403 whether or not the patient
exists, so the answer never leaks which patient ids are on record.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from memory.access import patient_for
from memory.actions.audit import record
from memory.models import Fact, Patient, Session
from memory.queries.pages import patient_fact, patient_session
from memory.security_audit import audit_denied


def patient_or_403(request: HttpRequest, external_id: str, *, page: str | None = None) -> Patient:
    """The patient if the user is on its care team; audits the view when `page` is given."""
    patient = patient_for(request.user, external_id)
    if patient is None:
        audit_denied(request, "web", f"patient {external_id[:100]!r}: not on the care team")
        raise PermissionDenied
    if page is not None:
        audit_view(request, patient, page)
    return patient


def fact_or_403(request: HttpRequest, patient: Patient, fact_id: int) -> Fact:
    fact = patient_fact(patient, fact_id)
    if fact is None:
        audit_denied(request, "web", f"fact {fact_id}: not a fact of this patient")
        raise PermissionDenied
    return fact


def session_or_none(request: HttpRequest, patient: Patient, external_id: str) -> Session | None:
    """The patient's session `external_id`; None (audited as a refusal) when the
    patient has none by that id: the caller answers 404 on the patient's own page."""
    session = patient_session(patient, external_id)
    if session is None:
        audit_denied(
            request, "web", f"session {external_id[:100]!r}: not a session of this patient"
        )
    return session


def staff_or_403(request: HttpRequest, page: str) -> None:
    """Oversight pages are for staff: anyone else gets a plain 403 (not a detour to
    the admin login), audited like a care-team refusal."""
    if not request.user.is_staff:
        audit_denied(request, "web", f"{page}: staff only")
        raise PermissionDenied


def audit_view(request: HttpRequest, patient: Patient, page: str, **details: object) -> None:
    after = {"page": page, **{k: v for k, v in details.items() if v not in (None, "")}}
    record("patient.view", actor=request.user, channel="web", patient=patient, after=after)
