"""One record stated as a value: item, value with unit, frequency, status and date.

"Valsartan 160 mg once daily since 2024-06-17" is read from the fact's
structured fields (value, unit and, when the store has them, slots such as
systolic/diastolic or dose frequency/route). Only when a record carries no
structured value is the first measured quantity of its own sentence used, so
the statement never says more than the record.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date
from functools import lru_cache
from typing import Any

from memory import lexicon
from memory.answering.texts import TEXT
from memory.domain.dates import stated_text
from memory.domain.dose_words import dose_word
from memory.domain.evidence import FactView
from memory.domain.held import HeldRecord, run_start
from memory.domain.stated import slots_of
from memory.domain.types import MEASUREMENT_CHAIN_TYPES
from memory.extraction.rules.dosing import frequency_of

_UNIT = (
    r"(?:milligrams?\s+per\s+deciliter|millimoles?\s+per\s+liter"
    r"|ml/min(?:/1\.73\s*m2)?|mg/dl|mmol/l|mmol/mol|[uµμ]mol/l|mg/l|g/l|mmhg|milligrams?"
    r"|micrograms?|mg|mcg|µg|μg|ug|g|ml|iu|units?|%|bpm|kg|毫克|微克|克|毫升|单位|次/分)(?![a-z/])"
)
_QUANTITY = re.compile(r"\d+(?:\.\d+)?(?:\s*/\s*\d+(?:\.\d+)?)?\s*" + _UNIT, re.IGNORECASE)
# Spoken units are stated in their usual written form.
_UNIT_WORDS = {
    "milligram": "mg", "milligrams": "mg", "microgram": "mcg", "micrograms": "mcg",
    "milligram per deciliter": "mg/dL", "milligrams per deciliter": "mg/dL",
    "millimole per liter": "mmol/L", "millimoles per liter": "mmol/L",
}  # fmt: skip
_FREQUENCY = re.compile(
    r"\b(?:(?:once|twice|three times|four times)\s+)?(?:a|per)\s+(?:day|week)\b"
    r"|\b(?:once|twice|three times|four times)\s+(?:daily|weekly)\b"
    r"|\b(?:once|twice) daily\b"
    r"|\bevery (?:morning|evening|night|day|other day|(?:\d+|[a-z]+) hours)\b"
    r"|\bat (?:bedtime|night)\b|\bdaily\b|\bnightly\b|\bweekly\b|\bas needed\b|\bprn\b"
    r"|\b(?:qd|bid|tid|qid|qhs|qod)\b"
    r"|每(?:日|天|晚|早|周)(?:早上|晚上|睡前)?(?:[一二三四两1-4]次)?|一天[一二三四两1-4]次"
    r"|睡前|早晚各一次|必要时",
    re.IGNORECASE,
)
# Statuses the date phrase already says ("stopped 2024-09-15", "since …").
_STATUS_IN_DATE = frozenset({"active", "dose_changed", "stopped", "planned", "resolved"})
_CLAUSE = re.compile(r"[,;，；。、]|\band\b|\bthen\b|以及|然后")
# A reading says where it was taken when the record knows: measured at the visit, or
# reported there from home (a home average is not the visit's own measurement).
_MEASURED_AT = {"office": "measured_office", "home": "reported_home"}
_DOSE_KEYS = ("dose_value", "dose", "value", "amount")
_UNIT_KEYS = ("dose_unit", "unit")


def _slot(slots: Mapping[str, Any], keys: tuple[str, ...]) -> str:
    for key in keys:
        found = slots.get(key)
        if found not in (None, ""):
            return str(found).strip()
    return ""


def quantity(fact: FactView) -> str:
    """'160 mg', '150/95 mmHg', '7.2 %'; '' when the record states none."""
    slots = fact.slots or {}
    systolic, diastolic = slots.get("systolic"), slots.get("diastolic")
    if systolic not in (None, "") and diastolic not in (None, ""):
        return f"{systolic}/{diastolic} {_slot(slots, _UNIT_KEYS) or fact.unit or 'mmHg'}"
    value = _slot(slots, _DOSE_KEYS) or fact.value.strip()
    unit = _slot(slots, _UNIT_KEYS) or fact.unit.strip()
    return _stated_quantity(value, unit, fact.content, fact.entity)


# A list or dose answer asks this of every record of every listed chain, often of the
# same records again; it is a function of the strings alone, so it is computed once.
@lru_cache(maxsize=16384)
def _stated_quantity(value: str, unit: str, content: str, entity: str) -> str:
    if value and not unit:
        said = re.search(rf"(?<![\d.]){re.escape(value)}\s*({_UNIT})", content, re.IGNORECASE)
        unit = said.group(1) if said else ""
    if value:
        unit = _UNIT_WORDS.get(unit.casefold(), unit)
        return f"{value} {unit}".strip() if unit and unit not in value else value
    found = _QUANTITY.search(_own_clause(entity, content)) or (
        _QUANTITY.search(content) if _names_only(entity, content) else None
    )
    return _written(found.group(0)) if found else ""


# "2 tablets", "0.5 tablets", "1 capsules": how many dose forms, not how strong each is.
_FORM_COUNT = re.compile(r"^\d+(?:\.\d+)?\s*(?:tablets?|pills?|capsules?|片|粒)$", re.IGNORECASE)


def strength(fact: FactView) -> str:
    """The record's quantity when it says how strong a dose is ("500 mg"); '' for none
    or only a count of tablets ("I took 2 Advil"), which leaves the strength last
    stated in force (carried_dose)."""
    said = quantity(fact)
    return "" if _FORM_COUNT.match(said) else said


def _written(quantity: str) -> str:
    """'20 milligrams' -> '20 mg', '265 milligrams per deciliter' -> '265 mg/dL'."""
    number, _, unit = quantity.partition(" ")
    unit = " ".join(unit.split())
    return f"{number} {_UNIT_WORDS.get(unit.casefold(), unit)}" if unit else quantity


def _names_one_item(fact: FactView) -> bool:
    """The sentence names no drug other than the record's own, so its numbers are its own."""
    return _names_only(fact.entity, fact.content)


