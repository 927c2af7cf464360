"""Profile and ask endpoints: the same entry points as the CLI."""

from __future__ import annotations

import pytest

from memory.models import AuditEvent, IndexState
from tests.api.conftest import BASE

pytestmark = pytest.mark.django_db


def test_profile_lists_every_patient_safety_fact(patient, api):
    body = api.get(BASE + "profile/").json()
    assert {f["entity"] for f in body["safety"]} >= {"penicillin", "ibuprofen", "appendectomy"}


def test_profile_lists_each_substance_once_as_a_safety_row(patient, api):
    body = api.get(BASE + "profile/").json()
    names = [row["name"] for row in body["safety_rows"]]
    assert sorted(names) == sorted(set(names)) and "penicillin" in names


def test_every_safety_fact_is_on_a_safety_row(patient, api):
    body = api.get(BASE + "profile/").json()
    on_rows = sorted(i for row in body["safety_rows"] for i in row["fact_ids"])
    assert on_rows == sorted(f["fact_id"] for f in body["safety"])


def test_profile_never_contains_a_relatives_medication(patient, api):
    body = api.get(BASE + "profile/").json()
    assert "metformin" not in body["text"]


def test_profile_rejects_a_bad_date(patient, api):
    response = api.get(BASE + "profile/", {"at": "2024-13-01"})
    assert list(response.json()["error"]["fields"]) == ["at"]


def test_ask_returns_the_cli_json_document(patient, api):
    body = api.post(BASE + "ask/", {"question": "Is he allergic to penicillin?"}).json()
    assert set(body) == {
        "answer", "reader", "profile", "safety", "rendered", "evidence", "timings_ms",
        "reader_model", "reader_prompt_version", "reader_failure",
        "conflicts", "safety_rows",
    }  # fmt: skip


def test_ask_is_audited_on_the_api_channel(patient, api):
    api.post(BASE + "ask/", {"question": "Current medications?"}, format="json")
    assert (
        AuditEvent.objects.filter(channel="api", patient=patient)
        .exclude(action="patient.view")
        .exists()
    )


def test_ask_without_a_question_is_a_field_error(patient, api):
    response = api.post(BASE + "ask/", {}, format="json")
    assert list(response.json()["error"]["fields"]) == ["question"]


def test_ask_against_vectors_of_another_model_is_a_503_asking_to_reindex(patient, api):
    IndexState.objects.update_or_create(
        singleton=True, defaults={"embedder": "some-other-model", "dim": 384}
    )
    response = api.post(BASE + "ask/", {"question": "Current medications?"}, format="json")
    error = response.json()["error"]
    assert (response.status_code, error["code"]) == (503, "index_mismatch")
    assert "medgraph reindex" in error["message"]
