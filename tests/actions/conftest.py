"""Fixtures for the actions tests: a logged-in web client."""

from __future__ import annotations

import pytest
from django.test import Client


@pytest.fixture
def client_in(client: Client, clinician) -> Client:
    client.force_login(clinician)
    return client
