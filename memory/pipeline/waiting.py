"""Waiting for construction: through the workers, or in-process when none consumes."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import TextIO

from tqdm import tqdm

from memory.domain.sessions import RULE_FALLBACK_PREFIX
from memory.models import Session
from memory.pipeline.construction import construct_pending

OPEN = (Session.Status.QUEUED, Session.Status.EXTRACTING)


@dataclass
class WaitOutcome:
    done: list[Session] = field(default_factory=list)
    failed: list[Session] = field(default_factory=list)
    unfinished: list[Session] = field(default_factory=list)
    mode: str = "worker"

    @property
    def fallback(self) -> list[Session]:
        """Constructed, but by the rule extractor after the configured LLM failed."""
        return [s for s in self.done if s.extractor.startswith(RULE_FALLBACK_PREFIX)]

    def lines(self) -> list[str]:
        out = [f"constructed {len(self.done)} session(s) ({self.mode})"]
        if self.fallback:
            out.append(f"{len(self.fallback)} of them built by rules after an LLM failure")
        out += [
            f"FALLBACK {s.patient.external_id}/{s.external_id}: {s.status_reason}"
            for s in self.fallback
        ]
        out += [
            f"FAILED {s.patient.external_id}/{s.external_id}: {s.status_reason}"
            for s in self.failed
        ]
        out += [
            f"unfinished {s.patient.external_id}/{s.external_id}: {s.status}"
            for s in self.unfinished
        ]
        return out


def workers_available() -> bool:
    """A live worker consumes this process's queue (its heartbeat is recent).

    Only workers of the same queue count: a worker of another deployment or of
    a running app on the same Redis would never take these tasks.
    """
    from django.conf import settings

    from medgraph_web import broker

    try:
        client = broker.redis_client(timeout_s=1.0)
        return bool(broker.live_workers(client, settings.CELERY_TASK_DEFAULT_QUEUE))
    except Exception:  # broker down counts as "no worker": fall back to in-process
        return False


def progress_bar(total: int, desc: str, unit: str = "session", file: TextIO | None = None) -> tqdm:
    """Counts, rate and ETA on a terminal; silent when the output (stderr) is not one."""
    return tqdm(
        total=total, desc=desc, unit=unit, file=file or sys.stderr, disable=None, leave=False
    )


def wait_for_sessions(session_ids: list[int], timeout_s: float = 3600.0) -> WaitOutcome:
    mode = "worker" if workers_available() else "in-process"
    with progress_bar(len(session_ids), f"constructing ({mode})") as bar:
        if mode == "in-process":
            # Same code path as the task, one session at a time in each patient's order.
            order = Session.objects.filter(pk__in=session_ids).order_by("patient_id", "seq")
            for sid in order.values_list("pk", flat=True):
                construct_pending(sid)
                bar.update(1)
        else:
            # One task per patient, even if the caller queued some already: a drain
            # is idempotent, and a caller that queued none (reconstruct) must not hang.
            from memory.pipeline.tasks import construct_session_task

            last_per_patient: dict[int, int] = {}
            for s in Session.objects.filter(pk__in=session_ids).order_by("patient_id", "seq"):
                last_per_patient[s.patient_id] = s.pk
            for sid in last_per_patient.values():
                construct_session_task.delay(sid)
        deadline = time.monotonic() + timeout_s
        while True:
            sessions = list(Session.objects.filter(pk__in=session_ids).select_related("patient"))
            open_ = [s for s in sessions if s.status in OPEN]
            bar.update(len(sessions) - len(open_) - bar.n)
            if not open_ or time.monotonic() > deadline:
                break
            time.sleep(0.5)
    return WaitOutcome(
        done=[s for s in sessions if s.status == Session.Status.DONE],
        failed=[s for s in sessions if s.status == Session.Status.FAILED],
        unfinished=open_,
        mode=mode,
    )
