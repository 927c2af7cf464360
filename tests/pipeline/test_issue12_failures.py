"""Regressions: a failed or unconstructed session never hides its allergy silently."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from memory.actions.tokens import do_issue_token
from memory.answering import answer
from memory.models import AuditEvent, Fact, Patient, Session
from memory.reading.profile import profile_data, render_profile
from tests.pipeline.absence import claims_unqualified_absence

from .conftest import construct, fact, reply

pytestmark = pytest.mark.django_db

ALLERGY_TEXT = "Patient: I am allergic to penicillin, I had anaphylaxis.\nDoctor: Noted."
# One bad field fails the whole reply: a safety fact carries no status.
BAD = reply(fact(type="safety", entity="penicillin", safety_kind="allergy", status="active",
                 content="Penicillin: anaphylaxis"))  # fmt: skip


def _failed_llm_session(llm, add_session) -> Session:
    llm.reply(BAD).reply(BAD)  # LLM_MAX_ATTEMPTS = 2 in the fixture
    return construct(add_session("2024-01-10", ALLERGY_TEXT))


def test_llm_failure_is_constructed_by_the_rule_extractor_marked_as_such(llm, add_session):
    session = _failed_llm_session(llm, add_session)
    assert session.status == Session.Status.DONE
    assert session.extractor == "rules after llm failure"
    assert "LLM extraction failed" in session.status_reason
    assert Fact.objects.filter(fact_type="safety", entity__name__icontains="penicillin").exists()


def test_rule_fallback_session_stays_visible_in_the_profile(llm, add_session):
    session = _failed_llm_session(llm, add_session)
    text = render_profile(session.patient).text
    assert "rule extractor after the LLM extraction failed" in text and session.external_id in text


def test_unconstructed_session_is_listed_in_profile_and_answer(add_session):
    session = add_session("2024-01-10", ALLERGY_TEXT)  # stored, never constructed
    patient = session.patient
    assert "1 session(s) not in memory: " + session.external_id in render_profile(patient).text
    result = answer(patient, "Does she have any drug allergies?")
    assert result.text.startswith("1 session(s) not in memory")
    assert not claims_unqualified_absence(result.text, profile_data(patient))


def test_failed_session_keeps_the_extractive_reader_from_saying_nothing_is_recorded(
    add_session,
):
    session = add_session("2024-01-10", ALLERGY_TEXT)
    Session.objects.filter(pk=session.pk).update(status="failed", status_reason="bad reply")
    result = answer(session.patient, "Any allergies?")
    assert "failed: bad reply" in result.text
    assert not claims_unqualified_absence(result.text, profile_data(session.patient))


def _api(user, patient: Patient) -> APIClient:
    patient.care_team.add(user)
    client = APIClient()
    token, _ = do_issue_token(user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def test_dismissing_with_a_reason_removes_the_session_from_the_profile_and_is_audited(
    add_session, clinician
):
    session = add_session("2024-01-10", ALLERGY_TEXT)
    url = f"/api/patients/{session.patient.external_id}/sessions/{session.external_id}/dismiss/"
    response = _api(clinician, session.patient).post(
        url, json.dumps({"reason": "duplicate of s0"}), content_type="application/json"
    )
    assert response.status_code == 200 and response.json()["dismissed_reason"] == "duplicate of s0"
    assert profile_data(session.patient).not_in_memory == ()
    assert AuditEvent.objects.filter(action="session.dismiss", reason="duplicate of s0").exists()


def test_dismissing_without_a_reason_is_refused(add_session, clinician):
    session = add_session("2024-01-10", ALLERGY_TEXT)
    url = f"/api/patients/{session.patient.external_id}/sessions/{session.external_id}/dismiss/"
    response = _api(clinician, session.patient).post(url, {"reason": " "}, format="json")
    assert response.status_code == 400 and len(profile_data(session.patient).not_in_memory) == 1


def test_overview_banner_links_the_session_and_dismisses_it(add_session, clinician, client):
    session = add_session("2024-01-10", ALLERGY_TEXT)
    session.patient.care_team.add(clinician)
    client.force_login(clinician)
    pid = session.patient.external_id
    page = client.get(f"/patients/{pid}/").content.decode()
    assert "1 session not in memory" in page and f"/sessions/{session.external_id}/" in page
    client.post(f"/patients/{pid}/sessions/{session.external_id}/dismiss/", {"reason": "dup"})
    assert "session not in memory" not in client.get(f"/patients/{pid}/").content.decode()
