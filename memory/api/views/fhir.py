"""GET /api/patients/{id}/fhir: the IPS-style FHIR document Bundle."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from memory.api.views.base import PatientView, errors
from memory.fhir import VERSIONS, build_bundle


class FhirVersionSerializer(serializers.Serializer):
    version = serializers.ChoiceField(choices=list(VERSIONS), default="R4")


class FhirJSONRenderer(JSONRenderer):
    """FHIR's JSON media type (errors keep the API's JSON error shape in it)."""

    media_type = "application/fhir+json"
    format = "fhir"


class FhirExportView(PatientView):
    audit_action = "export.fhir"
    # application/fhir+json unless the client asks for plain application/json.
    renderer_classes = [FhirJSONRenderer, JSONRenderer]

    @extend_schema(
        summary="IPS-style FHIR document Bundle (Composition first)",
        parameters=[
            OpenApiParameter("version", str, enum=list(VERSIONS), description="default R4 (IPS)")
        ],
        examples=[
            OpenApiExample(
                "bundle", response_only=True,
                value={"resourceType": "Bundle", "type": "document",
                       "timestamp": "2024-07-02T10:00:00+00:00",
                       "entry": [{"fullUrl": "urn:uuid:…", "resource":
                                  {"resourceType": "Composition", "status": "final"}}]},
            )
        ],
        responses={200: OpenApiTypes.OBJECT, **errors(400, 404)},
    )  # fmt: skip
    def get(self, request: Request, patient_id: str) -> Response:
        form = FhirVersionSerializer(data=request.query_params)
        form.is_valid(raise_exception=True)
        return Response(build_bundle(self.patient, version=form.validated_data["version"]))
