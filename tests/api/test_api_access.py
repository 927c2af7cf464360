"""Authentication and care-team scoping: non-members get 404, never the data."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from memory.models import AuditEvent
from tests.api.conftest import BASE

pytestmark = pytest.mark.django_db

PATIENT_URLS = [
    "", "persons/", "sessions/", "sessions/s1/", "facts/", "chains/", "profile/", "fhir",
]  # fmt: skip


def test_unauthenticated_request_gets_401_in_the_error_shape(patient):
    response = APIClient().get("/api/patients/")
    assert response.status_code == 401
    assert response.json()["error"]["code"] == "not_authenticated"


@pytest.mark.parametrize("suffix", PATIENT_URLS)
def test_non_member_gets_404_on_every_patient_endpoint(patient, outsider_api, suffix):
    response = outsider_api.get(BASE + suffix)
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_non_member_and_unknown_patient_answer_identically(patient, outsider_api):
    known = outsider_api.get(BASE)
    unknown = outsider_api.get("/api/patients/no-such-patient/")
    assert known.json() == unknown.json()


def test_patient_list_shows_only_care_team_patients(patient, api, outsider_api):
    assert [p["external_id"] for p in api.get("/api/patients/").json()["results"]] == ["p-graph"]
    assert outsider_api.get("/api/patients/").json()["results"] == []


def test_session_authentication_works_like_the_web_pages(patient, clinician):
    client = APIClient()
    client.force_login(clinician)
    assert client.get(BASE).status_code == 200


def test_every_patient_read_is_audited_with_channel_api(patient, api, clinician):
    api.get(BASE + "facts/", {"type": "safety"})
    event = AuditEvent.objects.filter(channel="api", action="patient.view").latest("id")
    assert (event.actor, event.patient, event.after["query"]) == (
        clinician,
        patient,
        {"type": ["safety"]},
    )


def test_creating_a_patient_puts_the_caller_on_its_care_team(api):
    response = api.post("/api/patients/", {"external_id": "p-new", "display_name": "New"})
    assert response.status_code == 201
    assert api.get("/api/patients/p-new/").json()["display_name"] == "New"


def test_creating_an_existing_patient_id_is_a_field_error(patient, outsider_api):
    response = outsider_api.post("/api/patients/", {"external_id": "p-graph"})
    assert response.status_code == 400
    assert "external_id" in response.json()["error"]["fields"]


def test_audit_log_is_forbidden_to_clinicians(patient, api):
    response = api.get("/api/audit/")
    assert response.status_code == 403
    assert response.json()["error"]["code"] == "permission_denied"


def test_audit_log_lists_events_for_administrators(patient, api, admin_api, django_user_model):
    patient.care_team.add(django_user_model.objects.get(username="admin1"))
    api.get(BASE)
    rows = admin_api.get("/api/audit/", {"patient": "p-graph", "action": "patient.view"}).json()
    assert rows["count"] >= 1 and rows["results"][0]["channel"] == "api"


def test_audit_log_hides_other_patients_from_staff_outside_their_care_team(patient, api, admin_api):
    api.get(BASE)
    rows = admin_api.get("/api/audit/", {"patient": "p-graph"}).json()
    assert rows["count"] == 0
