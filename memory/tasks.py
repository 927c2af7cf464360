"""Celery tasks. They only call the stage entry points."""

from __future__ import annotations

import logging
import random
from typing import Any

from celery import shared_task
from django.conf import settings

from memory.construction import PatientBusy, construct_pending
from memory.models import Session

log = logging.getLogger(__name__)

# A busy patient's task comes back after a few seconds (jittered so that a
# burst of one patient's uploads does not retry in lockstep).
BUSY_RETRY_S = (2.0, 6.0)


@shared_task(name="memory.construct_session", bind=True, max_retries=None)
def construct_session_task(self: Any, session_id: int) -> None:
    """Construct `session_id` and every earlier queued session of its patient.

    Sessions of one patient are constructed strictly in arrival order under a
    per-patient lock, whichever worker receives which task; different patients
    proceed in parallel. A worker never waits for that lock: when another worker
    holds it, the task is retried later and the slot serves other patients.
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
    still_open = Session.objects.filter(
        pk=session_id, status__in=[Session.Status.QUEUED, Session.Status.EXTRACTING]
    ).exists()
    if still_open:  # the drain budget ran out before this session: continue in a new task
        log.info("drain continues", extra={"session_id": session_id, "constructed": len(done)})
        raise self.retry(countdown=0)
