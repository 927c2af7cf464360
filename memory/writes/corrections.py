"""Clinicians' corrections of L2 facts: thin delegates to memory.actions.corrections.

Kept so existing callers keep their names; the logic (row lock, version check,
chain recompute, audit) lives in `do_correct_fact`. These delegates lock the
row but do not check a version: they are for system callers that hold no
clinician's view of the fact. The passed fact is refreshed in place.
"""

from __future__ import annotations

from typing import Any

from memory.actions.corrections import (
    EDITABLE_FIELDS,
    VERIFICATIONS_NEEDING_REASON,
    CorrectionError,
    StaleFact,
    do_correct_fact,
    snapshot,
)
from memory.models import Fact

__all__ = [
    "EDITABLE_FIELDS",
    "VERIFICATIONS_NEEDING_REASON",
    "CorrectionError",
    "StaleFact",
    "edit_fact",
    "reassign_fact",
    "set_verification",
    "snapshot",
]


def reassign_fact(fact: Fact, to_subject: str, *, actor: Any, reason: str, channel: str) -> Fact:
    """Move a fact to another person; it leaves its chain and joins that person's."""
    data = {"to_subject": to_subject}
    return _delegate(fact, "reassign", data, actor=actor, reason=reason, channel=channel)


def edit_fact(
    fact: Fact, changes: dict[str, Any], *, actor: Any, reason: str, channel: str
) -> Fact:
    data = {"changes": changes}
    return _delegate(fact, "edit", data, actor=actor, reason=reason, channel=channel)


def set_verification(
    fact: Fact, verification: str, *, actor: Any, reason: str, channel: str
) -> Fact:
    """Confirm, refute or mark entered-in-error (a safety fact is never deleted)."""
    data = {"verification": verification}
    return _delegate(fact, "verify", data, actor=actor, reason=reason, channel=channel)


def _delegate(
    fact: Fact, kind: str, data: dict[str, Any], *, actor: Any, reason: str, channel: str
) -> Fact:
    done = do_correct_fact(
        None, fact.pk, kind, data, version=None, actor=actor, channel=channel, reason=reason
    )
    fact.refresh_from_db()
    return done
