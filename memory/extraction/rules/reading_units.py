"""The units of a vital or lab reading, as said and as stored: "mm Hg", "beats per
minute", "milligrams per deciliter", "degrees" (Celsius or Fahrenheit by the
number's scale), "公斤", "次/分", "克每升". The fact keeps the unit as said; its
slot holds the canonical one (memory.domain.slots).
"""

from __future__ import annotations

import re

from memory.extraction.rules.metrics import Metric

# A unit said after a reading's number (longer spellings first).
UNITS = (
    r"mm ?hg|bpm|beats per minute|beats a minute|beats|%|percent|"
    r"milligrams? per deciliter|mg/dl|grams? per deciliter|g/dl|g/l|"
    r"millimoles? per liter|mmol/l|mmol|micromoles? per liter|µmol/l|umol/l|pg/ml|ng/ml|ng/dl|"
    r"kilograms?|kilos?|kg|pounds?|lbs?|°c|°f|℃|℉|degrees? (?:celsius|fahrenheit|c|f)\b|degrees?|"
    r"meters?|metres?|m\b|"
    r"毫米汞柱|公斤|千克|斤|度|米|次/分钟|次/分|次每分钟|次|下|毫摩尔每升|毫摩尔/升|毫摩尔|微摩尔每升|克每升|克/升|"
)
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