@lru_cache(maxsize=16384)
def _names_only(entity: str, content: str) -> bool:
    own = lexicon.lookup(entity) if entity else None
    mentions = lexicon.find_mentions(content)
    drugs = {m.entry.canonical for m in mentions if m.entry.kind == "drug"}
    return drugs <= ({own.canonical} if own else set())


def own_clause(fact: FactView) -> str:
    """The clause of the record's sentence that names its item: one sentence may list
    several drugs ("valsartan 160 mg every morning, atorvastatin 20 mg at night")."""
    return _own_clause(fact.entity, fact.content)


@lru_cache(maxsize=16384)
def _own_clause(entity: str, content: str) -> str:
    entry = lexicon.lookup(entity) if entity else None
    names = {entity, *(entry.aliases if entry else ())}
    names = {n.casefold() for n in names if n}
    clauses = _CLAUSE.split(content)
    for clause in clauses:
        if any(n in clause.casefold() for n in names):
            return clause
    return clauses[0] if len(clauses) == 1 else ""


def frequency(fact: FactView, lang: str = "en") -> str:
    """Frequency and route in the answer's language ("once daily oral" / "每日一次 口服").
    A frequency read from the sentence stays as said in English; in Chinese it is
    normalised and translated, or left out when it has no Chinese wording (the
    cited record that follows still says it)."""
    slots = fact.slots or {}
    parts = [_slot(slots, ("frequency",)), _slot(slots, ("route",))]
    if not parts[0] and fact.fact_type == "medication_status":
        clause = own_clause(fact)
        found = _FREQUENCY.search(clause)
        if found is None and _names_one_item(fact):
            clause, found = fact.content, _FREQUENCY.search(fact.content)
        # English keeps the words as said; Chinese needs the normalised label to translate.
        said = found.group(0) if found else ""
        parts[0] = (frequency_of(clause) or said) if found and lang == "zh" else said
    shown = [dose_word(p, lang) for p in parts if p]
    if lang == "zh":
        shown = [p for p in shown if not p.isascii()]
    return " ".join(shown)


