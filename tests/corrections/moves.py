"""A clinician's reassignment through the corrections entry point, for tests that set
one up before what they check (re-extraction, history invariants)."""

from __future__ import annotations

from django.db import transaction

from memory.actions.corrections import do_correct_fact
from memory.models import Fact


def reassign(fact_pk: int, to_subject: str, *, actor, reason: str, channel: str = "web") -> Fact:
    """The fact, moved to `to_subject` (a key or words such as "我爸")."""
    with transaction.atomic():
        return do_correct_fact(
            None,
            fact_pk,
            "reassign",
            {"to_subject": to_subject},
            version=None,
            actor=actor,
            reason=reason,
            channel=channel,
        )
