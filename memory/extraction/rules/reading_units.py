"""The units of a vital or lab reading, as said and as stored: "mm Hg", "beats per
minute", "milligrams per deciliter", "degrees" (Celsius or Fahrenheit by the
number's scale), "公斤", "次/分", "克每升". The fact keeps the unit as said; its
slot holds the canonical one (memory.domain.slots).
"""

from __future__ import annotations

import re

from memory.extraction.rules.metrics import Metric
from memory.lexicon.cues import cues
from memory.lexicon.labels import labels

# A unit said after a reading's number (lexicon/data/cues/measurements.tsv,
# reading_value_unit), in file order: longer spellings first. The empty alternative at the
# end lets a reading go without its unit (the group then matches "").
UNITS = cues("measurements").pattern("reading_value_unit", ordered=True) + "|"
# A reading's unit as said (lower case, single spaces) -> the canonical unit of its
# slot (lexicon/data/labels/reading_units.tsv).
UNIT_LABELS = labels("reading_units").words()
# Said without what they count: beats or breaths per minute, the metric's own unit;
# a bare "degrees" is read by the number's scale (lexicon/data/cues/measurements.tsv).
_PER_MINUTE = frozenset(cues("measurements").forms("count_per_minute_unit"))
_DEGREES = frozenset(cues("measurements").forms("degree_unit"))


def slot_unit(metric: Metric, said: str | None, value: float) -> str | None:
    """The canonical unit of a reading: "度" and "degrees" by the number's scale
    (38.5 is Celsius, 101 Fahrenheit), counts per minute as the metric's own."""
    if not said:
        return metric.unit
    folded = re.sub(r"\s+", " ", said.casefold())
    if folded in _DEGREES and metric.entity == "temperature":
        return "°C" if value < 45 else "°F"
    if folded in _PER_MINUTE and metric.unit:
        return metric.unit
    return UNIT_LABELS.get(folded, said)
