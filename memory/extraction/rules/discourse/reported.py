"""Reported speech: a pronoun inside what someone else said follows the tracker.

"The cardiologist told me he needs a pacemaker", "the doctors told me she had a
small stroke", 医生跟我说他有房颤: the "he"/"she" after the reporting verb is the
person the talk is about (the father, the mother), not the clinician named just
before it nor the speaker who reports it. Without this, a clinician named after
the relative makes the pronoun nobody's, and the speaker's "me" takes the fact -
the relative's stroke filed as the patient's. The verbs are data
(lexicon/data/cues/speech.tsv); the grammar - the verb, an optional "that", then
the pronoun - is here.
"""

from __future__ import annotations

import re
from functools import cache

from memory.lexicon.cues import cues


@cache
def _frame(zh: bool) -> re.Pattern[str]:
    verbs = cues("speech").pattern("reporting_verb", "zh" if zh else "en")
    if zh:
        return re.compile(rf"{verbs}[，,:：]?$")
    return re.compile(rf"{verbs}(?:\s+that)?[\s,:]+$", re.I)


def reported_at(text: str, pos: int, zh: bool) -> bool:
    """The pronoun at `pos` opens the content of reported speech."""
    head = text[max(0, pos - 40) : pos]
    return bool(_frame(zh).search(head))
