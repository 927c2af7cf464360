"""What a fact states: its slots are the one source of truth.

A fact's number, unit, frequency and route live in its slots (memory.domain.slots).
`Fact.value` / `Fact.unit` are columns derived from them (`columns`), kept so that
the API and search keep a flat text form; no view and no reader takes a number from
them while the fact has slots. A clinician's correction edits the slots
(`edit_slots`) and re-derives the columns, so every view shows the corrected
number -- before this, a correction wrote the columns while every page read the
slots, and the "corrected" badge stood over the wrong number.

Pure: no Django, inputs never mutated.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from memory.domain.slots import NUMERIC_SLOTS, TEXT_SLOTS, as_number, blood_pressure, measured

# Fact types that state a quantity (a dose, a reading); a symptom's `value` column
# is its course ("relief"), no quantity, and stays a column of its own.
VALUED_TYPES = frozenset({"vital", "lab_result", "medication_status"})
# The slot fields a clinician may correct, per kind of fact.
MEDICATION_FIELDS = ("value", "unit", "frequency", "route")
READING_FIELDS = ("value", "unit")
BLOOD_PRESSURE_FIELDS = ("systolic", "diastolic", "unit")
SLOT_FIELDS = ("value", "systolic", "diastolic", "unit", "frequency", "route")
_BP = re.compile(r"^\s*(\d{2,3})\s*/\s*(\d{2,3})\s*$")


class SlotEditError(ValueError):
    """A slot edit that breaks the slot shapes; `field` names the input at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field


def is_blood_pressure(slots: Mapping[str, Any]) -> bool:
    return slots.get("systolic") not in (None, "") and slots.get("diastolic") not in (None, "")


def slot_fields(fact_type: str, slots: Mapping[str, Any]) -> tuple[str, ...]:
    """The structured inputs of a fact of this kind: a medication's dose, frequency
    and route; a blood pressure's two numbers; any other reading's value and unit."""
    if fact_type == "medication_status":
        return MEDICATION_FIELDS
    if fact_type == "vital" and is_blood_pressure(slots):
        return BLOOD_PRESSURE_FIELDS
    if fact_type in VALUED_TYPES:
        return READING_FIELDS
    return ()


def slots_from_columns(fact_type: str, value: str | None, unit: str | None) -> dict[str, object]:
    """Slots implied by a plain value/unit pair ("136/84" -> systolic/diastolic);
    {} when the fact states no number."""
    if fact_type not in VALUED_TYPES or not value:
        return {}
    bp = _BP.match(value)
    if bp and fact_type == "vital":
        return blood_pressure(bp[1], bp[2], unit or "mmHg")
    if as_number(value) is None:
        return {}
    return measured(value, unit)


def quantity(slots: Mapping[str, Any]) -> tuple[str, str]:
    """(number text, unit) the slots state: ("136/84", "mmHg"), ("500", "mg");
    ("", "") when they state no number."""
    unit = str(slots.get("unit") or "").strip()
    if is_blood_pressure(slots):
        return f"{slots['systolic']}/{slots['diastolic']}", unit or "mmHg"
    value = slots.get("value")
    if value in (None, ""):
        return "", unit
    return str(value).strip(), unit


def columns(fact_type: str, slots: Mapping[str, Any], value: str, unit: str) -> tuple[str, str]:
    """The value/unit columns of a fact: derived from its slots when they state a
    quantity, else the columns as they are (a symptom's course, a word result)."""
    if fact_type not in VALUED_TYPES:
        return value, unit
    number, slot_unit = quantity(slots)
    if not number and not slot_unit:
        return value, unit
    return number, slot_unit


def edit_slots(
    slots: Mapping[str, Any], changes: Mapping[str, Any], *, word_value: bool = False
) -> dict[str, object]:
    """The slots after a clinician's edit; an empty input clears that slot.

    Numbers are checked here (a dose of "five-ish" is refused, not stored), and
    a blood pressure keeps both its numbers or neither. `word_value`: a lab's
    result may be a word ("positive"), as the extractor's slots allow.
    """
    out: dict[str, object] = dict(slots)
    for field, raw in changes.items():
        if field not in SLOT_FIELDS:
            raise SlotEditError(field, "not a slot")
        text = "" if raw is None else str(raw).strip()
        if not text:
            out.pop(field, None)
        elif field == "value" and word_value and as_number(text) is None:
            out[field] = text
        elif field in NUMERIC_SLOTS:
            out[field] = _number(field, text)
        else:
            assert field in TEXT_SLOTS
            out[field] = text
    if ("systolic" in out) != ("diastolic" in out):
        raise SlotEditError("diastolic", "systolic and diastolic go together")
    return out


def _number(field: str, text: str) -> int | float:
    number = as_number(text)
    if number is None:
        raise SlotEditError(field, f"{text!r} is not a number")
    if number < 0:
        raise SlotEditError(field, f"{text!r} is below zero")
    return number


def stated_quantity(fact: Any) -> tuple[str, str]:
    """(number text, unit) a fact states, for every view and reader: from its slots;
    from its value/unit columns only when it has no slots (a fact built by hand)."""
    slots = getattr(fact, "slots", None) or {}
    number, unit = quantity(slots) if isinstance(slots, Mapping) else ("", "")
    if number:
        return number, unit
    return (getattr(fact, "value", "") or "").strip(), (getattr(fact, "unit", "") or unit).strip()


def slots_of(fact: Any) -> dict[str, object]:
    """The fact's slots; those its value/unit columns imply when it has none."""
    slots = getattr(fact, "slots", None)
    if isinstance(slots, Mapping) and slots:
        return dict(slots)
    fact_type = getattr(fact, "fact_type", "")
    return slots_from_columns(fact_type, getattr(fact, "value", ""), getattr(fact, "unit", ""))


def reconciled(fact_type: str, slots: Mapping[str, Any], value: str, unit: str) -> dict:
    """Slots that agree with a corrected fact's value/unit columns.

    Before slots were the one source, a correction wrote only the columns; the
    clinician's columns are what the fact states, so they replace the slots'
    number and unit (frequency, route and the rest kept)."""
    if fact_type not in VALUED_TYPES or (value, unit) == quantity(slots):
        return dict(slots)
    kept = {k: v for k, v in slots.items() if k not in ("value", "systolic", "diastolic", "unit")}
    derived = slots_from_columns(fact_type, value, unit)
    if not derived and value:
        derived = measured(value, unit)  # a word result ("positive")
    if not derived and unit:
        derived = {"unit": unit}
    return {**kept, **derived}


def pressure_changes(slots: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """A blood pressure corrected as one value ("140/90") is its two numbers."""
    match = _BP.match(str(changes.get("value") or ""))
    if not (is_blood_pressure(slots) and match):
        return dict(changes)
    rest = {k: v for k, v in changes.items() if k != "value"}
    return {**rest, "systolic": match[1], "diastolic": match[2]}
