"""The OpenAPI schema validates, and the API honours it under property-based testing."""

from __future__ import annotations

from io import StringIO

import pytest
import schemathesis
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

from memory.actions.tokens import do_issue_token

pytestmark = pytest.mark.django_db


def test_schema_validates_without_warnings():
    out = StringIO()
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=out)
    assert out.getvalue().startswith("openapi: 3")


# What README and DESIGN §7 promise the API serves, operation by operation.
DOCUMENTED = {
    "/api/auth/token/": {"post"},
    "/api/patients/": {"get"},
    "/api/patients/{patient_id}/": {"get"},
    "/api/patients/{patient_id}/persons/": {"get"},
    "/api/patients/{patient_id}/sessions/": {"get", "post"},
    "/api/patients/{patient_id}/sessions/{session_id}/": {"get"},
    "/api/patients/{patient_id}/facts/": {"get"},
    "/api/patients/{patient_id}/facts/{fact_id}/": {"get"},
    "/api/patients/{patient_id}/facts/{fact_id}/edit/": {"post"},
    "/api/patients/{patient_id}/facts/{fact_id}/reassign/": {"post"},
    "/api/patients/{patient_id}/facts/{fact_id}/verification/": {"post"},
    "/api/patients/{patient_id}/chains/": {"get"},
    "/api/patients/{patient_id}/chains/{chain_id}/": {"get"},
    "/api/patients/{patient_id}/profile/": {"get"},
    "/api/patients/{patient_id}/ask/": {"post"},
    "/api/patients/{patient_id}/fhir": {"get"},
    "/api/audit/": {"get"},
}


def test_swagger_ui_is_served_with_its_bundle(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200 and b"swagger-ui-bundle.js" in response.content


def test_swagger_ui_reads_our_schema(client):
    script = client.get("/api/docs/?script=")
    assert script.status_code == 200 and b"/api/schema/" in script.content


@pytest.mark.parametrize("path", sorted(DOCUMENTED))
def test_schema_documents_each_promised_operation(client, path):
    import yaml

    schema = yaml.safe_load(client.get("/api/schema/").content)
    assert DOCUMENTED[path] <= set(schema["paths"].get(path, {}))


def test_schema_requires_authentication_for_patient_data(client):
    import yaml

    schema = yaml.safe_load(client.get("/api/schema/").content)
    operation = schema["paths"]["/api/patients/{patient_id}/facts/"]["get"]
    assert operation.get("security") and {} not in operation["security"]


def test_every_operation_has_an_example(client):
    import yaml

    schema = yaml.safe_load(client.get("/api/schema/").content)
    missing = [
        f"{method} {path}"
        for path, ops in schema["paths"].items()
        for method, op in ops.items()
        if path != "/api/schema/" and "examples" not in str(op)
    ]
    assert missing == []


@pytest.fixture
def keep_test_connection():
    """As Django's test client does: a WSGI request must not close the test's
    connection (it holds the test transaction)."""
    signals = (request_started, request_finished)
    for signal in signals:
        signal.disconnect(close_old_connections)
    yield
    for signal in signals:
        signal.connect(close_old_connections)


def test_api_conforms_to_its_schema_on_a_seeded_database(patient, clinician, keep_test_connection):
    """Schemathesis, in-process against the WSGI app: no 5xx, responses match the schema."""
    token, _ = do_issue_token(clinician)
    schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
    checks = [not_a_server_error, response_schema_conformance, status_code_conformance]
    seen = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        if operation.path == "/api/patients/{patient_id}/ask/":
            continue  # answering is covered by its own tests; slow under fuzzing

        @settings(max_examples=3, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))  # fmt: skip
        @given(case=operation.as_strategy())
        def run(case) -> None:
            if "patient_id" in (case.path_parameters or {}):
                case.path_parameters["patient_id"] = "p-graph"  # reach the seeded data
            case.call_and_validate(headers={"Authorization": f"Token {token}"}, checks=checks)

        run()
        seen += 1
    assert seen >= 15
