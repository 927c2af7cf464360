"""Actions on sessions (L1): the construction state machine and dismissal.

Every change of `Session.status` happens here, through `_move`, which locks the
row and checks the change against memory.domain.sessions; an illegal one raises
IllegalTransition and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone

from memory.actions.audit import record
from memory.domain.sessions import (
    IllegalTransition,
    check_transition,
    is_listed,
    needs_reason,
)
from memory.models import Session

__all__ = [
    "DismissError",
    "IllegalTransition",
    "do_dismiss_session",
    "do_fail_session",
    "do_finish_session",
    "do_queue_sessions",
    "do_start_extraction",
]

MAX_REASON = 5000


class DismissError(ValueError):
    """The session cannot be dismissed; nothing was changed."""


def _move(session_id: int, target: str, **fields: Any) -> Session:
    """Lock the session, check the transition, store `target` and `fields`."""
    with transaction.atomic():
        session = Session.objects.select_for_update(of=("self",), no_key=True).get(pk=session_id)
        check_transition(session.status, target)
        reason = str(fields.pop("status_reason", ""))[:MAX_REASON]
        if needs_reason(target) and not reason:
            reason = "unknown failure"
        Session.objects.filter(pk=session_id).update(status=target, status_reason=reason, **fields)
        session.refresh_from_db()
    return session


def do_start_extraction(session_id: int) -> Session:
    """queued (or a previous state) → extracting, with the start time."""
    return _move(session_id, Session.Status.EXTRACTING, started_at=timezone.now())


def do_finish_session(session_id: int, **fields: Any) -> Session:
    """extracting → done, storing what the construction recorded (extractor, counts,
    timings, a kept failure note in `status_reason`). Called inside the transaction
    that wrote the session's facts, so "done" and the facts commit together."""
    return _move(session_id, Session.Status.DONE, finished_at=timezone.now(), **fields)


def do_fail_session(session_id: int, reason: str, **fields: Any) -> Session:
    """extracting → failed with the reason; the raw turns stay as they were."""
    return _move(
        session_id, Session.Status.FAILED, status_reason=reason, finished_at=timezone.now(),
        **fields,
    )  # fmt: skip


def do_record_timing(session_id: int, **fields: Any) -> None:
    """Construction figures that do not change the status (e.g. total time)."""
    if "status" in fields:
        raise IllegalTransition("status changes go through the state machine")
    Session.objects.filter(pk=session_id).update(**fields)


def do_queue_sessions(session_ids: Sequence[int]) -> list[int]:
    """Queue sessions for (re-)extraction; returns their ids. Each is checked: a
    session cannot be queued from a state the machine does not allow."""
    with transaction.atomic():
        for session_id in session_ids:
            _move(session_id, Session.Status.QUEUED)
    return list(session_ids)


def do_dismiss_session(session: Session, *, actor: Any, reason: str, channel: str) -> Session:
    """A clinician takes note that a session is not (fully) in memory, with a reason;
    it then leaves the profile's "not in memory" list. Audited."""
    reason = reason.strip()
    if not reason:
        raise DismissError("dismissing a session requires a reason")
    with transaction.atomic():
        locked = Session.objects.select_for_update(no_key=True).get(pk=session.pk)
        if not is_listed(locked.status, locked.extractor, locked.dismissed_at is not None):
            raise DismissError(f"session {locked.external_id} is in memory; nothing to dismiss")
        before = {"status": locked.status, "status_reason": locked.status_reason}
        locked.dismissed_reason = reason
        locked.dismissed_by = actor if getattr(actor, "is_authenticated", False) else None
        locked.dismissed_at = timezone.now()
        locked.save(update_fields=["dismissed_reason", "dismissed_by", "dismissed_at"])
        record(
            "session.dismiss", actor=actor, channel=channel, patient=locked.patient, obj=locked,
            before=before, after={"dismissed_reason": reason}, reason=reason,
        )  # fmt: skip
    return locked
