"""A real Celery worker on the embedded Redis constructs an uploaded session."""

from __future__ import annotations

import time

import pytest
from celery.contrib.testing.worker import start_worker

from medgraph_web.celery import app
from memory.importing import parse_text
from memory.ingest import store_sessions
from memory.models import Fact, Session

TRANSCRIPT = (
    "Date: 2024-04-02\nPatient: I'm allergic to penicillin, it gives me hives.\n"
    "Doctor: Noted. Keep taking metformin 500 mg twice a day.\n"
)


@pytest.mark.celery
@pytest.mark.django_db(transaction=True)
def test_uploaded_session_is_constructed_by_a_worker(settings):
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=30):
        stored = store_sessions(parse_text(TRANSCRIPT, "v1.txt", patient_id="cel-1")).stored[0]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if Session.objects.get(pk=stored.pk).status in ("done", "failed"):
                break
            time.sleep(0.2)
    session = Session.objects.get(pk=stored.pk)
    assert session.status == "done" and Fact.objects.filter(session=session).exists()
