"""Corrections through the API: applied by memory.actions, audited, atomic."""

from __future__ import annotations

import pytest

from memory.models import AuditEvent, Fact

pytestmark = pytest.mark.django_db

BASE = "/api/patients/p-own/"


def fact_id(content: str) -> int:
    return Fact.objects.get(patient__external_id="p-own", content=content).pk


def post(api, url: str, body: dict, **extra):
    """A correction as a client makes it: the fact's current ETag as If-Match."""
    fid = int(url.rstrip("/").split("/")[-2])
    etag = f'"{Fact.objects.get(pk=fid).version}"'
    return api.post(url, body, format="json", HTTP_IF_MATCH=etag, **extra)


PENICILLIN = "Penicillin allergy: anaphylaxis in 2015."


def test_refuting_requires_a_reason(own_patient, api):
    url = BASE + f"facts/{fact_id(PENICILLIN)}/verification/"
    response = post(api, url, {"verification": "refuted"})
    assert (response.status_code, list(response.json()["error"]["fields"])) == (400, ["reason"])


def test_refuted_allergy_stays_and_shows_refuted(own_patient, api):
    url = BASE + f"facts/{fact_id(PENICILLIN)}/verification/"
    body = post(api, url, {"verification": "refuted", "reason": "skin test negative"}).json()
    assert (body["verification"], body["verification_reason"], body["corrected"]) == (
        "refuted", "skin test negative", True
    )  # fmt: skip


def test_correction_is_audited_with_actor_reason_and_channel(own_patient, api, clinician):
    url = BASE + f"facts/{fact_id(PENICILLIN)}/verification/"
    post(api, url, {"verification": "entered_in_error", "reason": "wrong patient"})
    event = AuditEvent.objects.get(action="fact.entered_in_error")
    assert (event.actor, event.channel, event.reason) == (clinician, "api", "wrong patient")


def test_reassign_moves_the_fact_to_the_relative(own_patient, api):
    url = BASE + f"facts/{fact_id('Started amlodipine 5 mg daily.')}/reassign/"
    body = post(api, url, {"to_subject": "family:father", "reason": "father's drug"}).json()
    assert body["subject"] == "family:father"


def test_reassign_to_the_same_person_is_a_400_and_changes_nothing(own_patient, api):
    fid = fact_id("Started amlodipine 5 mg daily.")
    response = post(api, BASE + f"facts/{fid}/reassign/", {"to_subject": "patient", "reason": "x"})
    assert response.status_code == 400
    assert Fact.objects.get(pk=fid).corrected is False


def test_edit_changes_value_and_content(own_patient, api):
    url = BASE + f"facts/{fact_id('Fasting glucose 6.1 mmol/L.')}/edit/"
    body = post(api, url, {"value": "6.3", "content": "Fasting glucose 6.3 mmol/L.",
                           "reason": "lab report"}).json()  # fmt: skip
    assert (body["value"], body["content"]) == ("6.3", "Fasting glucose 6.3 mmol/L.")


def test_edit_with_an_invalid_status_names_the_field(own_patient, api):
    url = BASE + f"facts/{fact_id('Started amlodipine 5 mg daily.')}/edit/"
    response = post(api, url, {"status": "cured", "reason": "x"})
    assert list(response.json()["error"]["fields"]) == ["status"]


def test_edit_without_any_change_is_rejected(own_patient, api):
    url = BASE + f"facts/{fact_id('Started amlodipine 5 mg daily.')}/edit/"
    assert post(api, url, {"reason": "nothing"}).status_code == 400


def test_non_member_cannot_correct_and_nothing_changes(own_patient, outsider_api):
    fid = fact_id(PENICILLIN)
    url = BASE + f"facts/{fid}/verification/"
    response = post(outsider_api, url, {"verification": "refuted", "reason": "x"})
    assert response.status_code == 404
    assert Fact.objects.get(pk=fid).verification == "unconfirmed"


def test_correction_without_if_match_is_428_and_changes_nothing(own_patient, api):
    fid = fact_id("Fasting glucose 6.1 mmol/L.")
    url = BASE + f"facts/{fid}/edit/"
    response = api.post(url, {"value": "6.4", "reason": "lab report"}, format="json")
    body = response.json()["error"]
    assert (response.status_code, body["code"]) == (428, "precondition_required")
    assert Fact.objects.get(pk=fid).value == "6.1"


def test_the_428_body_tells_the_client_to_send_the_etag(own_patient, api):
    url = BASE + f"facts/{fact_id(PENICILLIN)}/verification/"
    response = api.post(url, {"verification": "confirmed"}, format="json")
    assert "If-Match" in response.json()["error"]["message"]


@pytest.mark.parametrize("kind", ["reassign", "edit", "verification"])
def test_every_correction_endpoint_requires_if_match(own_patient, api, kind):
    url = BASE + f"facts/{fact_id('Started amlodipine 5 mg daily.')}/{kind}/"
    body = {"to_subject": "family:father", "content": "x", "verification": "confirmed",
            "reason": "checked"}  # fmt: skip
    assert api.post(url, body, format="json").status_code == 428


def test_if_match_star_is_428_like_a_missing_one(own_patient, api):
    fid = fact_id("Fasting glucose 6.1 mmol/L.")
    url = BASE + f"facts/{fid}/edit/"
    response = api.post(url, {"value": "6.4", "reason": "x"}, format="json", HTTP_IF_MATCH="*")
    assert response.status_code == 428
    assert Fact.objects.get(pk=fid).value == "6.1"


def test_the_same_correction_with_the_current_etag_is_applied(own_patient, api):
    fid = fact_id("Fasting glucose 6.1 mmol/L.")
    response = post(api, BASE + f"facts/{fid}/edit/", {"value": "6.4", "reason": "lab report"})
    assert (response.status_code, Fact.objects.get(pk=fid).value) == (200, "6.4")
