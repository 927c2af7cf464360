"""A graph built once per module (committed, removed afterwards)."""

from __future__ import annotations

import pytest

from tests.fhir.graph import committed_graph


@pytest.fixture(scope="module")
def graph(django_db_setup, django_db_blocker):
    with committed_graph(django_db_blocker, "p-fhir") as patient:
        yield patient
