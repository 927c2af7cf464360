"""Reads of sessions (L1) for the pipeline and the pages."""

from __future__ import annotations

from typing import Any

from memory.domain.sessions import is_listed
from memory.models import Patient, Session


def is_current_extraction(session_id: int, started_at: Any) -> bool:
    """Lock the session row for the caller's transaction and say whether it is still in
    the extraction that started at `started_at`. A replace of its turns (queued again)
    or a restart by another worker (a later start) supersedes that extraction: its
    result belongs to turns the session no longer has, so it must not be stored, and
    storing it would be an illegal queued→done move."""
    row = (
        Session.objects.select_for_update(of=("self",), no_key=True)
        .filter(pk=session_id)
        .values_list("status", "started_at")
        .first()
    )
    return row == (Session.Status.EXTRACTING, started_at)


def sessions_not_in_memory(patient: Patient) -> list[Session]:
    """The overview banner's sessions: those the profile lists as not (fully) in memory."""
    rows = patient.sessions.filter(dismissed_at__isnull=True).order_by("seq")
    return [s for s in rows if is_listed(s.status, s.extractor, s.dismissed_at is not None)]
