"""Blood-pressure readings told as a bare pair, and where each reading was taken.

"Today in clinic it is 156/98", "Average about 146/92", "My home readings are
better, around 142/90": a systolic/diastolic pair in the range of a blood pressure
is one, whether or not the sentence says "blood pressure" (issue 30: a pair with
"/" or "over" is a blood pressure). Every pair said in a visit is a record of that
visit, so a sentence with a home average and the day's office reading gives both.

Each vital reading also says where it was taken when the words say so: measured at
the visit (office) or reported from home (a home monitor, a diary, an average). "At
the last visit" is answered with the visit's own reading before a home average.
The words are data (lexicon/data/cues/readings.tsv); this module holds the grammar.
"""

from __future__ import annotations

import dataclasses
import re

from memory.domain.slots import blood_pressure
from memory.domain.types import ExtractedFact
from memory.extraction.rules.context_types import SentenceCtx, make_fact
from memory.extraction.rules.metrics import METRICS
from memory.extraction.rules.newer_values import newer_start, older_marked
from memory.lexicon.cues import cues

_PAIR = re.compile(r"(?<![\d/])(?<!\d\.)(\d{2,3})\s*(?:/|\bover\b)\s*(\d{2,3})(?!\d|\.\d|/)", re.I)
_UNIT = re.compile(r"\s*(mm ?hg|毫米汞柱)", re.I)
_BP = next(m for m in METRICS if m.entity == "blood pressure")
# A pair this far after a goal word is the goal ("our target of 130/80").
_TARGET_REACH = 24
# The older value of "from 150/90 down to 130/80" is no reading of today.
_FROM_BEFORE = re.compile(r"(?:\bfrom|从)\s*$", re.I)


_JOIN = cues("readings").pattern("range_joiner")
# "144 to 148 over 90 to 94": an end of a range beside the pair. The number before
# is no diastolic of an earlier pair, and the number after starts no pair of its own
# ("from 150/90 to 130/80" is a change between two readings, not a range).
_RANGE_BEFORE = re.compile(rf"(?<![/\d])(?<!over )\d{{2,3}}\s*{_JOIN}\s*$", re.I)
_RANGE_AFTER = re.compile(rf"\s*{_JOIN}\s*\d{{2,3}}(?!\d|\s*(?:/|over\b))", re.I)


def is_range(text: str, start: int, end: int) -> bool:
    """The pair at text[start:end] is the inner part of a range of readings, which
    names no single reading (storing "148/90" for it would be a number nobody took)."""
    return bool(_RANGE_BEFORE.search(text[:start]) or _RANGE_AFTER.match(text, end))


def _table(category: str) -> re.Pattern[str]:
    return cues("readings").regex(category)


def _plausible(systolic: int, diastolic: int) -> bool:
    return _BP.low <= systolic <= 260 and 30 <= diastolic <= 160 and systolic >= diastolic + 10


def _is_reading(text: str, m: re.Match[str]) -> bool:
    """The pair is a blood pressure said as a reading: plausible, no other unit after
    it, not a goal and not the older value of a change."""
    if not _plausible(int(m[1]), int(m[2])) or is_range(text, m.start(), m.end()):
        return False
    after = text[m.end() : m.end() + 12]
    if not _UNIT.match(after) and _starts_with(after.lstrip(), "not_a_pressure_unit"):
        return False
    before = text[max(0, m.start() - _TARGET_REACH) : m.start()]
    return not (_table("target").search(before) or _FROM_BEFORE.search(before))


def _starts_with(text: str, category: str) -> bool:
    found = _table(category).match(text)
    return found is not None


def pairs(text: str) -> list[re.Match[str]]:
    """Every blood-pressure pair said as a reading in the text, in order."""
    return [m for m in _PAIR.finditer(text) if _is_reading(text, m)]


def bare_pressures(ctx: SentenceCtx, taken: list[ExtractedFact]) -> list[ExtractedFact]:
    """A fact for each reading pair the named readings (`taken`) did not already give."""
    said = [f"{f.slots.get('systolic')}/{f.slots.get('diastolic')}" for f in taken]
    out: list[ExtractedFact] = []
    for m in pairs(ctx.norm):
        value = f"{int(m[1])}/{int(m[2])}"
        if value in said:
            said.remove(value)  # the named reading's own pair
            continue
        if _older_undated(ctx, m):
            continue
        unit_m = _UNIT.match(ctx.norm, m.end())
        pos = min(m.start(), len(ctx.text) - 1)
        hypothetical = ctx.assertion(pos, pos + 1) == "hypothetical"
        out.append(
            make_fact(
                ctx,
                pos,
                type=_BP.type,
                entity=_BP.entity,
                value=value,
                unit=unit_m[1] if unit_m else _BP.unit,
                slots=blood_pressure(m[1], m[2], "mmHg"),
                assertion="hypothetical" if hypothetical else "present",
                confidence=0.7,
            )
        )
    return out


def _older_undated(ctx: SentenceCtx, m: re.Match[str]) -> bool:
    """The older pair of "last time 150/95, today 132/84" (or "132/84 today, 150/95
    last time") with no date of its own is said only to compare: no reading of the
    visit. A dated one ("in January it was 150/95") is kept under its date."""
    own = ctx.date_for(min(m.start(), len(ctx.text) - 1))[0]
    if older_marked(ctx.norm, m.start(), m.end()) and len(pairs(ctx.norm)) > 1:
        return own is None or own == ctx.date_for(len(ctx.text) - 1)[0]
    later = newer_start(ctx.norm, m.end())
    if later is None or _PAIR.match(ctx.norm, later) is None:
        return False
    return own is None or own == ctx.date_for(min(later, len(ctx.text) - 1))[0]


def setting(ctx: SentenceCtx, before: str = "") -> str | None:
    """Where the sentence's readings were taken: "office", "home" or None (not said).
    `before`: the question or statement the sentence answers ("在家量过血压吗？")."""
    text = ctx.text
    if _table("office_reading").search(text):
        return "office"
    if _table("home_reading").search(text) or _table("home_reading").search(before):
        return "home"
    if ctx.sent.role == "doctor" and _table("today").search(text):
        return "office"  # the clinician telling today's reading measured it here
    return None


def with_setting(facts: list[ExtractedFact], where: str | None) -> list[ExtractedFact]:
    """Vital readings carry where they were taken, when the words said it."""
    if where is None:
        return facts
    return [
        dataclasses.replace(f, slots={**f.slots, "setting": where}) if f.type == "vital" else f
        for f in facts
    ]
