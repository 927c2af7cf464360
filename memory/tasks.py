"""Celery tasks. They only call the stage entry points.

A database outage (OperationalError / InterfaceError) is retried with
exponential backoff on a fresh connection, never turned into a stuck or failed
session; a lost task is found again by the reaper (`reap_stuck_sessions`,
run at worker start and periodically by beat).
"""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings
from django.db import InterfaceError, OperationalError, close_old_connections, connection
from django.utils import timezone

from memory.construction import construct_pending

log = logging.getLogger(__name__)
DB_ERRORS = (OperationalError, InterfaceError)
MAX_DB_RETRIES = 8  # 2 s doubling to a 5 min cap: about 12 minutes of outage


@shared_task(name="memory.construct_session", acks_late=True, bind=True, max_retries=MAX_DB_RETRIES)
def construct_session_task(self: object, session_id: int) -> dict[str, object]:
    """Construct `session_id` and every earlier queued session of its patient.

    Sessions of one patient are constructed strictly in arrival order under a
    per-patient lock, whichever worker receives which task; different patients
    proceed in parallel.
    """
    close_old_connections()
    try:
        done = construct_pending(session_id=session_id)
    except DB_ERRORS as exc:
        connection.close()  # the next attempt opens a fresh connection
        retries = self.request.retries  # type: ignore[attr-defined]
        delay = min(2 * 2**retries, 300)
        log.warning("database error on session %s (retry %s in %ss): %s", session_id,
                    retries + 1, delay, exc)  # fmt: skip
        raise self.retry(exc=exc, countdown=delay) from None  # type: ignore[attr-defined]
    return {"constructed": done}


@shared_task(name="memory.reap_stuck_sessions")
def reap_stuck_sessions() -> dict[str, object]:
    """Queue again every session stuck in queued/extracting (see memory.reaper)."""
    from memory.reaper import requeue, stuck_sessions

    close_old_connections()
    bound = timedelta(seconds=settings.MEDGRAPH_STUCK_AFTER_S)
    stuck = stuck_sessions(timezone.now(), bound)
    requeued = requeue(stuck)
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
