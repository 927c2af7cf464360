"""Uploading sessions: JSON body or multipart files, validated like the CLI, all or nothing."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from memory.models import AuditEvent, Session

pytestmark = pytest.mark.django_db

URL = "/api/patients/p-empty/sessions/"


def document(*ids: str, patient: str = "p-empty") -> dict:
    return {
        "patient": {"id": patient, "name": "Empty"},
        "sessions": [
            {"id": sid, "date": "2024-05-01", "turns": [
                {"speaker": "doctor", "text": "Any allergies?"},
                {"speaker": "patient", "text": "Penicillin gives me a rash."}]}
            for sid in ids
        ],
    }  # fmt: skip


def test_json_upload_stores_every_session_queued(empty_patient, api):
    response = api.post(URL, document("v1", "v2"), format="json")
    assert response.status_code == 201
    assert [(s["external_id"], s["status"]) for s in response.json()["stored"]] == [
        ("v1", "queued"), ("v2", "queued")
    ]  # fmt: skip


def test_upload_is_audited_on_the_api_channel(empty_patient, api):
    api.post(URL, document("v1"), format="json")
    assert AuditEvent.objects.filter(action="session.import", channel="api").count() == 1


def test_multipart_upload_accepts_several_files(empty_patient, api):
    files = [
        SimpleUploadedFile("a.json", json.dumps(document("v1")).encode()),
        SimpleUploadedFile("b.txt", b"Date: 2024-06-01\nDoctor: Hello\nPatient: Fine.\n"),
    ]
    response = api.post(URL, {"files": files}, format="multipart")
    assert response.status_code == 201
    assert [s["external_id"] for s in response.json()["stored"]] == ["v1", "b"]


def test_invalid_json_is_400_with_file_location_problem_and_stores_nothing(empty_patient, api):
    response = api.post(URL, data='{"sessions": [', content_type="application/json")
    error = response.json()["error"]
    assert response.status_code == 400
    assert (error["code"], error["file"], error["location"][:4]) == (
        "invalid_upload",
        "request body",
        "line",
    )
    assert Session.objects.count() == 0


def test_bad_field_names_the_json_path(empty_patient, api):
    doc = document("v1")
    doc["sessions"][0]["turns"][1]["speaker"] = "nurse"
    error = api.post(URL, doc, format="json").json()["error"]
    assert error["location"] == "sessions[0].turns[1].speaker"


def test_one_bad_file_among_several_stores_nothing(empty_patient, api):
    files = [
        SimpleUploadedFile("good.json", json.dumps(document("v1")).encode()),
        SimpleUploadedFile("bad.json", b'{"sessions": 3}'),
    ]
    response = api.post(URL, {"files": files}, format="multipart")
    assert (response.status_code, response.json()["error"]["file"]) == (400, "bad.json")
    assert Session.objects.count() == 0


def test_session_id_repeated_across_files_is_rejected(empty_patient, api):
    files = [
        SimpleUploadedFile(n, json.dumps(document("v1")).encode()) for n in ("a.json", "b.json")
    ]
    response = api.post(URL, {"files": files}, format="multipart")
    assert (
        response.status_code == 400
        and "duplicate session id" in response.json()["error"]["problem"]
    )


def test_file_naming_another_patient_is_rejected(empty_patient, api):
    response = api.post(URL, document("v1", patient="someone-else"), format="json")
    assert response.json()["error"]["location"] == "patient.id"


def test_oversize_body_is_413_and_stores_nothing(empty_patient, api, settings):
    settings.MAX_UPLOAD_BYTES = 200
    response = api.post(URL, document("v1", "v2", "v3"), format="json")
    assert (response.status_code, response.json()["error"]["code"]) == (413, "too_large")
    assert Session.objects.count() == 0


def test_reupload_of_the_same_session_is_skipped_not_duplicated(empty_patient, api):
    api.post(URL, document("v1"), format="json")
    response = api.post(URL, document("v1"), format="json")
    assert (response.status_code, len(response.json()["skipped"])) == (200, 1)


def test_session_detail_returns_raw_turns_verbatim(patient, api):
    body = api.get("/api/patients/p-graph/sessions/s1/").json()
    assert (body["status"], body["turns"][0]) == (
        "done",
        {"index": 1, "speaker": "doctor", "text": "How are you?"},
    )


def test_session_list_is_paginated_in_arrival_order(patient, api):
    body = api.get("/api/patients/p-graph/sessions/").json()
    assert (body["count"], [s["seq"] for s in body["results"]]) == (2, [1, 2])
