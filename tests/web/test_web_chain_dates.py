"""The chains page gives a record's validity to the precision it was told with, and
marks a past episode as past history, never as a current condition."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from memory.actions.imports import store_sessions
from memory.importing import parse_text
from memory.models import Patient
from tests.web.graph import _apply, fact

pytestmark = pytest.mark.django_db

VISIT = """Date: 2024-06-01
Doctor: Any illnesses in the past?
Patient: I had appendicitis in 1995, they took it out.
"""
FACTS = (
    fact("condition", "Appendicitis in 1995", entity="appendicitis", status="confirmed",
         assertion="historical", date="1995-01-01", date_precision="year", evidence_turn=2),
)  # fmt: skip


@pytest.fixture
def episode(patient: Patient) -> Patient:
    report = store_sessions(parse_text(VISIT, "v.txt", patient_id="p1"))
    _apply(report.stored[0], FACTS)
    return patient


def _link(client) -> str:
    body = client.get(reverse("patient-chains", args=["p1"])).content.decode()
    found = re.search(
        r'<li class="link[^"]*">(?:(?!</li>).)*Appendicitis in 1995.*?</li>', body, re.S
    )
    assert found, "the appendicitis record is on the chains page"
    return found.group(0)


def test_a_year_dated_record_is_in_force_from_the_year(client_in, episode) -> None:
    assert re.search(r"in force from 1995\s*<", _link(client_in))


def test_a_year_dated_record_is_never_given_january_first(client_in, episode) -> None:
    assert "1995-01-01" not in _link(client_in)


def test_a_past_episode_reads_past_history(client_in, episode) -> None:
    assert "past history" in _link(client_in)


def test_a_past_episode_is_never_marked_current(client_in, episode) -> None:
    assert ">current<" not in _link(client_in)
