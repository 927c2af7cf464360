"""The session subject: whom one consultation is about, as retrieval reads it.

patient | family:<relation> | mixed | none. Retrieval takes raw turns (source
windows, the fallback) only from patient or mixed sessions (docs/design.md
§6.7), so a session about a relative must say so, and a chatty patient visit
with no extracted fact is still the patient's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory.domain.types import ExtractedFact, Turn
from memory.extraction.rules.text import speaker_role
from memory.lexicon.cues import cues


def session_subject(
    focus: str | None, facts: Sequence[ExtractedFact], turns: Sequence[Turn]
) -> str:
    """`focus`: the relative the session is about (discourse.focus), or None."""
    subjects = {f.subject for f in facts if f.subject != "none"}
    if focus is not None and not _patients_too(facts):
        return focus
    if not subjects:
        speaks_of_self = any(
            speaker_role(t.speaker) == "patient" and _speaks_of_self(t.text) for t in turns
        )
        return "patient" if speaks_of_self else "none"
    return next(iter(subjects)) if len(subjects) == 1 else "mixed"


def _patients_too(facts: Sequence[ExtractedFact]) -> bool:
    """A consultation about a relative is also the patient's only when the patient's
    own facts are substantial: at least two, and as many as everyone else's. A
    caregiver's aside ("I am tired today") leaves it the relative's, so that its raw
    turns never enter the patient's evidence; the aside stays a patient fact."""
    own = sum(f.subject == "patient" for f in facts)
    others = sum(f.subject not in ("patient", "none") for f in facts)
    return own >= 2 and own >= others


# 我 before a relation word (我妈, 我家) owns the relative: no word of the speaker's self.
_NOT_SELF_ZH = cues("persons").pattern("relation_after_first_person", "zh", ordered=True)
_SELF = re.compile(rf"\b(?:i|i'm|i've|me|my)\b|我(?!{_NOT_SELF_ZH})", re.I)


def _speaks_of_self(text: str) -> bool:
    return bool(_SELF.search(text))
