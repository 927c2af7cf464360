"""Waiting for construction: through the workers, or in-process when none consumes."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from memory.construction import construct_pending
from memory.models import Session


@dataclass
class WaitOutcome:
    done: list[Session] = field(default_factory=list)
    failed: list[Session] = field(default_factory=list)
    unfinished: list[Session] = field(default_factory=list)
    mode: str = "worker"

    def lines(self) -> list[str]:
        out = [f"constructed {len(self.done)} session(s) ({self.mode})"]
        out += [
            f"FAILED {s.patient.external_id}/{s.external_id}: {s.status_reason}"
            for s in self.failed
        ]
        out += [
            f"unfinished {s.patient.external_id}/{s.external_id}: {s.status}"
            for s in self.unfinished
        ]
        return out


def workers_available(timeout_s: float = 1.0) -> bool:
    from medgraph_web.celery import app

    try:
        return bool(app.control.ping(timeout=timeout_s))
    except Exception:  # broker down counts as "no worker": fall back to in-process
        return False


def wait_for_sessions(session_ids: list[int], timeout_s: float = 3600.0) -> WaitOutcome:
    mode = "worker" if workers_available() else "in-process"
    last_per_patient: dict[int, int] = {}
    for s in Session.objects.filter(pk__in=session_ids).order_by("patient_id", "seq"):
        last_per_patient[s.patient_id] = s.pk
    if mode == "in-process":
        # Same code path as the task: drain each patient's queue in arrival order.
        for sid in last_per_patient.values():
            construct_pending(sid)
    else:
        # One task per patient, even if the caller queued some already: a drain
        # is idempotent, and a caller that queued none (reconstruct) must not hang.
        from memory.tasks import construct_session_task

        for sid in last_per_patient.values():
            construct_session_task.delay(sid)
    deadline = time.monotonic() + timeout_s
    while True:
        sessions = list(Session.objects.filter(pk__in=session_ids).select_related("patient"))
        open_ = [
            s for s in sessions if s.status in (Session.Status.QUEUED, Session.Status.EXTRACTING)
        ]
        if not open_ or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    return WaitOutcome(
        done=[s for s in sessions if s.status == Session.Status.DONE],
        failed=[s for s in sessions if s.status == Session.Status.FAILED],
        unfinished=open_,
        mode=mode,
    )
