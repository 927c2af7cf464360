"""A relative's own records, for a question that asks about that relative.

Retrieval ranks only the patient's facts (DESIGN §6.1). When the clinician asks
about a relative ("does his father have a stroke history?"), the LLM reader gets
that relative's records in a section of their own, labelled as the relative's and
cited [R1], [R2] ...; a question about the patient never carries them.
"""

from __future__ import annotations

from memory.domain.chains import EXCLUDED_VERIFICATIONS
from memory.domain.subjects import relation_keys
from memory.models import Fact, Patient

MAX_LINES = 30


def relative_lines(patient: Patient, relation: str, limit: int = MAX_LINES) -> list[str]:
    """'[R1] family:father | 2024-02-26 | condition stroke (confirmed): <content>', newest
    first; records a clinician struck out are left out."""
    facts = (
        Fact.objects.filter(patient=patient, subject__key__in=relation_keys(relation))
        .exclude(verification__in=EXCLUDED_VERIFICATIONS)
        .select_related("subject", "entity")
        .order_by("-effective_date", "-pk")[:limit]
    )
    lines = []
    for n, fact in enumerate(facts, start=1):
        item = fact.entity.name if fact.entity_id else fact.fact_type
        state = fact.status or fact.safety_kind or ""
        if fact.assertion != "present":
            state = f"{state}, {fact.assertion}".strip(", ")
        when = fact.effective_date.isoformat() if fact.effective_date else "undated"
        lines.append(
            f"[R{n}] {fact.subject.key} | {when} | {fact.fact_type} {item} ({state}): "
            f"{fact.content}"
        )
    return lines
