"""One import action for web, API and CLI: concurrent identical uploads, changed
re-imports, replace, and patient creation audited with the channel as a field."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from memory.actions.imports import ensure_patient
from memory.actions.tokens import do_issue_token
from memory.models import AuditEvent, Patient, Session

VISIT = "Date: 2024-02-02\nDoctor: How is the cough?\nPatient: Better since Monday.\n"
CHANGED = "Date: 2024-02-02\nDoctor: How is the cough?\nPatient: Worse, with fever.\n"


def _waiting_on_locks() -> int:
    with connection.cursor() as cur:
        cur.execute("SELECT pg_stat_clear_snapshot()")
        cur.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cur.fetchone()[0]


def race(patient: Patient, upload: Callable[[], object]) -> list[object]:
    """Run two uploads that are in flight at the same moment: both are started
    while the patient row is locked, so both have looked at what is stored before
    either can store anything; then the lock is released."""
    results: list[object] = []

    def run() -> None:
        try:
            results.append(upload())
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    with transaction.atomic():
        Patient.objects.select_for_update().get(pk=patient.pk)
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        while _waiting_on_locks() < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
    for thread in threads:
        thread.join(timeout=120)
    return results


@pytest.fixture
def shared_patient(clinician) -> Patient:
    patient, _ = ensure_patient("p-race")
    patient.care_team.add(clinician)
    return patient


@pytest.mark.django_db(transaction=True)
def test_two_identical_api_uploads_at_once_give_one_201_and_one_409(clinician, shared_patient):
    token, _ = do_issue_token(clinician)

    def upload() -> tuple[int, dict]:
        client = APIClient(raise_request_exception=False)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        file = SimpleUploadedFile("visit.txt", VISIT.encode())
        response = client.post("/api/patients/p-race/sessions/", {"files": [file]})
        return response.status_code, response.json()

    results = sorted(race(shared_patient, upload), key=lambda r: r[0])
    assert [code for code, _ in results] == [201, 409]
    error = results[1][1]["error"]
    assert error["code"] == "conflict" and "same moment" in error["message"]
    assert Session.objects.filter(patient=shared_patient).count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_identical_web_uploads_at_once_store_once_and_tell_the_second(
    clinician, shared_patient
):
    def upload() -> tuple[int, str]:
        client = Client(raise_request_exception=False)
        client.force_login(clinician)
        file = SimpleUploadedFile("visit.txt", VISIT.encode())
        response = client.post(reverse("upload"), {"files": [file], "patient_id": "p-race"})
        return response.status_code, response.content.decode()

    results = sorted(race(shared_patient, upload), key=lambda r: r[0])
    assert [code for code, _ in results] == [302, 409]
    assert "same moment" in results[1][1]
    assert Session.objects.filter(patient=shared_patient).count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_identical_cli_imports_at_once_one_exits_non_zero(tmp_path, shared_patient):
    path = tmp_path / "visit.txt"
    path.write_text(VISIT, encoding="utf-8")

    def upload() -> str:
        try:
            call_command("import", str(path), "--patient", "p-race")
        except CommandError as exc:
            return f"error: {exc}"
        return "ok"

    results = sorted(race(shared_patient, upload))
    assert results[0].startswith("error:") and "same moment" in results[0]
    assert results[1] == "ok"
    assert Session.objects.filter(patient=shared_patient).count() == 1


@pytest.mark.django_db
def test_identical_upload_later_is_already_imported_not_a_conflict(client_in):
    for _ in range(2):
        file = SimpleUploadedFile("visit.txt", VISIT.encode())
        response = client_in.post(reverse("upload"), {"files": [file], "patient_id": "p-seq"})
    assert response.status_code == 400 and "already stored" in response.content.decode()
    assert Session.objects.filter(patient__external_id="p-seq").count() == 1


@pytest.mark.django_db
def test_web_changed_reupload_is_refused_and_replace_supersedes_it(client_in):
    def upload(text: str, **extra: str):
        file = SimpleUploadedFile("visit.txt", text.encode())
        data = {"files": [file], "patient_id": "p-web", **extra}
        return client_in.post(reverse("upload"), data)

    assert upload(VISIT).status_code == 302
    refused = upload(CHANGED)
    assert refused.status_code == 409 and "replace changed sessions" in refused.content.decode()
    session = Session.objects.get(patient__external_id="p-web", external_id="visit")
    assert "fever" not in " ".join(session.turns.values_list("text", flat=True))
    assert upload(CHANGED, replace="on").status_code == 302
    session.refresh_from_db()
    assert "fever" in " ".join(session.turns.values_list("text", flat=True))
    assert AuditEvent.objects.filter(action="session.replace", channel="web").exists()


@pytest.mark.django_db
def test_upload_page_explains_the_replace_checkbox(client_in):
    body = client_in.get(reverse("upload")).content.decode()
    assert 'name="replace"' in body and "corrected are kept" in body


@pytest.mark.django_db
def test_api_replace_true_supersedes_a_changed_session(clinician, shared_patient):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {do_issue_token(clinician)[0]}")
    url = "/api/patients/p-race/sessions/"

    def upload(text: str, query: str = ""):
        return client.post(url + query, {"files": [SimpleUploadedFile("visit.txt", text.encode())]})

    assert upload(VISIT).status_code == 201
    assert upload(CHANGED).status_code == 409
    assert upload(CHANGED, "?replace=true").status_code == 201
    session = Session.objects.get(patient=shared_patient, external_id="visit")
    assert "fever" in " ".join(session.turns.values_list("text", flat=True))


@pytest.mark.django_db
def test_patient_create_is_one_event_name_with_the_channel_as_a_field(
    client_in, clinician, tmp_path
):
    client_in.post(reverse("upload"), {"text": VISIT, "patient_id": "p-from-web"})
    path = tmp_path / "visit.txt"
    path.write_text(VISIT, encoding="utf-8")
    call_command("import", str(path), "--patient", "p-from-cli")
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {do_issue_token(clinician)[0]}")
    api.post("/api/patients/", {"external_id": "p-from-api"}, format="json")
    events = AuditEvent.objects.filter(action="patient.create")
    assert {(e.patient.external_id, e.channel) for e in events} == {
        ("p-from-web", "web"), ("p-from-cli", "cli"), ("p-from-api", "api"),
    }  # fmt: skip
    web_patient = Patient.objects.get(external_id="p-from-web")
    assert web_patient.care_team.filter(pk=clinician.pk).exists()


@pytest.mark.django_db
def test_a_patient_view_has_the_same_name_on_web_and_api(client_in, clinician):
    patient, _ = ensure_patient("p-view")
    patient.care_team.add(clinician)
    client_in.get(reverse("patient-overview", args=["p-view"]))
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {do_issue_token(clinician)[0]}")
    api.get("/api/patients/p-view/")
    channels = set(
        AuditEvent.objects.filter(action="patient.view", patient=patient).values_list(
            "channel", flat=True
        )
    )
    assert channels == {"web", "api"}
    assert not AuditEvent.objects.filter(action__startswith="api.").exists()
