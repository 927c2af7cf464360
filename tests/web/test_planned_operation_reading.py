"""A planned operation in the safety profile reads as planned, never as surgical
history: "I am scheduled for a knee replacement next month" had shown on the overview
as "surgical / bleeding history: knee replacement", which a clinician reads as done."""

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
Patient: I had my appendix out in 1995. I am scheduled for a knee replacement next month.
"""
FACTS = (
    fact("safety", "I had my appendix out in 1995", entity="appendectomy",
         safety_kind="surgical_history", date="1995-01-01", date_precision="year",
         evidence_turn=1),
    fact("safety", "I am scheduled for a knee replacement next month", entity="knee replacement",
         safety_kind="surgical_history", status="planned", evidence_turn=1),
)  # fmt: skip


@pytest.fixture
def visited(patient: Patient) -> Patient:
    report = store_sessions(parse_text(VISIT, "v9.txt", patient_id="p1"))
    _apply(report.stored[0], FACTS)
    return patient


def _safety_items(client, language: str) -> dict[str, str]:
    client.post("/i18n/setlang/", {"language": language, "next": "/"})
    body = client.get(reverse("patient-overview", args=["p1"])).content.decode()
    items = re.findall(r'<li class="safety-item.*?</li>', body, re.S)
    return {re.search(r'class="safety-name[^"]*">([^<]*)<', li)[1]: li for li in items}


def test_planned_operation_has_a_planned_badge_on_the_overview(client_in, visited):
    items = _safety_items(client_in, "en")
    assert 'class="badge planned">planned<' in items["knee replacement"]


def test_done_operation_has_no_planned_badge(client_in, visited):
    items = _safety_items(client_in, "en")
    assert "planned" not in items["appendectomy"]


def test_planned_operation_badge_reads_in_chinese(client_in, visited):
    items = _safety_items(client_in, "zh-hans")
    assert any('class="badge planned">计划中<' in li for li in items.values())


def test_answer_safety_line_says_the_operation_is_planned(client_in, visited):
    response = client_in.post(
        reverse("patient-ask", args=["p1"]),
        {"question": "Any operations?"},
        HTTP_HX_REQUEST="true",
    )
    body = response.content.decode()
    assert "Surgical / bleeding history: knee replacement (planned)" in body
    assert "Surgical / bleeding history: appendectomy<" in body
