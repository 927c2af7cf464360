"""Audit log: administrators only (403 for everyone else).

A superuser sees every event; a staff member sees the events of the patients
on their care teams and their own events without a patient (logins, refusals),
so the log never shows them questions or facts of other patients.
"""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from memory.api.permissions import IsAdministrator
from memory.api.serializers import AuditEventSerializer, AuditFilterSerializer
from memory.api.views.base import ApiView, errors
from memory.audit import visible_events
from memory.models import AuditEvent


class AuditListView(ApiView):
    serializer_class = AuditEventSerializer
    permission_classes = [IsAdministrator]

    def get_queryset(self) -> QuerySet[AuditEvent]:
        events = visible_events(self.request.user)
        return events.select_related("actor", "patient").order_by("-at", "-id")

    @extend_schema(
        summary="Audit events, newest first (administrators; staff see their patients' only)",
        parameters=[AuditFilterSerializer],
        examples=[
            OpenApiExample(
                "refuted allergy", response_only=True,
                value={"id": 9, "at": "2024-05-02T08:00:00Z", "actor": "dr_li",
                       "channel": "api", "action": "fact.refuted", "patient": "demo-001",
                       "object_type": "Fact", "object_id": "42",
                       "before": {"verification": "unconfirmed"},
                       "after": {"verification": "refuted"}, "reason": "skin test negative"},
            )
        ],
        responses={200: AuditEventSerializer(many=True), **errors(400, 403, 404)},
    )  # fmt: skip
    def get(self, request: Request) -> Response:
        form = AuditFilterSerializer(data=request.query_params)
        form.is_valid(raise_exception=True)
        lookups = {"patient": "patient__external_id", "action": "action",
                   "actor": "actor__username"}  # fmt: skip
        qs = self.get_queryset().filter(**{lookups[k]: v for k, v in form.validated_data.items()})
        page = self.paginate_queryset(qs)
        return self.get_paginated_response(AuditEventSerializer(page, many=True).data)
