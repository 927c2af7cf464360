"""Reliability fixtures: clients that return a 500 as a response instead of raising."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from memory.actions.tokens import do_issue_token
from tests.fhir.graph import build_graph


@pytest.fixture
def web(clinician) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(clinician)
    return client


@pytest.fixture
def api_raw(clinician) -> APIClient:
    client = APIClient(raise_request_exception=False)
    token, _ = do_issue_token(clinician)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


@pytest.fixture
def graph(clinician):
    built = build_graph("p-rel")
    built.care_team.add(clinician)
    return built
