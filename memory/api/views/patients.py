"""Patients and the persons (subject nodes) inside a patient's memory."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from memory.access import patients_for
from memory.actions.patients import PatientIdTaken, do_create_patient
from memory.api.serializers import PatientSerializer, PersonSerializer
from memory.api.views.base import ApiView, PatientView, errors
from memory.models import Patient, Person
from memory.queries.listings import (
    patient_with_counts,
    patients_matching,
    patients_with_counts,
    persons_with_counts,
)

PATIENT_EXAMPLE = OpenApiExample(
    "patient",
    value={"external_id": "demo-001", "display_name": "Wang Jianguo", "session_count": 6,
           "memory_cutoff": "2024-06-20", "created_at": "2024-06-21T09:00:00Z"},
    response_only=True,
)  # fmt: skip


class PatientListView(ApiView):
    serializer_class = PatientSerializer

    def get_queryset(self) -> QuerySet[Patient]:
        qs = patients_for(self.request.user)
        query = self.request.query_params.get("q", "").strip()
        if query:
            qs = patients_matching(qs, query)
        return patients_with_counts(qs).order_by("external_id")

    @extend_schema(
        summary="Patients on the caller's care teams",
        parameters=[OpenApiParameter("q", str, description="search id or name")],
        examples=[PATIENT_EXAMPLE],
        responses={200: PatientSerializer(many=True), **errors(404)},
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(self.get_serializer(page, many=True).data)

    @extend_schema(
        summary="Create a patient (the caller joins its care team)",
        request=PatientSerializer,
        examples=[
            OpenApiExample(
                "new patient",
                value={"external_id": "p-042", "display_name": "Li Na"},
                request_only=True,
            ),
            PATIENT_EXAMPLE,
        ],
        responses={201: PatientSerializer, **errors(400, 413)},
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = PatientSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        external_id = serializer.validated_data["external_id"].strip()
        if not external_id or "/" in external_id:
            raise serializers.ValidationError({"external_id": ["must be non-empty, no '/'"]})
        name = serializer.validated_data.get("display_name")
        try:
            patient = do_create_patient(external_id, name, actor=request.user, channel="api")
        except PatientIdTaken as exc:
            # Same answer whether or not the caller may see it: ids never leak.
            raise serializers.ValidationError({"external_id": [str(exc)]}) from None
        data = PatientSerializer(patient_with_counts(patient)).data
        return Response(data, status=status.HTTP_201_CREATED)


class PatientDetailView(PatientView):
    serializer_class = PatientSerializer

    @extend_schema(
        summary="One patient", examples=[PATIENT_EXAMPLE],
        responses={200: PatientSerializer, **errors(404)},
    )  # fmt: skip
    def get(self, request: Request, patient_id: str) -> Response:
        patient = patient_with_counts(self.patient)
        return Response(PatientSerializer(patient).data)


class PersonListView(PatientView):
    serializer_class = PersonSerializer

    def get_queryset(self) -> QuerySet[Person]:
        return persons_with_counts(self.patient)

    @extend_schema(
        summary="Subject nodes: the patient, relatives, others",
        examples=[
            OpenApiExample(
                "father", response_only=True,
                value={"key": "family:father", "kind": "family", "relation": "father",
                       "display_name": "", "fact_count": 3},
            )
        ],
        responses={200: PersonSerializer(many=True), **errors(404)},
    )  # fmt: skip
    def get(self, request: Request, patient_id: str) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        return self.get_paginated_response(PersonSerializer(page, many=True).data)
