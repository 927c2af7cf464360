"""The overview's medication row gives the dose in force when the latest record states
none ("keep taking the nifedipine" after "nifedipine 10 mg"), as the reader does."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from memory.actions.imports import store_sessions
from memory.importing import parse_text
from memory.models import Patient
from tests.web.graph import _apply, fact

pytestmark = pytest.mark.django_db

FIRST = """Date: 2024-03-01
Doctor: We'll switch you to nifedipine 10 mg once a day.
"""
SECOND = """Date: 2024-06-01
Doctor: Keep taking the nifedipine, and raise your legs in the evening.
"""


@pytest.fixture
def carried(patient: Patient) -> Patient:
    first = store_sessions(parse_text(FIRST, "a.txt", patient_id="p1"))
    started = fact(
        "medication_status", "switch you to nifedipine 10 mg once a day", entity="nifedipine",
        status="active", value="10", unit="mg", evidence_turn=1,
    )  # fmt: skip
    _apply(first.stored[0], (started,))
    second = store_sessions(parse_text(SECOND, "b.txt", patient_id="p1"))
    _apply(second.stored[0], (fact("medication_status", "Keep taking the nifedipine",
           entity="nifedipine", status="active", evidence_turn=1),))  # fmt: skip
    return patient


def _row(client) -> str:
    body = client.get(reverse("patient-overview", args=["p1"])).content.decode()
    found = re.search(
        r'<li[^>]*id="row-\d+">(?:(?!</li>).)*Keep taking the nifedipine.*?</li>', body, re.S
    )
    assert found, "the nifedipine row is on the overview"
    return found.group(0)


def test_the_row_gives_the_dose_last_stated(client_in, carried) -> None:
    assert re.search(r'class="row-dose">10 mg<', _row(client_in))


def test_the_row_says_when_that_dose_was_stated(client_in, carried) -> None:
    assert "(dose stated 2024-03-01)" in _row(client_in)


def test_the_row_says_when_that_dose_was_stated_in_chinese(client_in, carried) -> None:
    with translation.override("zh-hans"):
        client_in.cookies["django_language"] = "zh-hans"
        assert "剂量记录于 2024-03-01" in _row(client_in)
