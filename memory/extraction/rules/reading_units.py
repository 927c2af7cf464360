"""The units of a vital or lab reading, as said and as stored: "mm Hg", "beats per
minute", "milligrams per deciliter", "degrees" (Celsius or Fahrenheit by the
number's scale), "公斤", "次/分", "克每升". The fact keeps the unit as said; its
slot holds the canonical one (memory.domain.slots).
"""

from __future__ import annotations

import re

from memory.extraction.rules.metrics import Metric
from memory.lexicon.cues import cues

# A unit said after a reading's number (lexicon/data/cues/measurements.tsv,
# reading_value_unit), in file order: longer spellings first. The empty alternative at the
# end lets a reading go without its unit (the group then matches "").
UNITS = cues("measurements").pattern("reading_value_unit", ordered=True) + "|"
UNIT_LABELS = {
    "mm hg": "mmHg",
    "mmhg": "mmHg",
    "毫米汞柱": "mmHg",
    "percent": "%",
    "pounds": "lb",
    "pound": "lb",
    "lbs": "lb",
    "kilos": "kg",
    "kilo": "kg",
    "kilograms": "kg",
    "kilogram": "kg",
    "公斤": "kg",
    "千克": "kg",
    "℃": "°C",
    "℉": "°F",
    "°c": "°C",
    "°f": "°F",
    "degrees celsius": "°C",
    "degree celsius": "°C",
    "degrees c": "°C",
    "degrees fahrenheit": "°F",
    "degree fahrenheit": "°F",
    "degrees f": "°F",
    "milligrams per deciliter": "mg/dL",
    "milligram per deciliter": "mg/dL",
    "mg/dl": "mg/dL",
    "grams per deciliter": "g/dL",
    "gram per deciliter": "g/dL",
    "g/dl": "g/dL",
    "g/l": "g/L",
    "克每升": "g/L",
    "克/升": "g/L",
    "millimoles per liter": "mmol/L",
    "millimole per liter": "mmol/L",
    "mmol/l": "mmol/L",
    "mmol": "mmol/L",
    "毫摩尔每升": "mmol/L",
    "毫摩尔/升": "mmol/L",
    "毫摩尔": "mmol/L",
    "micromoles per liter": "µmol/L",
    "µmol/l": "µmol/L",
    "umol/l": "µmol/L",
    "微摩尔每升": "µmol/L",
    "pg/ml": "pg/mL",
    "ng/ml": "ng/mL",
    "ng/dl": "ng/dL",
}
# Said without what they count: beats or breaths per minute, the metric's own unit.
_PER_MINUTE = frozenset(
    {
        "bpm",
        "beats per minute",
        "beats a minute",
        "beats",
        "次/分",
        "次/分钟",
        "次每分钟",
        "次",
        "下",
    }
)
_DEGREES = frozenset({"degrees", "degree", "度"})


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
