"""Celery tasks. They only call the stage entry points.

A worker never waits for a patient's lock: when another worker holds it, the
task comes back a few seconds later and the slot serves other patients. A
database outage (OperationalError / InterfaceError) is retried with
exponential backoff on a fresh connection, never turned into a stuck or failed
session; a lost task is found again by the reaper (`reap_stuck_sessions`, run
at worker start and periodically by beat).
"""

from __future__ import annotations

import logging
import random
from datetime import timedelta
from typing import Any

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings
from django.db import InterfaceError, OperationalError, close_old_connections, connection
from django.utils import timezone

from medgraph_web.celery import app as _app  # noqa: F401  (configures the app the tasks bind to)
from memory.models import Session
from memory.pipeline.construction import PatientBusy, construct_pending
from memory.pipeline.reaper import requeue, stuck_sessions

log = logging.getLogger(__name__)

# A busy patient's task comes back after a few seconds (jittered so that a
# burst of one patient's uploads does not retry in lockstep).
BUSY_RETRY_S = (2.0, 6.0)
DB_ERRORS = (OperationalError, InterfaceError)
DB_BACKOFF_CAP_S = 300  # 2 s doubling to a 5 min cap


@shared_task(name="memory.construct_session", acks_late=True, bind=True, max_retries=None)
def construct_session_task(self: Any, session_id: int) -> None:
    """Construct `session_id` and every earlier queued session of its patient.

    Sessions of one patient are constructed strictly in arrival order under a
    per-patient lock, whichever worker receives which task; different patients
    proceed in parallel. (Celery's Django fixup closes stale connections around
    every task; a database error closes this one before the retry.)
    """
    try:
        done = construct_pending(
            session_id, block=False, budget_s=settings.CONSTRUCT_DRAIN_BUDGET_S, drain_all=True
        )
    except PatientBusy as exc:
        log.info("patient busy, retrying", extra={"session_id": session_id})
        raise self.retry(exc=exc, countdown=random.uniform(*BUSY_RETRY_S)) from None
    except Session.DoesNotExist:
        log.warning("session %s no longer exists", session_id)
        return
    except DB_ERRORS as exc:
        connection.close()  # the next attempt opens a fresh connection
        retries = self.request.retries
        delay = min(2 * 2 ** min(retries, 10), DB_BACKOFF_CAP_S)
        log.warning("database error on session %s (retry %s in %ss): %s", session_id,
                    retries + 1, delay, exc)  # fmt: skip
        raise self.retry(exc=exc, countdown=delay) from None
    still_open = Session.objects.filter(
        pk=session_id, status__in=[Session.Status.QUEUED, Session.Status.EXTRACTING]
    ).exists()
    if still_open:  # the drain budget ran out before this session: continue in a new task
        log.info("drain continues", extra={"session_id": session_id, "constructed": len(done)})
        raise self.retry(countdown=0)


@shared_task(name="memory.reap_stuck_sessions")
def reap_stuck_sessions() -> dict[str, object]:
    """Queue again every session stuck in queued/extracting (see memory.pipeline.reaper)."""
    close_old_connections()
    bound = timedelta(seconds=settings.MEDGRAPH_STUCK_AFTER_S)
    stuck = stuck_sessions(timezone.now(), bound)
    requeued = requeue(stuck, construct_session_task.delay)
    if requeued:
        log.warning("requeued %s stuck session(s) of %s patient(s)", len(stuck), len(requeued))
    return {"stuck": [s.pk for s in stuck], "tasks": requeued}


@worker_ready.connect
def _reap_at_worker_start(**_: object) -> None:
    # A worker that starts after a crash picks up what the crashed one left behind.
    try:
        reap_stuck_sessions.delay()
    except Exception:  # the broker being unreachable must not stop the worker starting
        log.exception("could not queue the stuck-session check at worker start")
