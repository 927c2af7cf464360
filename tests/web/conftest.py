"""Fixtures for the view tests (Django test client, real database)."""

from __future__ import annotations

import pytest

from memory.models import Patient
from tests.web.graph import build_patient


@pytest.fixture
def patient(clinician) -> Patient:
    return build_patient(clinician)


@pytest.fixture
def client_in(client, clinician):
    client.force_login(clinician)
    return client
