"""A planned operation is a Procedure in preparation, never a completed one (issue 29)."""

from __future__ import annotations

import pytest

from memory.fhir import build_bundle, validate_bundle
from memory.models import Fact

pytestmark = pytest.mark.django_db


def _procedure(bundle: dict) -> dict:
    (found,) = [
        e["resource"] for e in bundle["entry"] if e["resource"]["resourceType"] == "Procedure"
    ]
    return found


@pytest.fixture
def planned_bundle(graph) -> dict:
    """The module's graph with its operation stored as planned (rolled back after)."""
    Fact.objects.filter(patient=graph, safety_kind="surgical_history").update(status="planned")
    return build_bundle(graph)


def test_planned_operation_is_a_procedure_in_preparation(planned_bundle) -> None:
    assert _procedure(planned_bundle)["status"] == "preparation"


def test_planned_operation_has_no_performed_date(planned_bundle) -> None:
    assert "performedDateTime" not in _procedure(planned_bundle)


def test_done_operation_is_a_completed_procedure(graph) -> None:
    assert _procedure(build_bundle(graph))["status"] == "completed"


def test_bundle_with_a_planned_operation_validates_as_fhir_r4(planned_bundle) -> None:
    assert validate_bundle(planned_bundle, "R4").type == "document"
