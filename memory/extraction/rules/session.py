"""session_subject: whose health the session is about (Appendix A, step 0).

patient | family:<relation> | mixed | none. Retrieval only takes raw turns
from patient or mixed sessions (DESIGN §6.7), so a session about a relative
must say so, and a chatty patient visit with no extracted fact is still the
patient's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory.domain.types import ExtractedFact, Turn
from memory.extraction.rules.text import speaker_role

_SELF = re.compile(r"\b(?:i|i'm|i've|me|my)\b|我(?!妈|爸|儿|女|老公|老婆|爱人|家|孩子|父|母)", re.I)


def session_subject(
    facts: Sequence[ExtractedFact], turns: Sequence[Turn], focus: str | None = None
) -> str:
    """`focus`: the relative the session is about (rules.focus), if any: a
    consultation about the father with no extracted fact is still his, and its
    raw turns must not be ranked as the patient's."""
    subjects = {f.subject for f in facts if f.subject != "none"}
    if not subjects and focus is not None:
        return focus
    if not subjects:
        speaks_of_self = any(
            speaker_role(t.speaker) == "patient" and _SELF.search(t.text) for t in turns
        )
        return "patient" if speaks_of_self else "none"
    # One person -> that person; the patient with relatives, or several relatives
    # -> mixed (retrieval keeps raw turns of mixed sessions, DESIGN §6.7).
    return next(iter(subjects)) if len(subjects) == 1 else "mixed"