def item_name(entity: str, lang: str) -> str:
    """The item as a clinician reads it: its Chinese name in Chinese answers, else its
    usual spelling ("eGFR", "HbA1c"), else the name capitalized."""
    if not entity:
        return ""
    entry = lexicon.lookup(entity)
    if entry is not None and lang == "zh" and entry.zh:
        return entry.zh
    if not entity.isascii():
        return entity
    spelled = lexicon.display_name(entity)
    return spelled if spelled != entity else entity[:1].upper() + entity[1:]


def _when(fact: FactView, lang: str, began: date | None = None) -> str:
    text = TEXT[lang]
    day = fact.valid_from if fact.fact_type == "medication_status" else None
    day = began or day
    when = day or fact.date
    if when is None:
        return text["undated"]
    # "I stopped it back in September" is 2024-09, not 2024-09-01: the record's own
    # date keeps the precision it was told with; a date taken from another record is a day.
    shown = stated_text(when, fact.date, fact.date_precision)
    if fact.fact_type in MEASUREMENT_CHAIN_TYPES:
        return text[_MEASURED_AT.get((fact.slots or {}).get("setting"), "measured")].format(
            date=shown
        )
    if fact.assertion != "present":
        # A denial or a possibility has no validity interval: "since" would read as in force.
        return text["recorded"].format(date=shown)
    if fact.status == "stopped":
        return text["stopped_on"].format(date=shown)
    if fact.status == "planned":
        return text["planned"].format(date=shown)
    if fact.status in ("resolved", "misdiagnosed"):
        return text["resolved_on"].format(date=shown)
    if fact.fact_type in ("medication_status", "condition") and fact.status != "stopped":
        return text["since"].format(date=shown)
    return text["recorded"].format(date=shown)


def statement(
    fact: FactView,
    lang: str,
    display: str = "",
    dosed: FactView | None = None,
    began: date | None = None,
) -> str:
    """'Valsartan 160 mg once daily since 2024-06-17' (no citation). `display`: the
    item as the question spelled it ("eGFR"), used for English answers; `dosed`: the
    record whose dose (and frequency) is carried to this one (carried_dose)."""
    name = display if display and lang == "en" else item_name(fact.entity, lang)
    amount = quantity(dosed or fact)
    parts = [name, amount, frequency(fact, lang) or (frequency(dosed, lang) if dosed else "")]
    if fact.status and fact.status not in _STATUS_IN_DATE:
        parts.append(f"({fact.status.replace('_', ' ')})")
    head = " ".join(p for p in parts if p)
    if not head:
        head = fact.content
    sep = "，" if lang == "zh" else " "
    return f"{head}{sep}{_when(fact, lang, began)}"


def state_began(anchor: FactView, chain: Sequence[FactView]) -> date | None:
    """When the anchor's state (status and dose) began (domain.held): the first record
    of the unbroken run of its chain's records ending at the anchor with that state.
    "Let me confirm the current list: amlodipine 2.5 mg" restates a dose set months
    before; its own date as "since" would tell a clinician the dose was changed last
    visit. None: the anchor's own date stands (not a medication or diagnosis, or
    nothing earlier in the same state)."""
    if anchor.chain_id is None or anchor.fact_type not in ("medication_status", "condition"):
        return None
    end = (anchor.date or date.min, anchor.fact_id)
    run = sorted(
        (f for f in chain
         if f.chain_id == anchor.chain_id and (f.date or date.min, f.fact_id) <= end),
        key=lambda f: (f.date or date.min, f.fact_id),
    )  # fmt: skip
    records = [
        HeldRecord(f.fact_id, f.fact_type, f.status, f.assertion, slots_of(f), not f.excluded)
        for f in run
    ]
    start = run_start(records, anchor.fact_id)
    if start is None or start.key == anchor.fact_id:
        return None
    began = next(f for f in run if f.fact_id == start.key)
    return began.valid_from or began.date


