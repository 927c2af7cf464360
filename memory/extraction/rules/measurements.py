"""Vitals and labs with value and unit, English (incl. spoken numbers) and Chinese.

A metric name opens a short window; the first plausible number in it is the
value. Plausibility ranges reject numbers that belong to something else
("blood pressure medicine for 10 years" is not a BP of 10).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from memory.domain.dates import ends_with_month_name
from memory.domain.slots import blood_pressure, measured
from memory.domain.types import ExtractedFact
from memory.extraction.rules.context_types import SentenceCtx, make_fact
from memory.extraction.rules.metrics import METRICS as _METRICS
from memory.extraction.rules.metrics import Metric
from memory.extraction.rules.newer_values import newer_date, newer_start
from memory.extraction.rules.pressure_pairs import (
    bare_pressures,
    is_range,
    setting,
    with_setting,
)
from memory.extraction.rules.reading_units import UNIT_LABELS, UNITS, slot_unit
from memory.extraction.rules.regex_gate import fast, gate
from memory.extraction.rules.text import normalize_numbers, value_text
from memory.lexicon.cues import cues

# The words live in lexicon/data/cues/measurements.tsv; the grammar here.
_WORDS = cues("measurements")

_NUM = r"(\d+(?:\.\d+)?)"
_BP_VALUE = re.compile(rf"{_NUM}\s*(?:/|over|by|\\)\s*{_NUM}", re.I)
# Both numbers named one by one: "systolic was 160 and diastolic 95", "160 systolic,
# 95 diastolic", "高压150，低压90", "收缩压150舒张压95".
_BP_NAMED = re.compile(
    rf"{_NUM}\s*(?:mm ?hg\s*)?(?:systolic\s*)?(?:,|and|with|over|/|，|、)?\s*"
    r"(?:(?:the|a|your|his|her)\s+)?"
    r"(?:(?:diastolic|低压|舒张压|下压)(?:\s*(?:blood\s+)?pressure)?\s*"
    rf"(?:was|is|of|at|是|为|有|在)?\s*[:：]?\s*{_NUM}"
    rf"|{_NUM}\s*(?:mm ?hg\s*)?diastolic)",
    re.I,
)
# Chinese says a reading as two numbers in a row: "血压140，90", "血压一百四、九十".
_BP_ZH_PAIR = re.compile(
    rf"{_NUM}\s*(?:[，、]|,(?=\d))\s*{_NUM}"
    rf"(?!\d|\.\d|\s*{_WORDS.pattern('not_a_pressure_pair', 'zh')})"
)
# A value is a number of its own: not the "1" of "HbA1c", not "4" of "in 4 weeks".
_VALUE = re.compile(
    rf"(?<![A-Za-z\d.]){_NUM}(?!\d|\.\d|(?:st|nd|rd|th)\b)\s*({UNITS})?"
    rf"(?!\s*{_WORDS.pattern('not_a_value_after')})",
    re.I,
)
# Characters allowed between a metric name and its number: a reading said aloud
# wanders ("your blood pressure was a little elevated today at one thirty six over
# eighty four"); the window never crosses the next metric's name.
_GAP = 72
_GAP_ZH = 30
# Transcripts spell abbreviations letter by letter ("G F R is below sixty", "B P",
# "A one C"): each listed abbreviation also matches with spaces between its letters.
_SPELLED = ("bp", "bmi", "gfr", "egfr", "ldl", "hdl", "tsh", "psa", "inr", "a1c")


def _spelled(names: str) -> str:
    for abbr in _SPELLED:
        names = names.replace(rf"\b{abbr}\b", r"\b" + " ?".join(abbr) + r"\b")
    return names


# Word boundaries in the names are ASCII ones: a Chinese sentence writes the
# abbreviation straight after a Chinese word ("肾功能eGFR 90", "查了HbA1c"), where a
# Unicode \b sees no boundary between two word characters and the value is lost.
_ASCII = re.ASCII


def _compiled() -> list[tuple[Metric, re.Pattern[str]]]:
    # Names are read by their span only, so each may begin with its literal (regex_gate.fast);
    # they are lower case, matched on the lowered text (see _names_in).
    return [(m, re.compile(fast(_spelled(m.names)), _ASCII)) for m in _METRICS]


_COMPILED = _compiled()
_COMPILED_I = [(m, re.compile(p.pattern, re.I | _ASCII)) for m, p in _COMPILED]
_BY_ENTITY = {m.entity: m for m in _METRICS}
# The names are lower case: the gate reads the lowered text without re.I, which
# lets the engine try the alternation far faster at each position.
_ANY_NAME = re.compile(gate(_spelled(m.names) for m in _METRICS).pattern, _ASCII)


@dataclass(frozen=True)
class Reading:
    """One value read after a metric name: verbatim value, unit, offset, slots."""

    value: str
    unit: str | None
    offset: int
    slots: dict[str, object]
    newer: bool = False  # the newer of two values said ("8.2 last time, now 7.4")


# "your a1c went from 9 to 7.5", "from 150/90 down to 130/80": the value said last is now.
_FROM = re.compile(r"\bfrom\s*$|从$", re.I)
_TO_LATER = re.compile(
    r"\s*(?:%|percent|mmhg|mm hg)?\s*(?:,\s*)?(?:(?:all the way|down|up|now)\s+)*"
    r"(?:to|到|降到|升到)\s*",
    re.I,
)


_DOSE_AFTER = re.compile(
    rf"\s*{_WORDS.pattern('dose_unit_after_value')}(?![a-z/])(?!\s*per\b)",
    re.I,
)


# "Call me if you gain three pounds", 体重增加了3公斤: the amount of a change is no reading.
_CHANGE_BEFORE = re.compile(
    rf"{_WORDS.pattern('change_amount_before', 'en')}\s+(?:(?:about|around|like|over|nearly)\s+)?$"
    rf"|{_WORDS.pattern('change_amount_before', 'zh')}\s*$",
    re.I,
)


def _later(window: str, m: re.Match[str]) -> int | None:
    """Where the newer value starts when `m` is the older one of "from X to Y" or of
    "X before, now Y"."""
    if _FROM.search(window[: m.start()]):
        to = _TO_LATER.match(window, m.end())
        return to.end() if to else None
    return newer_start(window, m.end())


def _read_value(metric: Metric, window: str) -> Reading | None:
    """The first plausible value in the window after a name (the newer one of a
    change "from X to Y")."""
    if metric.entity == "blood pressure":
        return _read_pressure(metric, window)
    for m in _VALUE.finditer(window):
        if _DOSE_AFTER.match(window, m.end()):
            continue  # "testosterone 140 milligrams every 10 days" is a dose, not a level
        if ends_with_month_name(window[: m.start()]):
            continue  # "the A1c on March 3 was 7.2": a day of the month
        if _CHANGE_BEFORE.search(window, max(0, m.start() - 24), m.start()):
            continue  # "if you gain 3 pounds": how much it changed, not what it is
        if metric.low <= float(m[1]) <= metric.high:
            later = _later(window, m)
            newer = _VALUE.match(window, later) if later is not None else None
            older_unit = (m[2] or "").strip() or None
            took_newer = bool(newer and metric.low <= float(newer[1]) <= metric.high)
            if took_newer:
                m = newer
            # The fact's unit stays as said ("公斤"); the slot's is canonical ("kg"). The
            # newer of two values said once with a unit has it: "190 pounds, now 182".
            said = (m[2] or "").strip() or older_unit
            unit = said or metric.unit
            slots = measured(m[1], slot_unit(metric, said, float(m[1])))
            return Reading(m[1], unit, m.start(), slots, newer=took_newer)
    return None


def _read_pressure(metric: Metric, window: str) -> Reading | None:
    """Systolic/diastolic: "136/84", "136 over 84" (the newer of "from X to Y"), the
    two numbers named one by one, or a Chinese pair "140，90"."""
    m = _BP_VALUE.search(window)
    later = _later(window, m) if m else None
    newer = _BP_VALUE.match(window, later) if later is not None else None
    m = newer or m
    if m is not None:
        systolic, diastolic, start, end = m[1], m[2], m.start(), m.end()
    else:
        named = _BP_NAMED.search(window) or _BP_ZH_PAIR.search(window)
        if named is None:
            return None
        systolic, diastolic = named[1], named.group(named.lastindex or 2)
        start, end = named.start(), named.end()
        if float(systolic) <= float(diastolic):
            return None  # two numbers in a row that are no reading
    if not (metric.low <= float(systolic) <= metric.high and 20 <= float(diastolic) <= 200):
        return None
    if is_range(window, start, end):
        return None  # "144 to 148 over 90 to 94" is a range, no single reading
    unit_m = re.match(r"\s*(mmhg|mm hg|毫米汞柱)", window[end:], re.I)
    unit = unit_m[1] if unit_m else metric.unit
    slots = blood_pressure(systolic, diastolic, UNIT_LABELS.get(unit.casefold(), unit))
    return Reading(f"{systolic}/{diastolic}", unit, start, slots)


_ANY_DIGIT = re.compile(r"\d")


@lru_cache(maxsize=2048)
def _names(text: str) -> tuple[tuple[int, int, Metric], ...]:
    """Every metric name in the text; where two overlap the longer wins ("pulse ox"
    is a saturation, not a pulse; "good cholesterol" is HDL, not total cholesterol).
    Cached: a sentence is read when it is cut into pieces and again for its facts."""
    if not _ANY_NAME.search(text.lower()):
        return ()  # most sentences with a number name no metric
    return _names_in(text)


def clear_cache() -> None:
    """Forget cached sentence look-ups (benchmarks measure cold sessions)."""
    _names.cache_clear()


def _names_in(text: str) -> tuple[tuple[int, int, Metric], ...]:
    low, compiled = text.lower(), _COMPILED
    if len(low) != len(text):  # a letter whose lower case is longer ("İ"): offsets would move
        low, compiled = text, _COMPILED_I
    candidates = [
        (m.start(), m.end(), metric) for metric, pattern in compiled for m in pattern.finditer(low)
    ]
    candidates.sort(key=lambda c: (c[0] - c[1], c[0]))
    found: list[tuple[int, int, Metric]] = []
    for start, end, metric in candidates:
        if not any(start < e and end > s for s, e, _ in found):
            found.append((start, end, metric))
    return tuple(sorted(found, key=lambda item: item[0]))


def readings(text: str, zh: bool) -> list[tuple[int, Metric, Reading]]:
    """(name offset, metric, reading) for each metric name followed by its value,
    once per metric; the value window ends where the next metric is named."""
    names = _names(text)
    out: list[tuple[int, Metric, Reading]] = []
    seen: set[str] = set()
    gap = _GAP_ZH if zh else _GAP
    for i, (start, end, metric) in enumerate(names):
        if metric.entity in seen:
            continue
        stop = names[i + 1][0] if i + 1 < len(names) else len(text)
        found = _read_value(metric, text[end : min(stop, end + gap)])
        if found is not None:
            seen.add(metric.entity)
            out.append((start, metric, found))
    return _panel_units(out)


# A lipid panel read out in one sentence is in one unit: "LDL 3.4 mmol/L, total
# cholesterol 5.6" gives the 5.6 in mmol/L too (never mg/dL, which differ 38-fold).
_PANEL = frozenset({"ldl", "hdl", "total cholesterol", "triglycerides"})


def _panel_units(
    found: list[tuple[int, Metric, Reading]],
) -> list[tuple[int, Metric, Reading]]:
    said = [r.unit for _, m, r in found if m.entity in _PANEL and r.unit]
    if len(set(said)) != 1:
        return found  # none said, or two different units: nothing to share
    out = []
    for pos, metric, reading in found:
        if metric.entity in _PANEL and not reading.unit:
            unit = said[0]
            slots = measured(reading.value, slot_unit(metric, unit, float(reading.value)))
            reading = Reading(reading.value, unit, reading.offset, slots, reading.newer)
        out.append((pos, metric, reading))
    return out


def extract_measurements(
    ctx: SentenceCtx, previous: SentenceCtx | None = None, named: SentenceCtx | None = None
) -> list[ExtractedFact]:
    """The readings of a sentence: those after a metric's name or carried from the
    question (_named_readings), then every blood-pressure pair said without the name
    (pressure_pairs); each vital says where it was taken when the words say so."""
    if not _ANY_DIGIT.search(ctx.norm):
        return []  # no value, no measurement (cheap exit for most sentences)
    facts = _named_readings(ctx, previous, named)
    facts += bare_pressures(ctx, [f for f in facts if f.entity == "blood pressure"])
    if not facts:
        return facts
    before = " ".join(s.text for s in (previous,) if s is not None)
    before += " " + (ctx.frame.text if ctx.frame is not None else "")
    return with_setting(facts, setting(ctx, before))


def _named_readings(
    ctx: SentenceCtx, previous: SentenceCtx | None = None, named: SentenceCtx | None = None
) -> list[ExtractedFact]:
    """One fact per metric name followed closely by a plausible number. A value
    given in answer to a question that named the metric ("What was your blood
    pressure this morning?" - "It was 140 over 90."), or said right after the
    sentence that named it ("This is your hemoglobin. It's low at 8.2."),
    belongs to that metric; so does "your reading is 120" a few turns after the
    sentence that last named one metric without its value (`named`: "I'll check
    your fasting sugar." - "Go ahead." - "Your reading says one twenty.")."""
    text = ctx.norm  # spoken numbers already turned into digits by the extractor
    if not _ANY_DIGIT.search(text):
        return []  # no value, no measurement (cheap exit for most sentences)
    found = readings(text, ctx.zh)
    if found or _names(text):
        return [_fact(ctx, min(pos, len(ctx.text) - 1), metric, r) for pos, metric, r in found]
    elided = _elided_cholesterol(text, ctx, previous)
    if elided:
        return elided
    for norm, words, answer in _before(ctx, previous):
        carried = _carried(norm, ctx, answer)
        if carried:
            # The content keeps the naming words: "It's low at 8.2" alone says nothing.
            said = f"{words} {ctx.text}"
            return [_fact(ctx, 0, metric, r, content=said) for metric, r in carried]
    if named is not None and _READING_NOUN.search(ctx.norm):
        carried = _carried(named.norm, ctx, answer=True)
        said = f"{named.text} {ctx.text}"
        return [_fact(ctx, 0, metric, r, content=said) for metric, r in carried]
    return []


# A measured value named by what it is rather than by its test: "your reading says",
# "the result came back at", "the number was", "读数是", "结果是".
_READING_NOUN = re.compile(
    r"\b(?:your|the|this|that|my|his|her|today's)\s+"
    r"(?:readings?|results?|numbers?|levels?|values?)\b"
    r"|\b(?:it|that)\s+(?:came back|reads|read|shows|showed)\b|读数|结果(?:是|为|显示)|测出来",
    re.I,
)


def names_one_metric_unvalued(ctx: SentenceCtx) -> bool:
    """The sentence names exactly one metric and says none of its values: a value
    said soon after without the name ("your reading is 120") is that metric's."""
    names = _names(ctx.norm)
    return len({m.entity for _, _, m in names}) == 1 and not readings(ctx.norm, ctx.zh)


# "The good cholesterol was 44. The bad was 153.": once cholesterol is named, "the
# good" and "the bad" (one) stand for HDL and LDL.
_ELIDED = re.compile(r"\bthe (good|bad)(?: (?:ones?|1))?(?= (?:was|is|at|came)\b)", re.I)
_CHOLESTEROL = re.compile(r"cholesterol|lipid", re.I)


def _elided_cholesterol(
    text: str, ctx: SentenceCtx, previous: SentenceCtx | None
) -> list[ExtractedFact]:
    m = _ELIDED.search(text)
    said_before = previous is not None and _CHOLESTEROL.search(previous.text)
    if m is None or not (said_before or _CHOLESTEROL.search(text[: m.start()])):
        return []
    metric = _BY_ENTITY["hdl" if m[1].casefold() == "good" else "ldl"]
    reading = _read_value(metric, text[m.end() : m.end() + _GAP])
    return [_fact(ctx, m.start(), metric, reading)] if reading else []


def _fact(
    ctx: SentenceCtx, pos: int, metric: Metric, reading: Reading, **extra: object
) -> ExtractedFact:
    return make_fact(
        ctx,
        pos,
        **_value_date(ctx, pos, reading),
        **extra,
        type=metric.type,
        entity=metric.entity,
        value=reading.value,
        unit=reading.unit,
        slots=reading.slots,
        assertion="hypothetical" if ctx.assertion(pos, pos + 1) == "hypothetical" else "present",
        confidence=0.75,
    )


def _value_date(ctx: SentenceCtx, pos: int, reading: Reading) -> dict[str, object]:
    """A reading is dated by the date said nearest its value, not its name: "糖化血红蛋白
    这次没抽，1月份是6.6%" and "we didn't redo the A1c today, in March it was 7.2" are
    earlier values, not today's."""
    number = re.match(r"\d+(?:\.\d+)?", reading.value)
    at = ctx.text.find(number[0], pos) if number else -1
    if reading.newer and at >= 0:
        # The newer of "86 kg a month ago, now 82" is of the visit (or of the date said
        # with its marker: "today"), never of the older value's date.
        return newer_date(ctx, at)
    when, precision = ctx.date_for(at) if at >= 0 else (None, "day")
    return {"date": when, "date_precision": precision} if when else {}


def _before(ctx: SentenceCtx, previous: SentenceCtx | None) -> list[tuple[str, str, bool]]:
    """(numbers-normalized, verbatim, is the question) texts that may have named
    the metric: the turn's previous statement, then the question being answered."""
    out: list[tuple[str, str, bool]] = []
    if previous is not None:
        out.append((previous.norm, previous.text, False))
    if ctx.frame is not None:
        question = ctx.frame.text
        out.append((value_text(question, ctx.zh), question, True))
    return out


# The value sentence refers back to the metric: "It's low at 8.2", "That was 140 over 90".
_REFERS_BACK = re.compile(
    rf"^\W*(?:{_WORDS.pattern('back_reference_lead', 'en')}\W+)*"
    rf"{_WORDS.pattern('back_reference', 'en')}\b"
    rf"|^\W*\d|^\W*{_WORDS.pattern('back_reference', 'zh')}",
    re.I,
)


def _carried(before: str, ctx: SentenceCtx, answer: bool) -> list[tuple[Metric, Reading]]:
    """The one metric named (without its value) just before, read from this sentence;
    a statement must refer back to it, a direct answer need not ("140 over 90")."""
    asked = list({m.entity: m for _, _, m in _names(before)}.values())  # one metric, maybe twice
    if len(asked) != 1 or readings(before, ctx.zh):
        return []  # no metric named, several (ambiguous), or its value already said
    if not answer and not _REFERS_BACK.search(ctx.norm):
        return []
    reading = _read_value(asked[0], ctx.norm)
    if reading is None or (asked[0].entity != "blood pressure" and _several_numbers(ctx.norm)):
        return []
    return [(asked[0], reading)]


# "the vitamin d was low at 18", "testosterone level is 600": a substance that is also
# a drug, named as a lab value ("20 mg", "5000 units" stay doses).
_READ_AS_LAB = re.compile(
    r"\s*(?:levels?\s+)?(?:is|was|were|came back|has been|have been|of)\b", re.I
)
_DOSE_AMOUNT = re.compile(rf"\d\s*{_WORDS.pattern('dose_amount_unit', 'en')}\b", re.I)


def names_lab_value(text: str, start: int, end: int) -> bool:
    """Is the (English) name at text[start:end] the name of a lab value said after it?"""
    if not _READ_AS_LAB.match(text, end):
        return False
    norm = normalize_numbers(text[start : end + 60])
    found = readings(norm, False)
    return bool(found) and found[0][0] == 0 and not _DOSE_AMOUNT.search(norm)


def has_measurement(text: str, zh: bool) -> bool:
    """Does the text name a metric followed closely by a plausible value, or give a
    value by what it is ("读数是6.8", "the result came back at 3.2")?"""
    norm = value_text(text, zh)
    if not any(ch.isdigit() for ch in norm):
        return False
    return bool(readings(norm, zh)) or _READING_NOUN.search(norm) is not None


def _several_numbers(text: str) -> bool:
    """A single plain number is an answer; a sentence of several numbers is a story."""
    return len(re.findall(r"\d+(?:\.\d+)?", text)) > 1
