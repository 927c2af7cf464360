"""GET /api/patients/{id}/fhir: a valid document Bundle, care-team scoped."""

from __future__ import annotations

import pytest

from memory.fhir import validate_bundle
from tests.api.conftest import BASE

pytestmark = pytest.mark.django_db


def test_fhir_endpoint_returns_a_valid_r4_document(patient, api):
    body = api.get(BASE + "fhir").json()
    bundle = validate_bundle(body, "R4")
    assert (bundle.type, bundle.entry[0].resource.get_resource_type()) == (
        "document", "Composition"
    )  # fmt: skip


def test_fhir_endpoint_can_answer_r5(patient, api):
    from fhir.resources.bundle import Bundle

    assert (
        Bundle.model_validate(api.get(BASE + "fhir", {"version": "R5"}).json()).type == "document"
    )


def test_fhir_export_is_audited(patient, api):
    from memory.models import AuditEvent

    api.get(BASE + "fhir")
    assert AuditEvent.objects.filter(action="export.fhir", channel="api").exists()


def test_unknown_fhir_version_is_a_field_error(patient, api):
    assert list(api.get(BASE + "fhir", {"version": "DSTU2"}).json()["error"]["fields"]) == [
        "version"
    ]


def test_export_is_served_as_fhir_json(patient, api):
    response = api.get(BASE + "fhir")
    assert response["Content-Type"].startswith("application/fhir+json")
