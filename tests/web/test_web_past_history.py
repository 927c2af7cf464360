"""A condition told as past history is listed apart, never as a current diagnosis."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from memory.actions.imports import store_sessions
from memory.importing import parse_text
from tests.web.graph import _apply, fact

pytestmark = pytest.mark.django_db

VISIT = """Date: 2024-05-02
Patient: When I was twenty-five I had pneumonia. I have hypertension.
"""


@pytest.fixture
def with_history(patient):
    session = store_sessions(parse_text(VISIT, "v3.txt", patient_id="p1")).stored[0]
    _apply(session, (
        fact("condition", "Pneumonia at age twenty-five", entity="pneumonia",
             status="confirmed", assertion="historical", evidence_turn=1),
        fact("condition", "Hypertension", entity="hypertension", status="confirmed",
             evidence_turn=1),
    ))  # fmt: skip
    return patient


def _diagnoses_card(client) -> str:
    body = client.get(reverse("patient-overview", args=["p1"])).content.decode()
    return re.search(r"Diagnoses</h3>(.*?)</section>", body, re.S).group(1)


def test_past_history_condition_is_listed_under_past_history(client_in, with_history):
    card = _diagnoses_card(client_in)
    current, _, past = card.partition("Past history (not current)")
    assert "pneumonia" in past and "pneumonia" not in current


def test_current_condition_stays_a_current_diagnosis(client_in, with_history):
    current, _, _ = _diagnoses_card(client_in).partition("Past history (not current)")
    assert "hypertension" in current
