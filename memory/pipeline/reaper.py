"""Find sessions left "queued" or "extracting" by a lost task, and queue them again.

A session is stuck when it has been queued or extracting longer than a bound
and no worker holds its patient's construction lock: a worker that is
draining the patient's queue holds that lock for the whole drain, so a free
lock on an old open session means the task that should build it is gone
(a killed worker, a lost message, a database outage). Requeueing is
idempotent: construction drains a patient's queue under the lock and skips
sessions already done, so a duplicate task only finds nothing left to do.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from django.db.models import Q

from memory.actions.patient_lock import construction_lock_held
from memory.models import Session

OPEN = (Session.Status.QUEUED, Session.Status.EXTRACTING)


def stuck_sessions(now: datetime, older_than: timedelta) -> list[Session]:
    """Open sessions older than the bound whose patient no worker is constructing."""
    cutoff = now - older_than
    old = Session.objects.filter(status__in=OPEN).filter(
        Q(status=Session.Status.EXTRACTING, started_at__lt=cutoff)
        | Q(status=Session.Status.EXTRACTING, started_at__isnull=True, created_at__lt=cutoff)
        | Q(status=Session.Status.QUEUED, created_at__lt=cutoff)
    )
    sessions = list(old.select_related("patient").order_by("patient_id", "seq"))
    idle = {pid for pid in {s.patient_id for s in sessions} if not construction_lock_held(pid)}
    return [s for s in sessions if s.patient_id in idle]


def requeue(sessions: list[Session], send: Callable[[int], object]) -> list[int]:
    """Send one construction task per patient (for its last stuck session) with `send`
    (the task's delay: the reaper is called by the task module, never imports it);
    return those ids."""
    last: dict[int, int] = {}
    for session in sessions:
        last[session.patient_id] = session.pk
    for session_id in last.values():
        send(session_id)
    return list(last.values())
