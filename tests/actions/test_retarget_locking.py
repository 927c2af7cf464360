"""Changing a fact's item or type is a correction like any other: locked and versioned."""

from __future__ import annotations

import pytest
from django.urls import reverse

from memory.actions.corrections import StaleFact, set_verification
from memory.actions.retarget import do_retarget_fact
from memory.models import Fact
from tests.fhir.graph import build_graph

pytestmark = pytest.mark.django_db

GLUCOSE = "Fasting glucose 7.2 mmol/L."


@pytest.fixture
def glucose(clinician) -> Fact:
    patient = build_graph("p-rt")
    patient.care_team.add(clinician)
    return Fact.objects.get(patient=patient, content=GLUCOSE)


def test_retarget_of_a_fact_changed_meanwhile_is_refused(glucose):
    seen = glucose.version
    set_verification(glucose, "confirmed", actor=None, reason="lab report", channel="cli")
    with pytest.raises(StaleFact):
        do_retarget_fact(glucose, item="HbA1c", fact_type="lab_result", actor=None,
                         reason="wrong test", channel="cli", version=seen)  # fmt: skip
    glucose.refresh_from_db()
    assert glucose.entity.name != "HbA1c" and glucose.verification == "confirmed"


def test_retarget_bumps_the_version(glucose):
    seen = glucose.version
    moved = do_retarget_fact(glucose, item="HbA1c", fact_type="lab_result", actor=None,
                             reason="wrong test", channel="cli", version=seen)  # fmt: skip
    assert moved.version == seen + 1 and moved.corrected


def test_stale_web_retarget_is_409_and_keeps_the_newer_fact(client_in, glucose):
    seen = glucose.version
    set_verification(glucose, "confirmed", actor=None, reason="lab report", channel="cli")
    url = reverse("fact-correct", args=["p-rt", glucose.pk, "edit"])
    form = {"version": seen, "content": GLUCOSE, "value": glucose.value, "unit": glucose.unit,
            "item": "HbA1c", "fact_type": "lab_result", "reason": "wrong test"}  # fmt: skip
    if glucose.event_date:
        form["event_date"] = glucose.event_date.isoformat()
    response = client_in.post(url, form)
    assert response.status_code == 409
    glucose.refresh_from_db()
    assert glucose.entity.name != "HbA1c"
