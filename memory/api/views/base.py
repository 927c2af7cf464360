"""Base views: one error shape, the upload size limit, care-team scoping, audit."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.utils import OpenApiResponse
from rest_framework import generics
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request

from memory.actions.audit import record
from memory.api.authentication import HashedTokenAuthentication
from memory.api.errors import PayloadTooLarge, api_exception_handler
from memory.api.permissions import patient_or_404
from memory.api.serializers import ErrorSerializer
from memory.models import Patient
from memory.reading.read_cache import Snapshot


def errors(*statuses: int) -> dict[int, OpenApiResponse]:
    """OpenAPI responses for the error statuses an endpoint can return."""
    text = {
        400: "Invalid request; `fields` names each bad field.",
        401: "Not authenticated.",
        403: "Not allowed.",
        404: "Unknown, or not on the caller's care team (indistinguishable on purpose); "
        "for lists also a page out of range.",
        409: "Conflict: the fact changed since the caller's version (If-Match), or the "
        "upload collides with stored sessions; nothing was changed.",
        413: "Request body larger than MAX_UPLOAD_BYTES.",
        428: "If-Match missing (or `*`): a correction must name the fact's ETag.",
    }
    return {s: OpenApiResponse(ErrorSerializer, description=text[s]) for s in (401, *statuses)}


class ApiView(generics.GenericAPIView):
    # Token first: an unauthenticated call gets 401 with `WWW-Authenticate: Token`.
    authentication_classes = [HashedTokenAuthentication, SessionAuthentication]

    def get_exception_handler(self) -> Any:
        return api_exception_handler

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        # Refuse an oversize body before anything reads it (no partial work).
        length = request.META.get("CONTENT_LENGTH") or "0"
        if length.isdigit() and int(length) > settings.MAX_UPLOAD_BYTES:
            raise PayloadTooLarge(
                f"Request body of {length} bytes exceeds the limit of "
                f"{settings.MAX_UPLOAD_BYTES} bytes."
            )
        super().initial(request, *args, **kwargs)


class PatientView(ApiView):
    """A view under /api/patients/{patient_id}/: resolves and audits the patient."""

    patient: Patient
    snapshot: Snapshot
    audit_action = "patient.view"

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        if getattr(self, "swagger_fake_view", False):
            return
        # The memory snapshot comes with the care-team check: the ask or profile read
        # keys its cached values on it without a round trip of its own.
        self.patient, self.snapshot = patient_or_404(request, kwargs["patient_id"])
        if request.method in ("GET", "HEAD"):
            # Every read of a patient's record is audited (docs/design.md §3 AuditEvent).
            record(
                self.audit_action, actor=request.user, channel="api", patient=self.patient,
                obj=self.patient, after={"path": request.path, "query": dict(request.GET)},
            )  # fmt: skip
