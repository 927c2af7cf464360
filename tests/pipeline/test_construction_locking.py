"""A worker never waits for a busy patient: it retries later; a drain takes late arrivals too."""

from __future__ import annotations

import psycopg
import pytest
from celery.exceptions import Retry
from django.db import connection

from memory.actions.patient_lock import LOCK_NAMESPACE
from memory.models import Session
from memory.pipeline.construction import PatientBusy, construct_pending
from memory.pipeline.tasks import construct_session_task

pytestmark = pytest.mark.django_db


@pytest.fixture
def other_worker_holds(add_session):
    """Another connection (another worker) holds the patient's construction lock."""

    def hold(session: Session) -> psycopg.Connection:
        conn = psycopg.connect(**connection.get_connection_params(), autocommit=True)
        conn.execute("SELECT pg_advisory_lock(%s, %s)", [LOCK_NAMESPACE, session.patient_id])
        return conn

    return hold


def test_a_busy_patient_is_reported_instead_of_waited_for(add_session, other_worker_holds):
    session = add_session("2024-01-10")
    with other_worker_holds(session), pytest.raises(PatientBusy):
        construct_pending(session.pk, block=False)
    assert Session.objects.get(pk=session.pk).status == Session.Status.QUEUED


def test_the_task_for_a_busy_patient_is_retried_later(add_session, other_worker_holds):
    session = add_session("2024-01-10")
    # As a worker runs it (not eagerly): the retry is published to the broker and raised.
    construct_session_task.push_request(
        id="busy-1",
        args=[session.pk],
        kwargs={},
        retries=0,
        is_eager=False,
        called_directly=False,
    )
    try:
        with other_worker_holds(session), pytest.raises(Retry) as retried:
            construct_session_task.run(session.pk)
    finally:
        construct_session_task.pop_request()
    assert 0 < retried.value.when <= 6
    assert Session.objects.get(pk=session.pk).status == Session.Status.QUEUED


def test_a_drain_constructs_later_arrivals_in_arrival_order(add_session):
    first, second, third = (add_session(d) for d in ("2024-01-10", "2024-02-10", "2024-03-10"))
    done = construct_pending(first.pk, drain_all=True)
    assert done == [first.pk, second.pk, third.pk]
    assert set(Session.objects.values_list("status", flat=True)) == {Session.Status.DONE}


def test_without_drain_all_the_queue_is_drained_only_up_to_the_session(add_session):
    first, second = add_session("2024-01-10"), add_session("2024-02-10")
    assert construct_pending(first.pk) == [first.pk]
    assert Session.objects.get(pk=second.pk).status == Session.Status.QUEUED
