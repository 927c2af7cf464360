"""How one fact reads on a card: item name, dose, structured fields, in the UI language.

Names come from the lexicon's English/Chinese pairs (the entity's stored
Chinese name, else the lexicon entry's); an item with no pair keeps the
wording it was recorded with, so nothing is invented. Structured slots
(blood pressure parts, dose value/unit/frequency/route, allergy reaction and
severity) are read defensively: a fact without them still renders.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from django.utils.translation import gettext as _

from memory.domain.chain_notes import parse_note
from memory.domain.chains import in_force
from memory.domain.dates import date_text, stated_text
from memory.domain.held import HeldRecord, run_start
from memory.domain.stated import slots_of as stated_slots
from memory.domain.stated import stated_quantity
from memory.lexicon import display_name, lookup
from memory.queries.conflicts import substance_of
from memory.web.labels import ITEM_CODES, is_chinese, label, unit_label

SLOT_ORDER = (
    "substance", "reaction", "severity", "criticality",
    "systolic", "diastolic", "frequency", "route",
)  # fmt: skip
_TYPE_HEADINGS = {"symptom", "preference", "event"}
_HAN = re.compile(r"[\u4e00-\u9fff]")


def slots_of(fact: Any) -> dict[str, Any]:
    value = getattr(fact, "slots", None) or {}
    return value if isinstance(value, dict) else {}


def entity_name(entity: Any) -> str:
    if entity is None:
        return ""
    if is_chinese():
        zh = getattr(entity, "name_zh", "") or _lexicon_zh(entity.name)
        return zh or entity.name
    # A name recorded in Chinese (头晕) reads in English through its lexicon pair.
    # "egfr" is shown as its usual spelling, "eGFR".
    return name_of(entity.name) if _HAN.search(entity.name) else display_name(entity.name)


def _lexicon_zh(name: str) -> str:
    entry = lookup(name) if name else None
    return (entry.zh or "") if entry is not None else ""


def name_of(text: str) -> str:
    """A drug/item name (as stored) in the UI language."""
    if not text:
        return ""
    if is_chinese():
        return _lexicon_zh(text) or text
    entry = lookup(text)
    return entry.canonical if entry is not None and entry.canonical else text


class _Names(NamedTuple):
    name: str
    name_zh: str


def item_name(fact: Any) -> str:
    entity = getattr(fact, "entity", None)
    if isinstance(entity, str):  # a FactView carries the entity's names, not the row
        entity = _Names(entity, getattr(fact, "entity_zh", "")) if entity else None
    if entity is not None:
        name = getattr(entity, "name", "")
        if getattr(fact, "fact_type", "") in ("preference", "event") and name in ITEM_CODES:
            return str(ITEM_CODES[name])  # "schedule", "emergency visit": a code, in words
        return entity_name(entity)
    if getattr(fact, "fact_type", "") == "safety":
        substance = substance_of(fact)
        if substance:
            return name_of(substance)
    # No named item: the type itself ("Symptom") heads the card; the quote says what.
    return label(getattr(fact, "fact_type", "")).capitalize()


def dose_text(fact: Any) -> str:
    """Value/dose with its unit in the UI language ("160 mg" / "160 毫克")."""
    if getattr(fact, "fact_type", "") == "symptom":
        return ""  # a symptom's value is its course (course_text), never a dose
    value, unit = stated_quantity(fact)
    if not value:
        return ""
    return f"{value} {unit_label(unit)}".strip()


def slot_rows(fact: Any) -> list[tuple[str, str]]:
    """(label, value) for each structured field known beyond the dose."""
    slots = slots_of(fact)
    rows = []
    for key in SLOT_ORDER:
        value = slots.get(key)
        if value in (None, "", []):
            continue
        text = unit_label(value) if key in ("frequency", "route") else str(value)
        if key == "severity":  # "moderate" -> "中度" in the Chinese UI
            text = label(text)
        if key == "reaction":  # "rash, urticaria" -> "皮疹、荨麻疹" in the Chinese UI
            parts = [name_of(p.strip()) for p in text.split(",") if p.strip()]
            text = ("、" if is_chinese() else ", ").join(parts)
        rows.append((label(key).capitalize(), text))
    return rows


def when_text(fact: Any) -> str:
    """The record's date, labelled with what it is: a measurement's date, the date an
    event was said to happen (to its stated precision) and the session that recorded it,
    or only the date it was recorded. A bare date would read as an onset ("since")."""
    session = getattr(fact, "session", None)
    recorded = getattr(session, "session_date", None) if session is not None else None
    recorded = recorded or getattr(fact, "session_date", None)
    event = getattr(fact, "event_date", None)
    precision = getattr(fact, "date_precision", "day") or "day"
    if event is not None and event != recorded:
        stated = date_text(event, precision)
        if recorded is None:
            return _("dated %(date)s") % {"date": stated}
        return _("dated %(date)s, recorded %(recorded)s") % {
            "date": stated,
            "recorded": recorded.isoformat(),
        }
    day = recorded or getattr(fact, "effective_date", None) or getattr(fact, "date", None)
    if day is None:
        return str(_("undated"))
    if getattr(fact, "fact_type", "") in ("lab_result", "vital"):
        # Where the reading was taken, when the record knows: a home average told at a
        # visit is not the visit's own measurement.
        setting = slots_of(fact).get("setting")
        if setting == "office":
            return _("measured in clinic %(date)s") % {"date": day.isoformat()}
        if setting == "home":
            return _("home reading, reported %(date)s") % {"date": day.isoformat()}
        return _("measured %(date)s") % {"date": day.isoformat()}
    return _("recorded %(date)s") % {"date": day.isoformat()}


def valid_date(fact: Any, field: str) -> str:
    """A validity bound (valid_from / valid_to) to the precision its record was told
    with: an appendectomy "in 1995" is in force from 1995, not from 1995-01-01. A bound
    taken from another record's date (a successor's) is a day."""
    value = getattr(fact, field, None)
    if value is None:
        return "?"
    precision = getattr(fact, "date_precision", "day") or "day"
    return stated_text(value, getattr(fact, "event_date", None), precision)


def kind_item(kind: str, fact: Any) -> str:
    """ "Allergy: penicillin" / "过敏：青霉素" — a safety record's kind and substance."""
    head = label(kind)
    head = head[:1].upper() + head[1:]
    name = item_name(fact) if fact is not None else ""
    if not name or name == label(getattr(fact, "fact_type", "")).capitalize():
        return head  # no substance recorded: the quote says what
    if getattr(fact, "status", None) == "planned":
        name = f"{name} ({_('planned')})"  # an operation not yet done is no history
    return _("%(kind)s: %(item)s") % {"kind": head, "item": name}


