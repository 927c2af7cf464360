"""Actions on sessions (L1) taken by people."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from memory.audit import record
from memory.models import Session
from memory.profile import NOT_IN_MEMORY, RULE_FALLBACK_PREFIX


class DismissError(ValueError):
    """The session cannot be dismissed; nothing was changed."""


def is_listed(session: Session) -> bool:
    """The session is listed as not (fully) in memory in profiles and answers."""
    listed = session.status in NOT_IN_MEMORY or session.extractor.startswith(RULE_FALLBACK_PREFIX)
    return listed and session.dismissed_at is None


def do_dismiss_session(session: Session, *, actor: Any, reason: str, channel: str) -> Session:
    """A clinician takes note that a session is not (fully) in memory, with a reason;
    it then leaves the profile's "not in memory" list. Audited."""
    reason = reason.strip()
    if not reason:
        raise DismissError("dismissing a session requires a reason")
    with transaction.atomic():
        locked = Session.objects.select_for_update().get(pk=session.pk)
        if not is_listed(locked):
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
