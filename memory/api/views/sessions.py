"""Sessions (L1): upload several at once, follow their construction, read raw turns.

Upload validation is the CLI's: the same importers (memory.importing) with the
same size limit, and store_sessions stores the whole upload or nothing.
"""

from __future__ import annotations

from django.conf import settings
from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

from memory.actions.imports import IngestConflict, IngestError, do_import_sessions
from memory.actions.sessions import DismissError, do_dismiss_session
from memory.api.errors import Conflict, PayloadTooLarge, UploadRejected
from memory.api.parsers import SafeJSONParser
from memory.api.permissions import own_or_404
from memory.api.serializers import (
    DismissSerializer,
    MedGraphDocumentSerializer,
    SessionDetailSerializer,
    SessionSerializer,
    UploadFilesSerializer,
    UploadResultSerializer,
)
from memory.api.views.base import PatientView, errors
from memory.importing import ImportFormatError
from memory.models import Session
from memory.pipeline.enqueue import queue_construction
from memory.queries.listings import (
    session_with_turn_count,
    sessions_of,
    sessions_with_turn_counts,
)

UPLOAD_EXAMPLE = {
    "patient": {"id": "demo-001", "name": "Wang Jianguo"},
    "sessions": [
        {"id": "s07", "date": "2024-07-02", "title": "follow-up",
         "turns": [{"speaker": "doctor", "text": "How is your blood pressure?"},
                   {"speaker": "patient", "text": "Around 130/85 since the dose change."}]}
    ],
}  # fmt: skip
SESSION_EXAMPLE = {
    "external_id": "s07", "seq": 7, "session_date": "2024-07-02", "title": "follow-up",
    "source": "upload.json", "session_subject": "", "status": "queued", "status_reason": "",
    "extractor": "", "model": "", "prompt_version": "", "fact_count": 0, "turn_count": 2,
    "created_at": "2024-07-02T10:00:00Z", "finished_at": None, "dismissed_reason": "",
    "dismissed_at": None,
}  # fmt: skip


class SessionListView(PatientView):
    serializer_class = SessionSerializer
    parser_classes = [SafeJSONParser, MultiPartParser]

    def get_queryset(self) -> QuerySet[Session]:
        return sessions_with_turn_counts(self.patient).order_by("seq")

    @extend_schema(
        summary="Sessions in arrival order, with construction status",
        examples=[OpenApiExample("session", value=SESSION_EXAMPLE, response_only=True)],
        responses={200: SessionSerializer(many=True), **errors(404)},
    )
    def get(self, request: Request, patient_id: str) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(SessionSerializer(page, many=True).data)

    @extend_schema(
        summary="Upload sessions (MedGraph JSON body, or multipart `files`)",
        description=(
            "All or nothing: a file that does not parse is answered 400 with `file`, "
            "`location` and `problem` and nothing is stored. Construction is queued "
            "per stored session; poll the session's `status`. 201 when something was "
            "stored, 200 when every session was already imported with the same turns. "
            "A session already imported with different turns is 409 (nothing stored) "
            "unless `?replace=true`, which supersedes its turns and re-extracts it, keeping "
            "clinicians' corrections. Of two identical uploads at the same moment one is "
            "201 and the other 409 (stored once)."
        ),
        parameters=[
            OpenApiParameter(
                "replace",
                bool,
                description="supersede the turns of sessions already imported "
                "with different turns and re-extract them (clinicians' corrections are kept)",
            )
        ],
        request={
            "application/json": MedGraphDocumentSerializer,
            "multipart/form-data": UploadFilesSerializer,
        },
        examples=[
            OpenApiExample("MedGraph JSON", value=UPLOAD_EXAMPLE, request_only=True),
            OpenApiExample(
                "stored",
                value={"stored": [SESSION_EXAMPLE], "skipped": []},
                response_only=True,
                status_codes=["201"],
            ),
        ],
        responses={
            201: UploadResultSerializer,
            200: UploadResultSerializer,
            **errors(400, 404, 409, 413),
        },
    )
    def post(self, request: Request, patient_id: str) -> Response:
        sources, fmt = self._sources(request)
        replace = str(request.query_params.get("replace", "")).lower() in ("1", "true", "yes")
        try:
            report = do_import_sessions(
                sources, channel="api", actor=request.user, fmt=fmt,
                patient_id=self.patient.external_id, replace=replace,
                max_bytes=settings.MAX_UPLOAD_BYTES, enqueue=queue_construction,
            )  # fmt: skip
        except ImportFormatError as exc:
            raise UploadRejected(exc) from None
        except IngestConflict as exc:
            raise Conflict(str(exc)) from None
        except IngestError as exc:
            raise serializers.ValidationError({"sessions": [str(exc)]}) from None
        stored = self.get_queryset().filter(pk__in=report.stored_ids)
        body = {"stored": SessionSerializer(stored, many=True).data, "skipped": report.skipped}
        code = status.HTTP_201_CREATED if report.stored else status.HTTP_200_OK
        return Response(body, status=code)

    def _sources(self, request: Request) -> tuple[list[tuple[str, str | bytes]], str]:
        """(name, raw bytes) of each uploaded file, or the raw body, and the format."""
        content_type = request.content_type or ""
        if not content_type.startswith("multipart/form-data"):
            # The raw body, not DRF's parsed data: the importer reports JSON errors
            # with line and column, exactly as the CLI does for a file.
            return [("request body", request.body)], "auto"
        form = UploadFilesSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        files = form.validated_data["files"]
        limit = settings.MAX_UPLOAD_BYTES
        if sum(f.size for f in files) > limit:
            raise PayloadTooLarge(f"Uploaded files exceed the limit of {limit} bytes.")
        sources = [(f.name or "upload", f.read()) for f in files]
        return sources, form.validated_data["format"]


class SessionDetailView(PatientView):
    serializer_class = SessionDetailSerializer

    @extend_schema(
        summary="One session: status and raw turns",
        examples=[
            OpenApiExample(
                "session", response_only=True,
                value={**SESSION_EXAMPLE, "turns": [
                    {"index": 1, "speaker": "doctor", "text": "How is your blood pressure?"}]},
            )
        ],
        responses={200: SessionDetailSerializer, **errors(404)},
    )  # fmt: skip
    def get(self, request: Request, patient_id: str, session_id: str) -> Response:
        found = sessions_with_turn_counts(self.patient).prefetch_related("turns")
        session = own_or_404(request, found, "session", session_id, external_id=session_id)
        return Response(SessionDetailSerializer(session).data)


class SessionDismissView(PatientView):
    """A session not in memory leaves the profile's list once a clinician dismisses it."""

    serializer_class = SessionSerializer

    @extend_schema(
        summary="Dismiss a session that is not in memory (failed / not constructed), with a reason",
        request=DismissSerializer,
        examples=[
            OpenApiExample(
                "dismiss", request_only=True, value={"reason": "duplicate upload of s06"}
            )
        ],
        responses={200: SessionSerializer, **errors(400, 404)},
    )
    def post(self, request: Request, patient_id: str, session_id: str) -> Response:
        mine = sessions_of(self.patient)
        session = own_or_404(request, mine, "session", session_id, external_id=session_id)
        form = DismissSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        try:
            session = do_dismiss_session(
                session, actor=request.user, reason=form.validated_data["reason"], channel="api"
            )
        except DismissError as exc:
            raise serializers.ValidationError({"reason": [str(exc)]}) from None
        return Response(SessionSerializer(session_with_turn_count(session)).data)
