"""The dose of a drug said in the drug's own sentence: "metformin 500 mg", "800
milligrams of ibuprofen", "Coreg 6.25 twice a day", "Lasix 40 and ...", "阿莫西林
每次两粒", a change "from 10 mg to 20 mg" and a range "1 to 2 tablets", "400-600 mg".

A change keeps its previous value (docs/design.md §4 chain update: "10 mg → 20 mg"
stays); a range is no change, its dose is the amount it starts from.
"""

from __future__ import annotations

import re

from memory.extraction.rules.context_types import SentenceCtx
from memory.extraction.rules.dose_words import DOSE_FORM, IMPLIED_STRENGTH, UNIT, frequency_of
from memory.extraction.rules.entities import Hit
from memory.extraction.rules.text import normalize_numbers, value_text
from memory.lexicon.cues import cues

Dose = tuple[str | None, str | None, str | None]  # value, unit, previous value
_WORDS = cues("doses")  # lexicon/data/cues/doses.tsv: the words; the grammar is here


def _words(category: str, lang: str | None = "en") -> str:
    return _WORDS.pattern(category, lang)


_NONE: Dose = (None, None, None)
# "20 mg", "20mg", "a 20-milligram tablet"
_DOSE = re.compile(rf"(\d+(?:\.\d+)?)\s*-?\s*({UNIT})(?![A-Za-z])", re.I)
_FROM_TO = re.compile(
    rf"(?P<from>\bfrom\s+|从)?(?P<old>\d+(?:\.\d+)?)\s*(?P<old_unit>{UNIT})?\s*"
    rf"(?P<to>{_words('change_connector', None)}|{_words('range_connector', None)})"
    rf"\s*(?P<new>\d+(?:\.\d+)?)\s*(?P<unit>{UNIT})",
    re.I,
)
# Connectors that always mean a change; "to", "到", "-", "or" alone may give a range.
_CHANGE_CONNECTOR = re.compile(_words("change_connector", None))
# "bump the lisinopril to 20", "加到160": the new dose said without its unit.
_BARE_TARGET = re.compile(
    rf"(?:\bto|到|至|为)\s*(\d+(?:\.\d+)?)(?!\s*{_words('not_a_bare_target', None)})",
    re.I,
)
# "800 milligrams of ibuprofen", "you're on 500 of metformin", "a 20 milligram
# tablet of lisinopril", "a 0.6 mg colchicine": the dose said first.
_DOSE_OF = re.compile(
    rf"(?<![\d.])(\d+(?:\.\d+)?)\s*-?\s*(?:({UNIT})?\s+(?:(?:tablets?|pills?|capsules?|doses?)\s+)?of"
    # without "of" only with its unit: "2 metformin" may count tablets, "10 years" is no dose
    rf"|({UNIT})\s+(?:(?:tablets?|pills?|capsules?)\s+)?)\s*(?:the\s+|your\s+|his\s+|her\s+|that\s+)?$",
    re.I,
)
# "twenty milligrams a day of the lisinopril": how often said between the dose and "of".
_DOSE_OFTEN_OF = re.compile(
    rf"(?<![\d.])(\d+(?:\.\d+)?)\s*({UNIT})\s+(?:(?:once|twice)\s+)?(?:a|per|each|every)\s+"
    r"(?:day|night|morning|evening)\s+of\s+(?:the\s+|your\s+|his\s+|her\s+)?$",
    re.I,
)
# "每天吃一片阿司匹林", "半片倍他乐克": a Chinese dose stands straight before the drug.
_ZH_DOSE_BEFORE = re.compile(rf"(\d+(?:\.\d+)?)\s*({UNIT})的?$")
# "Coreg 6.25 twice a day", "metformin 500 with meals": a number right after the
# drug is its dose when how often it is taken follows (the unit goes unsaid).
# The release form or salt said between a drug and its strength ("Wellbutrin XL 150",
# "Toprol XL 50", "metformin ER 500", "metoprolol succinate 25", "Adderall XR 20").
_FORM = rf"(?:{_words('release_form')}\s+)?"
_BARE_AFTER = re.compile(
    rf"[\s,]*{_FORM}(?:(?:at|is|of)\s+)?(\d+(?:\.\d+)?)\s+"
    rf"(?!{_words('not_a_bare_strength')}\b)(?=\S)",
    re.I,
)
# "Norco 5/325", "Hyzaar 50/12.5 mg", "Percocet five slash three twenty five": a
# combination product's strengths, one per ingredient, kept together as written.
_COMBINATION = re.compile(
    rf"[\s,]*{_FORM}(?:(?:is|at|of)\s+)?(\d+(?:\.\d+)?)\s*(?:/|\bslash\b)\s*(\d+(?:\.\d+)?)(?![\d/])"
    rf"(?:\s*({UNIT})(?![A-Za-z]))?",
    re.I,
)


