"""The kind of quantity a number is, from the unit said with it.

A number binds to the item whose quantity it is, and the unit decides the kind
(issue 30): kilograms and pounds are a body weight, never a dose; mmol/L, mg/dL,
mmHg and a percentage are a reading of the lab or vital named before them, never
a dose. Without this a change cue of one sentence ("体重也降到79公斤", "your weight
is down to 79 kilos") was read as a new dose of the drug named just before.
The unit words are data (memory/lexicon/data/cues/quantities.tsv).
Pure: no Django.
"""

from __future__ import annotations

import re
from functools import cache

from memory.lexicon.cues import cues


@cache
def _not_a_dose() -> re.Pattern[str]:
    table = cues("quantities")
    units = "|".join((table.pattern("body_weight_unit"), table.pattern("reading_unit")))
    return re.compile(rf"\s*(?:{units})", re.I)


def names_no_dose(after_number: str) -> bool:
    """Does the text right after a number say a unit of weight or of a reading?"""
    return _not_a_dose().match(after_number) is not None
