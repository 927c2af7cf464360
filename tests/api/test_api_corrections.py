"""Corrections through the API: applied by memory.actions, audited, atomic."""

from __future__ import annotations

import pytest

from memory.models import AuditEvent, Fact

pytestmark = pytest.mark.django_db

BASE = "/api/patients/p-own/"


def fact_id(content: str) -> int:
    return Fact.objects.get(patient__external_id="p-own", content=content).pk


PENICILLIN = "Penicillin allergy: anaphylaxis in 2015."


def test_refuting_requires_a_reason(own_patient, api):
    url = BASE + f"facts/{fact_id(PENICILLIN)}/verification/"
    response = api.post(url, {"verification": "refuted"}, format="json")
    assert (response.status_code, list(response.json()["error"]["fields"])) == (400, ["reason"])


def test_refuted_allergy_stays_and_shows_refuted(own_patient, api):
    url = BASE + f"facts/{fact_id(PENICILLIN)}/verification/"
    body = api.post(url, {"verification": "refuted", "reason": "skin test negative"}).json()
    assert (body["verification"], body["verification_reason"], body["corrected"]) == (
        "refuted", "skin test negative", True
    )  # fmt: skip


def test_correction_is_audited_with_actor_reason_and_channel(own_patient, api, clinician):
    url = BASE + f"facts/{fact_id(PENICILLIN)}/verification/"
    api.post(url, {"verification": "entered_in_error", "reason": "wrong patient"})
    event = AuditEvent.objects.get(action="fact.entered_in_error")
    assert (event.actor, event.channel, event.reason) == (clinician, "api", "wrong patient")


def test_reassign_moves_the_fact_to_the_relative(own_patient, api):
    url = BASE + f"facts/{fact_id('Started amlodipine 5 mg daily.')}/reassign/"
    body = api.post(url, {"to_subject": "family:father", "reason": "father's drug"}).json()
    assert body["subject"] == "family:father"


def test_reassign_to_the_same_person_is_a_400_and_changes_nothing(own_patient, api):
    fid = fact_id("Started amlodipine 5 mg daily.")
    response = api.post(BASE + f"facts/{fid}/reassign/", {"to_subject": "patient", "reason": "x"})
    assert response.status_code == 400
    assert Fact.objects.get(pk=fid).corrected is False


def test_edit_changes_value_and_content(own_patient, api):
    url = BASE + f"facts/{fact_id('Fasting glucose 6.1 mmol/L.')}/edit/"
    body = api.post(url, {"value": "6.3", "content": "Fasting glucose 6.3 mmol/L.",
                          "reason": "lab report"}, format="json").json()  # fmt: skip
    assert (body["value"], body["content"]) == ("6.3", "Fasting glucose 6.3 mmol/L.")


def test_edit_with_an_invalid_status_names_the_field(own_patient, api):
    url = BASE + f"facts/{fact_id('Started amlodipine 5 mg daily.')}/edit/"
    response = api.post(url, {"status": "cured", "reason": "x"}, format="json")
    assert list(response.json()["error"]["fields"]) == ["status"]


def test_edit_without_any_change_is_rejected(own_patient, api):
    url = BASE + f"facts/{fact_id('Started amlodipine 5 mg daily.')}/edit/"
    assert api.post(url, {"reason": "nothing"}, format="json").status_code == 400


def test_non_member_cannot_correct_and_nothing_changes(own_patient, outsider_api):
    fid = fact_id(PENICILLIN)
    url = BASE + f"facts/{fid}/verification/"
    response = outsider_api.post(url, {"verification": "refuted", "reason": "x"})
    assert response.status_code == 404
    assert Fact.objects.get(pk=fid).verification == "unconfirmed"
