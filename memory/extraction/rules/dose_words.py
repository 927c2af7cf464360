"""The vocabulary of a dose: its units, how often it is taken and by which route,
as clinicians write them and as patients say them, in English and Chinese.

One table per slot, so that every reader of a dose (the drug's own sentence, a
dose said in a later turn, the answer to "what dose?") knows the same words:
"15 cc", "20 mEq", "two sprays", "q.h.s.", "q4-6h", "with meals", "一天吃两次",
"每次两粒", "20个单位". Pure: no Django.
"""

from __future__ import annotations

import re

from memory.extraction.rules.regex_gate import gate
from memory.lexicon.cues import cues
from memory.lexicon.labels import labels
from memory.lexicon.strengths import implied_strengths

# A dose unit as written or said: an amount, or a count of dose forms
# (lexicon/data/cues/doses.tsv, amount_unit and dose_form). The file order is kept:
# the engine takes the first alternative that matches ("milligrams" before "mg",
# "mcg" before "mg"), and units carry no word boundary ("20mg").
DOSE_FORM = cues("doses").pattern("dose_form", ordered=True)
UNIT = f"(?:{cues('doses').pattern('amount_unit', ordered=True)}|{DOSE_FORM})"
# A dose unit as said (lower case, single spaces) -> the canonical unit of its slot
# (lexicon/data/labels/dose_units.tsv): "milligrams" -> "mg", "cc" -> "mL".
_UNIT_NAMES: dict[str, str] = labels("dose_units").words()

# Strengths a name implies by itself: "baby aspirin", "low-dose aspirin", "the baby
# one" are the 81 mg tablet (lexicon/data/implied_strengths.tsv: canonical drug ->
# (the words, value, unit)). An entry with no words is a name that implies it alone.
IMPLIED_STRENGTH: dict[str, tuple[str, str, str]] = implied_strengths()

# The canonical labels themselves, whatever their case ("MG", "Units").
_CANONICAL = {label.casefold(): label for label in _UNIT_NAMES.values()}
# The spoken forms folded as the unit said is folded: casefold turns the micro sign of
# "µg" into a Greek mu, which a table key written with the micro sign never equals.
_FOLDED = {word.casefold(): label for word, label in _UNIT_NAMES.items()}


def unit_label(raw: str | None) -> str | None:
    """The canonical slot unit of a dose unit as said ("milligrams" -> "mg", "cc" -> "mL")."""
    if not raw:
        return None
    spaced = re.sub(r"\s+", " ", raw.strip().casefold())
    if spaced in _CANONICAL:
        return _CANONICAL[spaced]
    return _FOLDED.get(spaced, raw)


_ZH_COUNT = {"一": 1, "1": 1, "二": 2, "两": 2, "2": 2, "三": 3, "3": 3, "四": 4, "4": 4}
# "每天两次", "一天吃两次", "每日3次", "日服三次", "一日三次口服": a count per day, a verb
# of taking allowed between.
_ZH_PER_DAY = re.compile(
    r"(?:每天|每日|一天|一日|天天|日)(?:[吃服用打口喷]{1,2})?(?:药)?([一二两三四1-4])次"
)
_PER_DAY_LABELS = {1: "once daily", 2: "twice daily", 3: "three times daily", 4: "four times daily"}

# How often a dose is taken (lexicon/data/labels/frequencies.tsv). The first row whose
# pattern matches wins, so the file order is kept ("every other day" before "once daily",
# whose "every day" would claim it). Latin abbreviations are written there with optional
# dots ("b\.?i\.?d\.?" is BID, b.i.d.). The patterns are lower case, matched on the
# lowered text, and also feed the speed gate below.
FREQUENCIES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (label, re.compile(pattern)) for label, pattern in labels("frequencies").patterns()
)


_ANY_FREQUENCY = gate([_ZH_PER_DAY.pattern, *(pattern.pattern for _, pattern in FREQUENCIES)])


def frequency_of(text: str) -> str | None:
    """How often a dose is taken, from the first frequency the text says."""
    # The tables are lower case and matched on the lowered text: the engine then
    # tries each alternative without case folding, several times faster.
    text = text.lower()
    if not _ANY_FREQUENCY.search(text):
        return None  # most clauses say no frequency: one fast look instead of twenty
    per_day = _ZH_PER_DAY.search(text)
    if per_day:
        return _PER_DAY_LABELS[_ZH_COUNT[per_day[1]]]
    for label, pattern in FREQUENCIES:
        m = pattern.search(text)
        if m:
            numbers = [g for g in m.groups() if g]
            return label.format(*numbers) if numbers else label
    return None


# The route of administration (lexicon/data/labels/routes.tsv): the first row whose
# pattern matches wins, in file order ("sublingual" before "oral", whose "tablet" would
# claim a sublingual tablet); the patterns also feed the speed gate below.
ROUTES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (label, re.compile(pattern)) for label, pattern in labels("routes").patterns()
)


_ANY_ROUTE = gate(pattern.pattern for _, pattern in ROUTES)


def route_of(text: str) -> str | None:
    """The route of administration the text says first in table order."""
    text = text.lower()
    if not _ANY_ROUTE.search(text):
        return None
    return next((label for label, pattern in ROUTES if pattern.search(text)), None)
