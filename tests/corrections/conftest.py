"""A logged-in clinician on the care team of the slot-carrying patient."""

from __future__ import annotations

import pytest

from memory.models import Fact, Patient
from tests.api.conftest import client_for
from tests.corrections.graph import build_patient


@pytest.fixture
def slotted(clinician) -> Patient:
    patient = build_patient()
    patient.care_team.add(clinician)
    return patient


@pytest.fixture
def web(client, clinician):
    client.force_login(clinician)
    return client


@pytest.fixture
def api(clinician):
    return client_for(clinician)


def latest(patient: Patient, item: str) -> Fact:
    return Fact.objects.filter(patient=patient, entity__name=item).order_by("effective_date").last()