# A chain's record in force often just mentions the drug ("take the lisinopril as
# directed"); the dose then is the one last stated in the same chain, as long as
# nothing since changed or stopped it.
CARRIED_MARK = "dose last stated"
_BREAKS_DOSE = frozenset({"dose_changed", "stopped", "planned"})


def carried_dose(anchor: FactView, chain: Sequence[FactView]) -> FactView | None:
    """The latest record of the anchor's chain, up to the anchor, that states a dose
    (a plan only when made at the anchor's own visit); None when the anchor states one
    itself, is not a continuing medication, or a change or stop without a stated dose
    came after the last stated dose."""
    if anchor.fact_type != "medication_status" or anchor.chain_id is None or strength(anchor):
        return None
    if anchor.status in _BREAKS_DOSE or anchor.excluded or anchor.assertion != "present":
        return None
    end = (anchor.date or date.min, anchor.fact_id)
    earlier = sorted(
        (f for f in chain
         if f.chain_id == anchor.chain_id and f.fact_id != anchor.fact_id
         and (f.date or date.min, f.fact_id) < end and not f.excluded
         and f.assertion == "present"),
        key=lambda f: (f.date or date.min, f.fact_id),
    )  # fmt: skip
    for fact in reversed(earlier):
        if strength(fact):
            # A plan made at the same visit that records the drug as started ("we'll put
            # you on carvedilol 25 mg twice a day ... we're adding the carvedilol") is
            # the regimen begun; an older plan may never have been carried out.
            same_visit = fact.status == "planned" and fact.date == anchor.date
            return fact if fact.status not in ("stopped", "planned") or same_visit else None
        if fact.status in _BREAKS_DOSE:
            return None
    return None


def planned_dose(anchor: FactView, chain: Sequence[FactView]) -> FactView | None:
    """A plan of the anchor's chain, made with or after it, that states another dose
    ("you're on 10 mg ... let's go up to 20 mg"): the answer says the dose in force
    and the ordered change, so neither is mistaken for the other."""
    if anchor.chain_id is None or anchor.fact_type not in ("medication_status", "condition"):
        return None
    start = (anchor.date or date.min, anchor.fact_id)
    plans = [
        f for f in chain
        if f.chain_id == anchor.chain_id and f.status == "planned" and not f.excluded
        and f.assertion == "present" and (f.date or date.min, f.fact_id) > start
        and quantity(f) and quantity(f) != quantity(anchor)
    ]  # fmt: skip
    return max(plans, key=lambda f: (f.date or date.min, f.fact_id), default=None)


SUPERSEDED_MARK = "superseded"


def previous_dose(anchor: FactView, chain: Sequence[FactView]) -> FactView | None:
    """The record whose dose a dose change replaced ("increase the Lasix from 20 to 60
    mg": the 20 mg record): the latest earlier record of the anchor's chain that states
    a strength, when it differs from the anchor's. The answer then says the dose in
    force and the one it superseded, so neither is mistaken for the other."""
    if anchor.status != "dose_changed" or anchor.chain_id is None or not strength(anchor):
        return None
    end = (anchor.date or date.min, anchor.fact_id)
    earlier = sorted(
        (f for f in chain
         if f.chain_id == anchor.chain_id and (f.date or date.min, f.fact_id) < end
         and not f.excluded and f.assertion == "present" and f.status != "planned"),
        key=lambda f: (f.date or date.min, f.fact_id),
    )  # fmt: skip
    for fact in reversed(earlier):
        if strength(fact):
            return fact if strength(fact) != strength(anchor) else None
        if fact.status == "stopped":
            return None
    return None
