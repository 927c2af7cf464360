"""Celery tasks. They only call the stage entry points."""

from __future__ import annotations

from celery import shared_task

from memory.construction import construct_pending


@shared_task(name="memory.construct_session", acks_late=True)
def construct_session_task(session_id: int) -> dict[str, object]:
    """Construct `session_id` and every earlier queued session of its patient.

    Sessions of one patient are constructed strictly in arrival order under a
    per-patient lock, whichever worker receives which task; different patients
    proceed in parallel.
    """
    done = construct_pending(session_id=session_id)
    return {"constructed": done}