def record_state_of(fact: Any) -> tuple[str, str] | None:
    """(css class, label) of a record's place in its chain, None outside a chain."""
    valid_to = getattr(fact, "valid_to", None)
    if valid_to is not None:
        return "old", _("superseded %(date)s") % {"date": valid_to.isoformat()}
    chain = getattr(fact, "chain", None) if getattr(fact, "chain_id", None) else None
    if chain is None or chain.tail_id != fact.pk:
        return None
    if getattr(fact, "fact_type", "") in ("lab_result", "vital"):
        return "current", str(_("latest"))
    return "current", str(_("current"))


def held_since(facts: list[Any], current: Any) -> str:
    """When the current state began (domain.held): the date of the first record of the
    unbroken run ending at the current one with the same status and dose."""
    if current is None:
        return ""
    records = [
        HeldRecord(
            f.pk, getattr(f, "fact_type", ""), f.status, f.assertion, stated_slots(f),
            in_force(f.verification),
        )
        for f in facts
    ]  # fmt: skip
    begun = run_start(records, current.pk)
    start = next((f for f in facts if begun and f.pk == begun.key), current)
    if start.event_date is not None:
        return date_text(start.event_date, start.date_precision or "day")
    day = start.valid_from or start.effective_date
    return day.isoformat() if day else ""


def last_recorded(fact: Any) -> str:
    """The latest session that mentioned the record (folded repeats included)."""
    day = getattr(fact, "last_mentioned", None) or getattr(fact, "effective_date", None)
    return day.isoformat() if day else ""


def course_text(fact: Any) -> str:
    """A symptom's course as told: "better / gone" for a relief ("现在基本不痛了"),
    "worse" for a worsening; "" for an onset (the symptom itself is the news)."""
    if getattr(fact, "fact_type", "") != "symptom" or getattr(fact, "assertion", "") != "present":
        return ""
    value = getattr(fact, "value", "")
    if value == "relief":
        return str(_("better / gone"))
    return str(_("worse")) if value == "worsening" else ""


def late_text(fact: Any) -> str:
    """The record's "reported late" note in the page language, "" when it has none.
    Its own date is given to the precision it was told with ("去年" is 2024, not
    2024-01-01)."""
    note = getattr(fact, "order_note", "") or ""
    if not note:
        return ""
    own = getattr(fact, "event_date", None)
    stated = date_text(own, getattr(fact, "date_precision", "day") or "day") if own else ""
    return note_text(note, stated if own == parse_note(note).event else "")


def note_text(note: str, event_text: str = "") -> str:
    """A chain or anchor note in the page language, from its fields (no fact ids)."""
    fields = parse_note(note)
    if fields.kind == "late":
        return _(
            "Reported late: this event (%(event)s) is earlier than the record that was "
            "current when it was told (%(current)s), so it is placed before that record by date."
        ) % {"event": event_text or _day(fields.event), "current": _day(fields.current)}
    if fields.kind == "late_other":
        return _(
            "Reported late: a record told after this one is dated earlier (%(event)s); "
            "it is placed before this one by date, and this one stays current."
        ) % {"event": fields.event_text or _day(fields.event)}
    if fields.kind == "undated_later":
        return str(_("A later record of this item has no date."))
    if fields.kind == "not_in_force":
        text = _("No record in force on %(date)s.") % {"date": _day(fields.at)}
        if fields.first:
            text += " " + _("The first starts %(date)s.") % {"date": _day(fields.first)}
        return text
    return fields.text


def _day(value: Any) -> str:
    return value.isoformat() if value else str(_("an unknown date"))
