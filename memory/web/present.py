"""How one fact reads on a card: item name, dose, structured fields, in the UI language.

Names come from the lexicon's English/Chinese pairs (the entity's stored
Chinese name, else the lexicon entry's); an item with no pair keeps the
wording it was recorded with, so nothing is invented. Structured slots
(blood pressure parts, dose value/unit/frequency/route, allergy reaction and
severity) are read defensively: a fact without them still renders.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from memory.lexicon import lookup
from memory.queries.conflicts import substance_of
from memory.web.labels import is_chinese, label, unit_label

SLOT_ORDER = (
    "substance", "reaction", "severity", "criticality",
    "systolic", "diastolic", "frequency", "route",
)  # fmt: skip
_TYPE_HEADINGS = {"symptom", "preference", "event"}


def slots_of(fact: Any) -> dict[str, Any]:
    value = getattr(fact, "slots", None) or {}
    return value if isinstance(value, dict) else {}


def entity_name(entity: Any) -> str:
    if entity is None:
        return ""
    if is_chinese():
        zh = getattr(entity, "name_zh", "") or _lexicon_zh(entity.name)
        return zh or entity.name
    return entity.name


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
        return entity_name(entity)
    if getattr(fact, "fact_type", "") == "safety":
        substance = substance_of(fact)
        if substance:
            return name_of(substance)
    # No named item: the type itself ("Symptom") heads the card; the quote says what.
    return label(getattr(fact, "fact_type", "")).capitalize()


def dose_text(fact: Any) -> str:
    """Value/dose with its unit in the UI language ("160 mg" / "160 毫克")."""
    slots = slots_of(fact)
    value = slots.get("dose_value") or slots.get("value") or getattr(fact, "value", "")
    unit = slots.get("dose_unit") or slots.get("unit") or getattr(fact, "unit", "")
    if slots.get("systolic") and slots.get("diastolic") and not value:
        value, unit = f"{slots['systolic']}/{slots['diastolic']}", unit or "mmHg"
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
        rows.append((label(key).capitalize(), text))
    return rows
