"""Re-importing a session: same turns is a no-op, changed turns conflict, --replace supersedes."""

from __future__ import annotations

import threading

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from rest_framework.test import APIClient

from memory.actions.corrections import set_verification
from memory.actions.tokens import do_issue_token
from memory.models import Fact, Session
from memory.pipeline.construction import construct_pending
from tests.fhir.graph import build_graph

CHANGED = (
    "Date: 2024-01-08\nDoctor: How are you?\nPatient: I take metformin 500 mg twice daily now.\n"
)


@pytest.mark.django_db
def test_changed_reimport_fails_and_keeps_the_stored_turns(tmp_path):
    build_graph("p-re")
    path = tmp_path / "s1.txt"
    path.write_text(CHANGED, encoding="utf-8")
    with pytest.raises(CommandError, match=r"already imported with different turns.*--replace"):
        call_command("import", str(path), "--patient", "p-re")
    session = Session.objects.get(patient__external_id="p-re", external_id="s1")
    assert "metformin 500" not in " ".join(session.turns.values_list("text", flat=True))


@pytest.mark.django_db
def test_replace_supersedes_turns_reextracts_and_keeps_corrections(tmp_path):
    patient = build_graph("p-re")
    allergy = Fact.objects.get(patient=patient, content__startswith="Penicillin allergy")
    set_verification(allergy, "refuted", actor=None, reason="skin test negative", channel="cli")
    path = tmp_path / "s1.txt"
    path.write_text(CHANGED, encoding="utf-8")
    call_command("import", str(path), "--patient", "p-re", "--replace")
    session = Session.objects.get(patient=patient, external_id="s1")
    assert session.status == Session.Status.QUEUED
    construct_pending(session.pk)
    session.refresh_from_db()
    turns = " ".join(session.turns.values_list("text", flat=True))
    assert session.status == Session.Status.DONE and "metformin 500" in turns
    allergy.refresh_from_db()
    assert (allergy.verification, allergy.corrected) == ("refuted", True)
    # The facts only the old turns supported are gone; the corrected one stays.
    assert not Fact.objects.filter(session=session, content="Diagnosed with hypertension.")


@pytest.mark.django_db(transaction=True)
def test_concurrent_identical_uploads_store_once_and_never_500(clinician):
    from memory.actions.imports import ensure_patient

    patient, _ = ensure_patient("p-dup")
    patient.care_team.add(clinician)
    token, _ = do_issue_token(clinician)
    body = ('{"patient": {"id": "p-dup"}, "sessions": [{"id": "v1", "date": "2024-02-02", '
            '"turns": [{"speaker": "doctor", "text": "How is the cough?"}]}]}')  # fmt: skip
    codes: list[int] = []
    barrier = threading.Barrier(4)

    def upload() -> None:
        client = APIClient(raise_request_exception=False)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        barrier.wait()
        url = "/api/patients/p-dup/sessions/"
        codes.append(client.post(url, body, content_type="application/json").status_code)
        connection.close()

    threads = [threading.Thread(target=upload) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(codes)[0] in (200, 201) and codes.count(201) == 1
    assert all(code in (200, 201, 409) for code in codes), codes
    assert Session.objects.filter(patient__external_id="p-dup").count() == 1
