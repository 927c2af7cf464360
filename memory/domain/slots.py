"""Value slots: the structured numbers of a fact, beside its verbatim content.

A fact's content keeps what was said ("one thirty-six over eighty-four"); its
slots keep what it means, in one shape per kind of fact:

* blood pressure: ``{"systolic": 136, "diastolic": 84, "unit": "mmHg"}``
* other vitals and labs: ``{"value": 7.2, "unit": "%"}``
* doses: ``{"value": 20, "unit": "mg", "frequency": "once daily", "route": "oral"}``

Slots decide repeated mentions: a chain record whose dose or reading differs
from the tail's is a new record, never a repeat, even when the content's
numerals happen to match an older wording.

Pure: no Django, inputs never mutated.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation

NUMERIC_SLOTS: tuple[str, ...] = ("value", "systolic", "diastolic")
TEXT_SLOTS: tuple[str, ...] = ("unit", "frequency", "route")
SLOT_KEYS: tuple[str, ...] = NUMERIC_SLOTS + TEXT_SLOTS
# What distinguishes one reading or dose from another; unit/frequency/route
# only matter when both records state them.
_COMPARED: tuple[str, ...] = SLOT_KEYS

Slots = Mapping[str, object]


def as_number(raw: object) -> int | float | None:
    """ "136" -> 136, "7.20" -> 7.2, Decimal("5.0") -> 5; None when not a number."""
    if isinstance(raw, bool) or raw is None:
        return None
    try:
        value = Decimal(str(raw).strip().replace(",", ""))
    except InvalidOperation:
        return None
    if not value.is_finite():
        return None
    if value == value.to_integral_value():
        return int(value)
    return float(value)


def _norm(key: str, raw: object) -> object:
    if key in NUMERIC_SLOTS:
        number = as_number(raw)
        if number is not None:
            return number
    return str(raw).strip().casefold()


def slots_differ(new: Slots | None, tail: Slots | None) -> bool:
    """Does the new record state a value that differs from the tail's?

    A slot only the tail has ("still on lisinopril" after "lisinopril 20 mg")
    is no difference: the new mention simply did not repeat the dose. A slot
    only the new record has is new information, so it differs.
    """
    new, tail = new or {}, tail or {}
    for key in _COMPARED:
        if key not in new or new[key] in (None, ""):
            continue
        if key not in tail or _norm(key, new[key]) != _norm(key, tail[key]):
            return True
    return False


def blood_pressure(systolic: object, diastolic: object, unit: str | None = "mmHg") -> dict:
    """The blood-pressure slot shape; numbers canonical (136, not "136")."""
    out: dict[str, object] = {"systolic": as_number(systolic), "diastolic": as_number(diastolic)}
    if unit:
        out["unit"] = unit
    return out


def measured(value: object, unit: str | None) -> dict:
    """A single reading or a dose amount with its unit."""
    number = as_number(value)
    out: dict[str, object] = {"value": number if number is not None else str(value)}
    if unit:
        out["unit"] = unit
    return out
