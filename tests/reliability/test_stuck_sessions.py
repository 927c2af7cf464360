"""Sessions left queued/extracting by a lost task are found and constructed again."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connections
from django.utils import timezone

from memory.actions.imports import store_sessions
from memory.actions.patient_lock import LOCK_NAMESPACE
from memory.importing import parse_text
from memory.models import Session
from memory.pipeline.reaper import stuck_sessions

TRANSCRIPT = "Date: 2024-04-02\nPatient: I take metformin 500 mg twice a day.\nDoctor: Good.\n"


def abandoned(pid: str, status: str = "extracting") -> Session:
    """A session whose task died mid-construction twenty minutes ago."""
    stored = store_sessions(parse_text(TRANSCRIPT, "v1.txt", patient_id=pid))
    long_ago = timezone.now() - timedelta(minutes=20)
    Session.objects.filter(pk=stored.stored[0].pk).update(
        status=status, started_at=long_ago, created_at=long_ago
    )
    return Session.objects.get(pk=stored.stored[0].pk)


@pytest.mark.django_db
def test_old_extracting_session_with_no_worker_is_stuck():
    session = abandoned("p-stuck")
    fresh = store_sessions(parse_text(TRANSCRIPT, "v2.txt", patient_id="p-new"))
    found = stuck_sessions(timezone.now(), timedelta(minutes=15))
    assert [s.pk for s in found] == [session.pk]
    assert fresh.stored[0].pk not in {s.pk for s in found}


@pytest.mark.django_db(transaction=True)
def test_session_whose_patient_a_worker_is_constructing_is_not_stuck():
    session = abandoned("p-busy")
    other = connections.create_connection("default")
    try:
        with other.cursor() as cur:  # a live worker draining this patient's queue
            cur.execute("SELECT pg_advisory_lock(%s, %s)", [LOCK_NAMESPACE, session.patient_id])
        assert stuck_sessions(timezone.now(), timedelta(minutes=15)) == []
    finally:
        other.close()
    assert [s.pk for s in stuck_sessions(timezone.now(), timedelta(minutes=15))] == [session.pk]


@pytest.mark.django_db
def test_reconstruct_failed_also_takes_stuck_sessions_and_waits_without_a_worker(capsys):
    session = abandoned("p-rec", status="queued")
    call_command("reconstruct", "--patient", "p-rec", "--failed", "--wait", "--timeout", "60")
    out = capsys.readouterr().out
    session.refresh_from_db()
    assert "queued 1 session(s)" in out and session.status == Session.Status.DONE
