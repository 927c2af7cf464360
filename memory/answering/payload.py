"""JSON shape of evidence items for `medgraph ask --json`, the web and the API."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from memory.domain.evidence import EvidenceItem
from memory.domain.render import evidence_line, iso

RAW_TYPE = "dialogue"


def item_payload(item: EvidenceItem) -> dict[str, Any]:
    """role, fact_id (null for raw text), session_id (external), subject, type, date,
    status, text (the rendered line, or the verbatim dialogue)."""
    if item.fact is None:
        return {
            "role": item.role,
            "fact_id": None,
            "session_id": item.session_id,
            "subject": item.subject,
            "type": RAW_TYPE,
            "date": item.session_date.isoformat() if item.session_date else None,
            "status": None,
            "text": item.text,
        }
    fact = item.fact
    return {
        "role": item.role,
        "fact_id": fact.fact_id,
        "session_id": fact.session_id,
        "subject": fact.subject,
        "type": fact.fact_type,
        "date": iso(fact.date) if fact.date else None,
        "status": fact.status or None,
        "text": evidence_line(item),
    }


def evidence_payload(items: Sequence[EvidenceItem]) -> list[dict[str, Any]]:
    return [item_payload(i) for i in items]