def _no_strength_pair(first: str, second: str) -> bool:
    """ "started metformin 3/15": a month and day, and "insulin 70/30", "50/50": the
    shares of a premixed product (they add up to 100) - not two strengths."""
    if float(first) + float(second) == 100:
        return True
    whole = "." not in first + second
    return whole and 1 <= int(first) <= 12 and 1 <= int(second) <= 31


# "hydrocortisone 1% cream", "1% hydrocortisone", "2 percent lidocaine": a strength
# in percent said straight beside the drug (a topical or local preparation).
_PERCENT_AFTER = re.compile(r"\s*(\d+(?:\.\d+)?)\s*(?:%|percent\b)", re.I)
_PERCENT_BEFORE = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(?:%|percent)\s*$", re.I)
# "I took 2 Advil", "she gave him two Tylenol": a count of pills said straight before
# the drug after a verb of taking (a count, so never a strength; "type 2" is no count).
_COUNT_BEFORE = re.compile(
    rf"\b{_words('take_verb')}\s+"
    r"(?:(?:like|about|around|maybe|probably|just|only|another)\s+)?(\d+(?:\.5)?)\s+$",
    re.I,
)
_MAX_COUNT = 12  # more pills at once than this is no count said in passing
# "a puff of albuterol", "one tablet of the metformin": one dose form.
_ONE_FORM = re.compile(
    r"\b(?:a|an|one)\s+(?=(?:puffs?|tablets?|tabs?|pills?|capsules?|caps?|sprays?|drops?|patch(?:es)?)\s+of\b)",
    re.I,
)
# "baby aspirin", "low-dose aspirin": the words just before the name imply its strength.
_IMPLIED_STRENGTH: dict[str, tuple[re.Pattern[str], str, str]] = {
    drug: (re.compile(rf"\b(?:{words})\s+$" if words else "", re.I), value, unit)
    for drug, (words, value, unit) in IMPLIED_STRENGTH.items()
}
# "go up to 40 on the lisinopril", "bump you up to 50 of the metoprolol": a change's
# target, then the drug (the unit may go unsaid).
_TARGET_BEFORE = re.compile(
    rf"\bto\s+(\d+(?:\.\d+)?)\s*({UNIT})?\s+(?:on|of|with|for)\s+(?:the\s+|your\s+|his\s+|her\s+)?$",
    re.I,
)
# "Lasix 40 and potassium 20.", "Wellbutrin 150, Zoloft 100": a number straight after
# the drug that ends its clause is its strength (a year or a ratio is not).
_BARE_END = re.compile(
    rf"[\s,]*{_FORM}(?!(?:19|20)\d\d\b)(\d+(?:\.\d+)?)(?![\d/:]|\.\d|\s*(?:-|to)\s*\d)"
    r"(?=\s*(?:[.,;!]|$|(?:and|plus|as well)\b))",
    re.I,
)


def sentence_dose(
    ctx: SentenceCtx, hit: Hit, status: str | None, stop: int, start: int = 0
) -> Dose:
    """(value, unit, previous value) of the dose written after the drug and
    before the next drug (`stop`): "lisinopril and metformin 500 mg" gives
    lisinopril no dose. A change may name its target without a unit
    ("increase the lisinopril to 20")."""
    raw = ctx.text[hit.start : min(stop, hit.start + 80)]
    # The drug's own name is never read as a number (十滴水 is a remedy, not 10 drops).
    tail = raw[: len(hit.surface)] + value_text(raw[len(hit.surface) :], ctx.zh)
    found = _stated_after(tail, len(hit.surface), status, ctx.zh)
    if found[0] is not None:
        return found
    # Spoken numbers are long ("twelve and a half milligrams of"): a wide look back.
    head = value_text(ctx.text[max(start, hit.start - 50) : hit.start], ctx.zh)
    found = _said_before(head, hit, ctx.zh)
    if found[0] is not None:
        return found
    if status != "dose_changed":
        return _NONE if ctx.zh else _far_after(ctx.text, hit.end, stop)
    target = _BARE_TARGET.search(tail)
    if target:
        return target[1], None, None
    # "cut back to 25 mg of metoprolol": the new dose said before the drug.
    before = list(_DOSE.finditer(value_text(ctx.text[max(0, hit.start - 30) : hit.start], ctx.zh)))
    if before:
        return before[-1][1], before[-1][2], None
    # "go up to 40 on the lisinopril": the change's target, then the drug.
    aimed = _TARGET_BEFORE.search(head)
    return (aimed[1], aimed[2], None) if aimed else _NONE


# A run-on spoken sentence may put the strength far after the drug ("so the metoprolol
# that we started you on last time for the palpitations is twenty five milligrams twice a
# day"): an amount with a mass or insulin unit, before any other drug and any reading, is
# the drug's (a concentration such as "milligrams per deciliter" is a lab's).
_FAR = 200
_MASS_DOSE = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*(milligrams?|micrograms?|mg|mcg|units?)(?![A-Za-z/])"
    r"(?!\s*(?:per\b|/|a\s+(?:deciliter|liter|kilo)))",
    re.I,
)
_FAR_BREAK = re.compile(
    rf"\b(?:{_words('reading_before_far_dose')}|{_words('other_person_before_far_dose')})\b",
    re.I,
)


