"""JSON shape of evidence items for `medgraph ask --json`, the web and the API."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from memory.answering.safety import applies
from memory.domain.evidence import EvidenceItem, FactView
from memory.domain.render import evidence_line, fact_line, iso, safety_row_lines
from memory.domain.safety_rows import SafetyRow

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


def safety_payload(safety: Sequence[FactView]) -> list[dict[str, Any]]:
    """Every safety fact of the profile, shown with every answer (never trimmed).

    `in_force` is false for a record a clinician refuted or marked entered in
    error, and for a denied one; such records stay listed, labelled in `text`.
    """
    return [
        {
            "fact_id": f.fact_id,
            "session_id": f.session_id,
            "kind": f.safety_kind or None,
            "entity": f.entity or None,
            "date": iso(f.date) if f.date else None,
            "assertion": f.assertion,
            "verification": f.verification,
            "in_force": applies(f),
            "text": fact_line(f),
        }
        for f in safety
    ]


def safety_rows_payload(rows: Sequence[SafetyRow[FactView]]) -> list[dict[str, Any]]:
    """The safety profile one row per substance / procedure (memory.domain.safety_rows).

    `state`: present | conflicting (stated present and denied) | hypothetical |
    historical | denied | excluded (every statement refuted / entered in error);
    `fact_ids` lists every statement on the row, oldest first, none left out.
    """
    return [
        {
            "group": row.group,
            "name": row.name,
            "kinds": list(row.kinds),
            "state": row.state,
            "mention_count": row.mention_count,
            "latest": iso(row.latest) if row.latest else None,
            "sessions": list(row.sessions),
            "fact_ids": [f.fact_id for f in row.items],
            "latest_fact_id": row.latest_item.fact_id,
            "present_fact_ids": [f.fact_id for f in row.present_items],
            "denied_on": iso(row.denied_on) if row.denied_on else None,
            "text": safety_row_lines(row)[0][2:],
        }
        for row in rows
    ]
