"""API fixtures: token-authenticated clients and a constructed patient."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from memory.actions.tokens import do_issue_token
from memory.models import Patient
from tests.fhir.graph import PATIENT, build_graph, committed_graph


def client_for(user) -> APIClient:
    client = APIClient()
    token, _ = do_issue_token(user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


@pytest.fixture
def api(clinician) -> APIClient:
    return client_for(clinician)


@pytest.fixture
def outsider_api(outsider) -> APIClient:
    return client_for(outsider)


@pytest.fixture
def admin_api(django_user_model) -> APIClient:
    admin = django_user_model.objects.create_user("admin1", password="pw-admin-1", is_staff=True)
    return client_for(admin)


@pytest.fixture(scope="module")
def shared_graph(django_db_setup, django_db_blocker):
    with committed_graph(django_db_blocker, PATIENT) as built:
        yield built


@pytest.fixture
def patient(shared_graph, clinician) -> Patient:
    """The graph of tests/fhir/graph.py (read-only: built once per module), with
    the clinician on its care team (rolled back after the test)."""
    shared_graph.care_team.add(clinician)
    return shared_graph


@pytest.fixture
def own_patient(clinician) -> Patient:
    """A private copy of the graph for tests that change it."""
    built = build_graph("p-own")
    built.care_team.add(clinician)
    return built


@pytest.fixture
def empty_patient(clinician) -> Patient:
    from memory.actions.imports import ensure_patient

    created, _ = ensure_patient("p-empty", "Empty")
    created.care_team.add(clinician)
    return created


BASE = f"/api/patients/{PATIENT}/"
