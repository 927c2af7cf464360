"""Dose slots: amount, unit, frequency and route of a medication mention, and
a dose said in a later sentence or turn than the drug's name.

"I take lisinopril." - "What dose?" - "Twenty milligrams once a day." gives
lisinopril {"value": 20, "unit": "mg", "frequency": "once daily"}: the dose is
attached to the drug when exactly one drug waits for it, never guessed between two.
A dose change said without its old dose takes the dose stated earlier in the
session (with_previous_doses), so the record keeps both numbers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memory.domain.slots import as_number, measured
from memory.domain.types import ExtractedFact
from memory.extraction.rules.bounded import anchor_of, bound_content
from memory.extraction.rules.discourse.agency import deliberates
from memory.extraction.rules.dose_changes import change_said
from memory.extraction.rules.dose_words import (
    IMPLIED_STRENGTH,
    UNIT,
    frequency_of,
    route_of,
    unit_label,
)
from memory.extraction.rules.entities import find_entities
from memory.extraction.rules.quantity_kinds import names_no_dose
from memory.extraction.rules.text import Sentence, normalize_numbers, value_text
from memory.lexicon.cues import cues

__all__ = ["attach_later_doses", "dose_slots", "frequency_of", "route_of", "with_previous_doses"]


def dose_slots(
    value: str | None, unit: str | None, clause: str, zh: bool, lead: int = 0
) -> dict[str, object]:
    """{"value", "unit", "frequency", "route"}: whichever the drug's clause states.
    `lead` characters of the clause come before the drug's name. In a coordinated
    list each drug's frequency and route are its own: what follows the name first
    ("二甲双胍500毫克一天两次，阿托伐他汀20毫克每晚一次": the statin's is nightly), then
    what is said before it in its own coordinate ("一天打两次胰岛素", "inject insulin");
    in English how often never comes before the name ("aspirin 81 mg daily and
    atorvastatin 40 mg": "daily" is the aspirin's)."""
    slots: dict[str, object] = measured(value, unit_label(unit)) if value else {}
    own = clause[lead:] if zh else normalize_numbers(clause[lead:])
    before = _own_lead(clause[:lead])
    frequency = frequency_of(own) or (frequency_of(before) if zh else None)
    if frequency:
        slots["frequency"] = frequency
    route = route_of(own) or route_of(before if zh else normalize_numbers(before))
    if route:
        slots["route"] = route
    return slots


# A coordinate ends at a comma, semicolon or enumeration mark: what is said before
# one belongs to the drug named before it.
_COORDINATE_END = re.compile(r".*[，,；;、。:：]", re.S)


def _own_lead(lead: str) -> str:
    """The words before a drug's name that are still in its own coordinate."""
    m = _COORDINATE_END.match(lead)
    return lead[m.end() :] if m else lead


# --------------------------------------------------------------------------- later doses

_DOSE = re.compile(rf"(?<![A-Za-z\d.])(\d+(?:\.\d+)?)\s*({UNIT})(?![A-Za-z])", re.I)
_WORDS = cues("doses")  # lexicon/data/cues/doses.tsv
# "What dose?", "How much do you take?", "多少毫克": the answer may be a bare number.
_DOSE_QUESTION = re.compile(
    r"\b(?:what|which) (?:dose|dosage|strength|amount)|"
    r"\bhow (?:much|many (?:milligrams|micrograms|mg|mcg|units|tablets|pills))|"
    # "Which aspirin do you take?" - "The 81.": which one of a drug is its strength
    r"\bwhich (?:one|kind|pill|tablet|"
    r"\w+ (?:do|did|are|were) (?:you|they|he|she) (?:take|taking|on|use|using))\b|"
    rf"{_WORDS.pattern('dose_question')}",
    re.I,
)
_BARE = re.compile(
    rf"^\W*(?:{_WORDS.pattern('bare_dose_lead', 'en')}|,|\s)*(\d+(?:\.\d+)?)\b"
    r"(?!\s*(?:years?|days?|weeks?|months?|hours?|times|%|/))",
    re.I,
)
_DRUG_KINDS = frozenset({"drug", "drug_class"})
_MAX_SENTENCES = 4  # how far after the drug a dose may come
_MAX_TURNS = 3


def attach_later_doses(
    facts: Sequence[ExtractedFact], sentences: Sequence[Sentence]
) -> tuple[ExtractedFact, ...]:
    """Give a dose-less medication fact the dose said shortly after its drug,
    when that drug is the only one waiting (rules: nearest unambiguous).
    `sentences` are the session's, in order (rules.text.split_sentences of each turn)."""
    out = list(facts)
    waiting: list[int] = []  # indexes of facts named in the last drug sentence
    named_turn = since = 0
    asked = False
    said: tuple[int, tuple[str, str | None, str], str] | None = None  # a dose before its drug
    for sent in sentences:
        turn = sent.turn
        text = value_text(sent.text, sent.zh)
        drugs = {h.canonical for h in find_entities(sent.text, sent.zh) if h.kind in _DRUG_KINDS}
        if drugs:
            waiting = _waiting(out, drugs, turn)
            named_turn, since = turn, 0
            asked = bool(_DOSE_QUESTION.search(text))
            if said and _dose_first(out, said, waiting, text, turn, sent.zh):
                waiting = []
            said = None
            continue
        # kept only when no drug named before waits for it (that one takes it)
        said = None if waiting else _dose_alone(text, sent.text, sent.is_question, turn)
        since += 1
        if not waiting or since > _MAX_SENTENCES or turn - named_turn > _MAX_TURNS:
            waiting = []
            continue
        if deliberates(sent.text, sent.zh):
            continue  # "whether to raise his dose to 50 mg" is no dose he takes
        if sent.is_question and not _DOSE.search(text):
            # "Is that 20 mg once a day?" offers the dose for confirmation; other
            # questions only say whether a bare number may answer.
            asked = asked or bool(_DOSE_QUESTION.search(text))
            continue
        dose = _said_dose(text, asked, out[waiting[0]].entity if len(waiting) == 1 else None)
        if dose is None:
            continue
        if len(waiting) == 1 and _takes(out[waiting[0]], dose, asked):
            out[waiting[0]] = _with_dose(out[waiting[0]], dose, sent.text, turn, sent.zh)
        waiting = []  # a dose for two waiting drugs is ambiguous: attach none
    return tuple(out)


def _takes(fact: ExtractedFact, dose: tuple[str, str | None, str], asked: bool) -> bool:
    """A number said bare after the name ("Alesse twenty eight") gives way to the
    strength given with its unit in answer to "what strength?" ("twenty mcg")."""
    return fact.value is None or (asked and dose[1] is not None)


# The sentence after a dose only names the drug it was: "It's the lisinopril.",
# "That's metoprolol.", "The Lasix." (a list of new drugs would not start so).
_NAMES_IT = re.compile(
    r"^\W*(?:(?:and|so|uh|um|yeah|yes|oh)\W+)*(?:it'?s|it 's|it is|that'?s|that 's|that is|"
    r"this is|which is|called|the)\b",
    re.I,
)


def _dose_first(
    out: list[ExtractedFact],
    said: tuple[int, tuple[str, str | None, str], str],
    waiting: list[int],
    text: str,
    turn: int,
    zh: bool,
) -> bool:
    """ "I'm on 20 milligrams. It's the lisinopril.": the dose came first; attach it
    when the sentence only names the one dose-less drug it was."""
    if len(waiting) != 1 or not _NAMES_IT.match(text) or said[0] < turn - 1:
        return False
    out[waiting[0]] = _with_dose(out[waiting[0]], said[1], said[2], turn, zh)
    return True


def _dose_alone(
    text: str, said: str, question: bool, turn: int
) -> tuple[int, tuple[str, str | None, str], str] | None:
    """A dose with its unit in a statement that names no drug, kept for the next sentence."""
    m = None if question else _DOSE.search(text)
    return (turn, (m[1], unit_label(m[2]), text[m.end() :]), said) if m else None


def _waiting(facts: list[ExtractedFact], drugs: set[str], turn: int) -> list[int]:
    """Present medication facts of these drugs from this turn or its answer that state
    no dose, or only a number without its unit."""
    return [
        i
        for i, f in enumerate(facts)
        if f.type == "medication_status"
        and f.entity in drugs
        and (f.value is None or f.unit is None)
        and f.assertion == "present"
        and f.status in ("active", "planned", "dose_changed")
        and turn <= f.evidence_turn <= turn + 1
    ]


# "Yes, the baby one.", "the low-dose one": the strength the drug's own words imply.
_IMPLIED = {
    drug: (re.compile(rf"\b(?:{words})\b", re.I), value, unit)
    for drug, (words, value, unit) in IMPLIED_STRENGTH.items()
    if words
}


def _said_dose(
    text: str, asked: bool, drug: str | None = None
) -> tuple[str, str | None, str] | None:
    m = _DOSE.search(text)
    if m:
        return m[1], unit_label(m[2]), text[m.end() :]
    implied = _IMPLIED.get(drug or "")
    if implied and implied[0].search(text):
        return implied[1], implied[2], text
    bare = _BARE.match(text)
    if bare is None:
        return None
    # A bare number is a dose when a dose was asked for, or when it comes with
    # how often it is taken ("Yes, 20 daily.").
    rest = text[bare.end() :]
    if names_no_dose(rest):
        return None  # "About 80 kilos.": a weight, whatever was asked
    if asked or frequency_of(rest[:25]):
        return bare[1], None, rest
    return None


def _with_dose(
    fact: ExtractedFact, dose: tuple[str, str | None, str], said: str, turn: int, zh: bool
) -> ExtractedFact:
    value, unit, rest = dose
    slots = {**fact.slots, **measured(value, unit)}
    frequency, route = frequency_of(rest) or frequency_of(said), route_of(said)
    if frequency:
        slots["frequency"] = frequency
    if route and "route" not in slots:
        slots["route"] = route
    if said not in fact.content:
        # Both halves stay: the drug's words and the dose's, each cut to its core.
        own = bound_content(fact.content, anchor_of(fact.content, fact.entity), zh, limit=120)
        content = f"{own} {bound_content(said, 0, zh, limit=100)}"
    else:
        content = fact.content
    changed = fact.status != "dose_changed" and change_said(said, zh) is not None
    return replace(
        fact,
        value=value,
        unit=unit,
        slots=slots,
        content=content,
        confidence=max(fact.confidence, 0.6),
        # "I take lisinopril." - "Let's increase it to 40 milligrams.": the dose said
        # is a new one, not the one taken so far.
        status="dose_changed" if changed else fact.status,
        is_state_change=fact.is_state_change or changed,
        replaces=f"{fact.entity} previous dose" if changed else fact.replaces,
    )


def with_previous_doses(facts: Sequence[ExtractedFact]) -> tuple[ExtractedFact, ...]:
    """A dose change said without its old dose ("可以把缬沙坦加到160毫克") takes the
    dose the same person was said to take earlier in the session, so the record
    keeps both numbers (docs/design.md §4: "10 mg → 20 mg" stays in content)."""
    last: dict[tuple[str, str | None], ExtractedFact] = {}
    out: list[ExtractedFact] = []
    for fact in facts:
        key = (fact.subject, fact.entity)
        before = last.get(key)
        if (
            fact.type == "medication_status"
            and fact.status == "dose_changed"
            and (fact.replaces or "").endswith("previous dose")
            and before is not None
            and before.value is not None
        ):
            fact = _with_multiple(fact, before) if fact.value is None else fact
            if before.value != fact.value and fact.value is not None:
                fact = _with_previous(fact, before)
        if fact.type == "medication_status" and fact.value and fact.assertion == "present":
            last[key] = fact
        out.append(fact)
    return tuple(out)


# "double the lisinopril", "cut the prednisone in half", "剂量加倍", "减半": the new dose
# is a multiple of the one the drug was said to be taken at.
_MULTIPLES = (
    (2.0, re.compile(r"\bdoubl\w*|加倍|翻倍", re.I)),
    (0.5, re.compile(r"\bhalv\w*|\bin half\b|减半", re.I)),
)


def _with_multiple(fact: ExtractedFact, before: ExtractedFact) -> ExtractedFact:
    factor = next((k for k, pattern in _MULTIPLES if pattern.search(fact.content)), None)
    old = as_number(before.value)
    if factor is None or old is None:
        return fact
    value = str(as_number(round(old * factor, 3)))
    unit = fact.unit or before.unit
    slots = {**fact.slots, **measured(value, unit_label(unit))}
    return replace(fact, value=value, unit=unit, slots=slots)


def _with_previous(fact: ExtractedFact, before: ExtractedFact) -> ExtractedFact:
    unit = before.unit or fact.unit or ""
    spaced = "" if re.search(r"[\u4e00-\u9fff]", unit) else " "
    old = f"{before.value}{spaced}{unit}".strip()
    zh = bool(re.search(r"[\u4e00-\u9fff]", fact.content))
    note = f"（此前{old}）" if zh else f" (previously {old})"
    return replace(
        fact, replaces=f"{fact.entity} {old}", content=fact.content + note, unit=fact.unit or unit
    )
