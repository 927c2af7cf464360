"""Facts (L2) with filters, and the clinicians' corrections of one fact."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.postgres.search import SearchQuery, SearchRank
from django.db.models import F, QuerySet
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
    extend_schema_view,
)
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from memory.actions.corrections import CorrectionError, StaleFact, do_correct_fact
from memory.api.errors import Conflict, PreconditionRequired
from memory.api.permissions import own_or_404
from memory.api.serializers import (
    EditSerializer,
    FactFilterSerializer,
    FactSerializer,
    ReassignSerializer,
    VerificationSerializer,
)
from memory.api.views.base import PatientView, errors
from memory.models import Fact
from memory.queries.pages import facts_of_patient
from memory.search.text import tsquery_text

ETAG = re.compile(r'^\s*(?:W/)?"(\d{1,9})"\s*$')

FACT_EXAMPLE = {
    "id": 42, "type": "medication_status", "subject": "patient", "entity": "amlodipine",
    "content": "Amlodipine increased from 5 mg to 10 mg daily.", "value": "10", "unit": "mg",
    "status": "dose_changed", "safety_kind": "", "assertion": "present",
    "event_date": "2024-03-04", "effective_date": "2024-03-04", "date_precision": "day",
    "valid_from": "2024-03-04", "valid_to": None, "chain": 7, "chain_position": 1,
    "order_note": "", "verification": "unconfirmed", "verification_reason": "",
    "origin": "extractor", "corrected": False, "mention_count": 1,
    "last_mentioned": "2024-03-04", "session": "s03", "evidence_turn": 6, "confidence": 0.8,
}  # fmt: skip
FACT_RESPONSE = OpenApiExample("fact", value=FACT_EXAMPLE, response_only=True)


def patient_facts(view: PatientView) -> QuerySet[Fact]:
    return facts_of_patient(view.patient)


class FactListView(PatientView):
    serializer_class = FactSerializer

    def filtered(self, params: dict[str, Any]) -> QuerySet[Fact]:
        qs = patient_facts(self)
        direct = {"type": "fact_type", "person": "subject__key", "status": "status",
                  "verification": "verification", "chain": "chain_id",
                  "date_from": "effective_date__gte", "date_to": "effective_date__lte"}  # fmt: skip
        qs = qs.filter(**{direct[k]: v for k, v in params.items() if k in direct})
        order = ["effective_date", "id"]
        if params.get("q"):
            tsquery = tsquery_text(params["q"])
            if not tsquery:  # only stop words / punctuation: nothing can match
                return qs.none()
            query = SearchQuery(tsquery, search_type="raw", config="simple")
            qs = qs.filter(search=query).annotate(rank=SearchRank(F("search"), query))
            order = ["-rank", "id"]
        return qs.order_by(*order)

    @extend_schema(
        summary="Facts, filtered by type, person, status, verification, dates, chain, text",
        parameters=[FactFilterSerializer],
        examples=[FACT_RESPONSE],
        responses={200: FactSerializer(many=True), **errors(400, 404)},
    )
    def get(self, request: Request, patient_id: str) -> Response:
        params = FactFilterSerializer(data=request.query_params)
        params.is_valid(raise_exception=True)
        page = self.paginate_queryset(self.filtered(params.validated_data))
        return self.get_paginated_response(FactSerializer(page, many=True).data)


class FactDetailView(PatientView):
    serializer_class = FactSerializer

    @extend_schema(
        summary="One fact (ETag: its version, for If-Match on corrections)",
        examples=[FACT_RESPONSE],
        responses={200: FactSerializer, **errors(404)},
    )
    def get(self, request: Request, patient_id: str, fact_id: int) -> Response:
        fact = own_or_404(request, patient_facts(self), "fact", fact_id, pk=fact_id)
        return with_etag(Response(FactSerializer(fact).data), fact)


def with_etag(response: Response, fact: Fact) -> Response:
    response["ETag"] = f'"{fact.version}"'
    return response


def if_match_version(request: Request) -> int:
    """The version named by If-Match, which every correction must carry.

    Absent or "*" is 428: either would apply the change to whatever the fact has
    become meanwhile, and 20 concurrent read-edit-write clients would lose 19 updates.
    """
    header = request.headers.get("If-Match", "").strip()
    if not header:
        raise PreconditionRequired()
    if header == "*":
        raise PreconditionRequired(
            'If-Match: * is not accepted: send the fact\'s ETag, e.g. If-Match: "3". '
            "Nothing was changed."
        )
    match = ETAG.match(header)
    if match is None:
        raise serializers.ValidationError({"If-Match": ['expected the ETag of the fact, e.g. "3"']})
    return int(match[1])


class _CorrectionView(PatientView):
    """POST a correction; applied by memory.actions.corrections (row lock, version, audit).

    The fact's ETag must come back as If-Match (428 without it): when someone changed
    the fact since, the answer is 409 with the current fact, and nothing is changed.
    """

    serializer_class = FactSerializer
    input_class: type[serializers.Serializer]
    kind: str

    def post(self, request: Request, patient_id: str, fact_id: int) -> Response:
        # Whose fact first: another patient's id is refused (and audited) before the
        # request is looked at any further.
        own_or_404(request, facts_of_patient(self.patient), "fact", fact_id, pk=fact_id)
        version = if_match_version(request)
        form = self.input_class(data=request.data)
        form.is_valid(raise_exception=True)
        data = dict(form.validated_data)
        reason = data.pop("reason", "")
        try:
            fact = do_correct_fact(
                self.patient, fact_id, self.kind, self.payload(data), version=version,
                actor=request.user, channel="api", reason=reason,
            )  # fmt: skip
        except Fact.DoesNotExist:
            raise NotFound() from None
        except StaleFact as exc:
            raise StaleConflict(exc) from None
        except CorrectionError as exc:
            raise serializers.ValidationError({self.error_field(str(exc)): [str(exc)]}) from None
        return with_etag(Response(FactSerializer(patient_facts(self).get(pk=fact.pk)).data), fact)

    def payload(self, data: dict[str, Any]) -> dict[str, Any]:
        return data

    def error_field(self, message: str) -> str:
        head = message.partition(":")[0]
        return head if head in self.input_class().fields else "non_field_errors"


class StaleConflict(Conflict):
    def __init__(self, stale: StaleFact) -> None:
        super().__init__(str(stale))
        self.current = FactSerializer(stale.current).data


CORRECTION_ERRORS = errors(400, 404, 409, 413, 428)
IF_MATCH = OpenApiParameter(
    "If-Match", str, OpenApiParameter.HEADER, required=True,
    description='The fact\'s ETag from GET .../facts/<id>/, e.g. "3" (428 without it).',
)  # fmt: skip


@extend_schema_view(
    post=extend_schema(
        summary="Re-attribute a fact to another person (moves it to that person's chain)",
        request=ReassignSerializer,
        examples=[
            OpenApiExample("to father", request_only=True,
                           value={"to_subject": "family:father", "reason": "father's drug"}),
            FACT_RESPONSE,
        ],
        parameters=[IF_MATCH],
        responses={200: FactSerializer, **CORRECTION_ERRORS},
    )
)  # fmt: skip
class ReassignView(_CorrectionView):
    input_class = ReassignSerializer
    kind = "reassign"


@extend_schema_view(
    post=extend_schema(
        summary="Edit content, value, unit, status or event date of a fact",
        request=EditSerializer,
        examples=[
            OpenApiExample("fix dose", request_only=True,
                           value={"value": "10", "content": "Amlodipine 10 mg daily.",
                                  "reason": "transcription error"}),
            FACT_RESPONSE,
        ],
        parameters=[IF_MATCH],
        responses={200: FactSerializer, **CORRECTION_ERRORS},
    )
)  # fmt: skip
class EditView(_CorrectionView):
    input_class = EditSerializer
    kind = "edit"

    def payload(self, data: dict[str, Any]) -> dict[str, Any]:
        return {"changes": data}


@extend_schema_view(
    post=extend_schema(
        summary="Confirm, refute or mark a fact entered-in-error (never deleted)",
        request=VerificationSerializer,
        examples=[
            OpenApiExample("refute", request_only=True,
                           value={"verification": "refuted",
                                  "reason": "skin test negative 2024-05-02"}),
            FACT_RESPONSE,
        ],
        parameters=[IF_MATCH],
        responses={200: FactSerializer, **CORRECTION_ERRORS},
    )
)  # fmt: skip
class VerificationView(_CorrectionView):
    input_class = VerificationSerializer
    kind = "verify"
