"""Upload: all-or-nothing storage, care-team checks, progress partial."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from memory.models import AuditEvent, Patient, Session
from memory.pipeline.construction import construct_pending

pytestmark = pytest.mark.django_db(transaction=False)

TRANSCRIPT = "Patient: I take metformin 500 mg twice a day.\nDoctor: Keep taking it.\n"


def post(client, **data):
    return client.post(reverse("upload"), data)


def test_pasted_transcript_is_stored_with_date_and_uploader_on_care_team(client_in, clinician):
    response = post(client_in, text=TRANSCRIPT, patient_id="new-1", session_date="2024-05-01")
    assert response.status_code == 302
    session = Session.objects.get(patient__external_id="new-1")
    assert str(session.session_date) == "2024-05-01"
    assert Patient.objects.get(external_id="new-1").care_team.filter(pk=clinician.pk).exists()
    assert AuditEvent.objects.filter(action="session.import", channel="web").exists()


def test_rejected_upload_stores_nothing_and_shows_importer_message(client_in):
    bad = SimpleUploadedFile("bad.json", b'{"patient": {"id": "x"}, "sessions": [{"turns": 3}]}')
    good = SimpleUploadedFile("v.txt", TRANSCRIPT.encode())
    response = client_in.post(reverse("upload"), {"files": [good, bad], "patient_id": "x"})
    assert response.status_code == 400
    assert "bad.json" in response.content.decode()
    assert not Session.objects.exists()


def test_transcript_without_patient_id_is_rejected(client_in):
    response = post(client_in, text=TRANSCRIPT)
    assert response.status_code == 400 and "patient" in response.content.decode()
    assert not Session.objects.exists()


def test_empty_upload_is_rejected(client_in):
    assert post(client_in).status_code == 400


def test_upload_to_foreign_patient_is_refused(client, outsider, patient):
    client.force_login(outsider)
    response = post(client, text=TRANSCRIPT, patient_id="p1")
    assert response.status_code == 400
    body = response.content.decode()
    assert "your own patients" in body and "p1" not in body.split('id="upload-error"')[1][:300]
    assert patient.sessions.count() == 2


def test_progress_polls_until_all_sessions_finish(client_in):
    post(client_in, text=TRANSCRIPT, patient_id="new-2", session_date="2024-05-01")
    session = Session.objects.get(patient__external_id="new-2")
    url = reverse("upload-progress") + f"?s={session.pk}"
    polling = client_in.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert 'hx-trigger="every 2s"' in polling and "queued" in polling
    construct_pending(session.pk)
    done = client_in.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "every 2s" not in done and "All sessions processed" in done


def test_progress_shows_the_care_teams_own_sessions(client_in, patient):
    ids = "-".join(str(pk) for pk in patient.sessions.values_list("pk", flat=True))
    body = client_in.get(reverse("upload-progress") + f"?s={ids}").content.decode()
    assert ids and "data-session=" in body


def test_progress_hides_sessions_of_other_patients(client, outsider, patient):
    client.force_login(outsider)
    ids = "-".join(str(pk) for pk in patient.sessions.values_list("pk", flat=True))
    body = client.get(reverse("upload-progress") + f"?s={ids}").content.decode()
    # Rows, not substrings: a random CSRF token may contain "v1".
    assert "data-session=" not in body
