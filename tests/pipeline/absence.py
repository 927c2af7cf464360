"""The test oracle of the absence guard (memory.domain.pending.guard_answer)."""

from __future__ import annotations

from memory.domain.evidence import ProfileData
from memory.domain.pending import ABSENCE, QUALIFIER


def claims_unqualified_absence(text: str, data: ProfileData) -> bool:
    """True when `text` states an absence without the qualifier while a
    session is not in memory (what the guard prevents)."""
    if not data.not_in_memory:
        return False
    marks = tuple(q.split("{n}")[0].strip(" (（") for q in QUALIFIER.values())
    return any(
        ABSENCE.search(line) and not any(m in line for m in marks) for line in text.splitlines()
    )