# A reading given in the drug's words: "your a1c came back at 8", "triglycerides were".
_READING_GIVEN = re.compile(
    rf"\b{_words('reading_given')}\s+(?:levels?\s+)?{_words('reading_given_verb')}\b",
    re.I,
)
_CONCENTRATION = re.compile(
    r"\s*(?:per\s+(?:deciliter|decilitre|liter|litre|dl|l)\b|/\s*(?:dl|l)\b)", re.I
)


def _far_after(text: str, end: int, stop: int) -> Dose:
    window = normalize_numbers(text[end : min(stop, end + _FAR)])
    dose = _MASS_DOSE.search(window)
    if dose is None or _FAR_BREAK.search(window, 0, dose.start()):
        return _NONE
    return dose[1], dose[2], None


def _said_before(head: str, hit: Hit, zh: bool) -> Dose:
    """A dose said before the drug's name: "800 milligrams of", "1% hydrocortisone",
    "took 2 Advil", "a puff of albuterol", "baby aspirin"."""
    first = (_ZH_DOSE_BEFORE if zh else _DOSE_OF).search(head if zh else _ONE_FORM.sub("1 ", head))
    if first:
        return first[1], first[2] or first.groups()[-1], None
    if zh:
        return _NONE
    often = _DOSE_OFTEN_OF.search(head)
    if often:
        return often[1], often[2], None
    percent = _PERCENT_BEFORE.search(head)
    if percent:
        return percent[1], "%", None
    count = _COUNT_BEFORE.search(head)
    if count and 0 < float(count[1]) <= _MAX_COUNT:
        return count[1], "tablets", None
    implied = _IMPLIED_STRENGTH.get(hit.canonical)
    if implied and implied[0].search(head):
        return implied[1], implied[2], None
    return _NONE


def _stated_after(tail: str, name_end: int, status: str | None, zh: bool) -> Dose:
    pair = None if zh else _COMBINATION.match(tail, name_end)
    if pair and not _no_strength_pair(pair[1], pair[2]):
        return f"{pair[1]}/{pair[2]}", pair[3], None
    percent = None if zh else _PERCENT_AFTER.match(tail, name_end)
    if percent:
        return percent[1], "%", None
    span = _FROM_TO.search(tail)
    if span and _is_change(span, status):
        return span["new"], span["unit"], f"{span['old']} {span['old_unit'] or span['unit']}"
    if span:  # "1 to 2 tablets", "400-600 mg", "一次1到2片": a range, not a change
        return span["old"], span["old_unit"] or span["unit"], None
    dose = _strength(tail[:80])
    if dose:
        return dose[1], dose[2], None
    if zh:
        return _NONE
    bare = _BARE_AFTER.match(tail, name_end)
    if bare and frequency_of(tail[bare.end() : bare.end() + 20]):
        return bare[1], None, None
    strength = _BARE_END.match(tail, name_end)
    return (strength[1], None, None) if strength else _NONE


# A count of dose forms ("half a pill", "两片") says how many; an amount says the strength.
_FORM_COUNT = re.compile(DOSE_FORM, re.I)


def _strength(text: str) -> re.Match[str] | None:
    """The dose said: the first amount in mg, mcg, mL, units... when there is one
    ("half a pill, it's the 5 milligram one" is a 5 mg tablet), else the first count.
    A concentration ("265 milligrams per deciliter") and an amount after a reading
    given ("your sugar has been 250") are no dose."""
    reading = _READING_GIVEN.search(text)
    doses = [
        m
        for m in _DOSE.finditer(text, 0, reading.start() if reading else len(text))
        if not _CONCENTRATION.match(text, m.end())
    ]
    amount = next((m for m in doses if not _FORM_COUNT.fullmatch(m[2])), None)
    return amount or (doses[0] if doses else None)


def _is_change(span: re.Match[str], status: str | None) -> bool:
    """ "from 10 to 20 mg", "10 mg → 20 mg", "加到", or any "X to Y" said with a
    change cue ("increase it 10 to 20 mg") is a change of dose."""
    return bool(
        span["from"] or _CHANGE_CONNECTOR.match(span["to"]) or status == "dose_changed"
    ) and span["to"] not in ("-", "or")


def later_dose(ctx: SentenceCtx, drugs: list[Hit], i: int, status: str | None) -> Dose:
    """ "atorvastatin, you might call it Lipitor, 80 milligrams": the dose may
    follow a later name of the same drug in the sentence."""
    for j in range(i + 1, len(drugs)):
        if drugs[j].canonical != drugs[i].canonical:
            continue
        stop = drugs[j + 1].start if j + 1 < len(drugs) else len(ctx.text)
        found = sentence_dose(ctx, drugs[j], status, stop, drugs[j - 1].end)
        if found[0] is not None:
            return found
    return _NONE
