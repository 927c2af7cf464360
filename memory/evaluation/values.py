"""Value questions with gold from a history's reference notes, generated mechanically.

Per history, from the core visit's note (the patient's last dated session):
* dose — "What dose of <drug> is <name> taking?" for a drug the note's
  medication / plan sections name with a dose;
* reading — "What is <name>'s latest <test>?" (or "… on <date>?", the core
  visit's date, for every second one) for a vital sign or lab result the note
  states with a number ("Blood pressure: 128/72 mmHg", "hemoglobin A1c is 7.2");
and from an earlier dated MEDICATIONS exchange, "What dose of <drug> was <name>
taking on <date>?" when its note gives a dose.
Each gold number must also be said in that session's dialogue (spoken numbers
count: "one twenty over eighty" is 120/80), or no reader could know it. Every
question whose item has a Chinese lexicon name is asked in Chinese too, with
the same gold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from memory import lexicon
from memory.evaluation.history_types import History, HistorySession
from memory.evaluation.sources import note_section
from memory.extraction.rules.text import normalize_numbers

_MED_SECTIONS = ("MEDICATIONS", "CURRENT MEDICATIONS", "ASSESSMENT AND PLAN", "PLAN")
_READING_SECTIONS = (
    "VITALS",
    "VITALS REVIEWED",
    "PHYSICAL EXAM",
    "PHYSICAL EXAMINATION",
    "RESULTS",
)
_DOSE = re.compile(r"(\d+(?:\.\d+)?)\s*(mg|mcg|units?)\b", re.IGNORECASE)
# A reading right after its test's name: "Blood Pressure: 128/72", "A1c is 7.2", "EF of 45%".
_READING = re.compile(
    r"^[\s:,-]*(?:(?:is|was|of|at|elevated at|decreased at|low at|high at|normal at)\s+){0,2}"
    r"(?P<num>\d{1,4}(?:\.\d+)?(?:/\d{1,3})?)(?![\d/.]*\d)(?!\s*(?:views?|out of|years?|days?))",
    re.IGNORECASE,
)
_OVER = re.compile(r"\b(\d{2,3})\s+over\s+(\d{2,3})\b", re.IGNORECASE)
_SAID_UNIT = r"(?:mg|milligrams?|mcg|micrograms?|units?|iu)\b"
_ENTRY_END = re.compile(r"[.;](?:\s|$)|\n")
_NOTE_DATE = re.compile(r"\b\d{1,2}/(?:\d{1,2}/)?\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b")
MAX_DOSES = 4
MAX_READINGS = 4


@dataclass(frozen=True)
class ValueGold:
    item: str  # canonical lexicon entry
    surface: str  # as the note writes it
    value: str  # "160", "128/72", "7.2"
    kind: str  # dose | reading
    day: date | None = None  # asked for this date
    unit_said: bool = True  # dose: the dialogue says its unit, so the answer must state it


def said_in(number: str, dialogue: str) -> bool:
    """The number is said in the dialogue ("130/80", "130 over 80", "one thirty over eighty")."""
    spoken = _OVER.sub(r"\1/\2", normalize_numbers(dialogue))
    return re.search(rf"(?<![\d./]){re.escape(number)}(?![\d/]|\.\d)", spoken) is not None


def said_with_unit(number: str, dialogue: str) -> bool:
    """The dose is said with its unit ("25 milligrams"); "five hundred of metformin"
    gives no unit, and an answer cannot be asked to state one that no session says."""
    spoken = normalize_numbers(dialogue)
    return re.search(rf"(?<![\d./]){re.escape(number)}\s*{_SAID_UNIT}", spoken, re.I) is not None


def _dated(section: str, start: int, end: int) -> bool:
    """The note's entry holding a reading carries its own date ("03/2020 Hgb A1c 5.5",
    "testosterone 1500 ng/dL, 11/24/2021"): an earlier result, not the visit's."""
    before = [m.end() for m in _ENTRY_END.finditer(section, 0, start)]
    after = _ENTRY_END.search(section, end)
    entry = section[before[-1] if before else 0 : after.start() if after else len(section)]
    return _NOTE_DATE.search(entry) is not None


def _dialogue(session: HistorySession) -> str:
    return " ".join(t.text for t in session.turns)


def doses(section: str, dialogue: str, day: date | None = None) -> list[ValueGold]:
    out: dict[str, ValueGold] = {}
    lowered = dialogue.casefold()
    mentions = lexicon.find_mentions(section)
    for i, m in enumerate(mentions):
        # The dose is the drug's own only before the next drug is named: "vitamin D, and
        # metformin 1000 mg" gives vitamin D no dose.
        stop = mentions[i + 1].start if i + 1 < len(mentions) else len(section)
        dose = _DOSE.search(section[m.end : min(m.end + 25, stop)])
        name = m.entry.canonical
        if m.entry.kind != "drug" or dose is None or name in out:
            continue
        if m.surface.casefold() in lowered and said_in(dose[1], dialogue):
            unit = said_with_unit(dose[1], dialogue)
            out[name] = ValueGold(name, m.surface, dose[1], "dose", day, unit)
    return list(out.values())


def readings(note: str, dialogue: str, day: date | None) -> list[ValueGold]:
    out: dict[str, ValueGold] = {}
    for section in (note_section(note, h) for h in _READING_SECTIONS):
        for m in lexicon.find_mentions(section):
            found = _READING.match(section[m.end : m.end + 30])
            name = m.entry.canonical
            if m.entry.kind != "test" or found is None or name in out:
                continue
            if _dated(section, m.start, m.end + found.end()):
                continue
            value = found["num"]
            if said_in(value, dialogue) and (name == "blood pressure") == ("/" in value):
                asked = day if len(out) % 2 else None
                out[name] = ValueGold(name, m.surface, value, "reading", asked)
    return list(out.values())


def value_golds(hist: History) -> list[ValueGold]:
    patient = [s for s in hist.sessions if s.subject == "patient"]
    core = [s for s in patient if s.source.startswith("ACI")]
    out: list[ValueGold] = []
    if core:
        said = _dialogue(core[-1])
        out += doses(note_section(core[-1].note, *_MED_SECTIONS), said)[:MAX_DOSES]
        out += readings(core[-1].note, said, core[-1].day)[:MAX_READINGS]
    for s in patient:
        if s.source.endswith("MEDICATIONS") and s.day is not None:
            out += doses(s.note, _dialogue(s), s.day)
    return out


def question_text(gold: ValueGold, name: str, lang: str) -> str:
    on = gold.day.isoformat() if gold.day else ""
    if lang == "zh":
        zh = lexicon.lookup(gold.item).zh  # type: ignore[union-attr]
        if gold.kind == "dose":
            return f"{name}在{on}服用的{zh}剂量是多少？" if on else f"{name}的{zh}剂量是多少？"
        return f"{name}在{on}的{zh}是多少？" if on else f"{name}最近一次的{zh}是多少？"
    if gold.kind == "dose":
        if on:
            return f"What dose of {gold.surface} was {name} taking on {on}?"
        return f"What dose of {gold.surface} is {name} taking?"
    surface = gold.surface  # "Blood pressure" -> "blood pressure"; "ALT", "A1c" stay
    item = surface[:1].lower() + surface[1:] if surface[1:2].islower() else surface
    if on:
        return f"What was {name}'s {item} on {on}?"
    return f"What is {name}'s latest {item}?"


def has_chinese_name(gold: ValueGold) -> bool:
    entry = lexicon.lookup(gold.item)
    return entry is not None and bool(entry.zh)
