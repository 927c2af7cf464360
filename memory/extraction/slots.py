"""Validation of an extractor reply's `slots` object (domain.slots shapes).

A reply without slots (every v1 reply, and v2 facts the model left bare)
gets them from its value and unit, so that chains compare structured values
whichever prompt produced the fact: "136/84" -> systolic/diastolic.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from memory.domain.slots import NUMERIC_SLOTS, SLOT_KEYS, TEXT_SLOTS, as_number
from memory.domain.stated import VALUED_TYPES, slots_from_columns

__all__ = ["VALUED_TYPES", "SlotError", "derived_slots", "parse_slots"]
# An allergy's reaction and its severity (extract prompt v3, FHIR AllergyIntolerance.reaction).
ALLERGY_SLOTS: tuple[str, ...] = ("reaction", "severity")
SEVERITIES: tuple[str, ...] = ("mild", "moderate", "severe")
# Where a vital reading was taken: measured at the visit, or reported from home.
READING_SLOTS: tuple[str, ...] = ("setting",)
SETTINGS: tuple[str, ...] = ("office", "home")


class SlotError(ValueError):
    """A slots object that breaks the contract at `path` (turned into a ValidationError)."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def parse_slots(
    raw: Any, path: str, fact_type: str, value: str | None, unit: str | None
) -> dict[str, object]:
    if raw is None or raw == {}:
        return derived_slots(fact_type, value, unit)
    if not isinstance(raw, dict):
        raise SlotError(path, f"expected an object, got {type(raw).__name__}")
    out: dict[str, object] = {}
    allowed = SLOT_KEYS + (ALLERGY_SLOTS if fact_type == "safety" else ())
    allowed += READING_SLOTS if fact_type == "vital" else ()
    for key, item in raw.items():
        if key not in allowed:
            raise SlotError(f"{path}.{key}", f"unknown slot (allowed: {', '.join(allowed)})")
        if item is None:
            continue
        if key in ALLERGY_SLOTS:
            out[key] = _allergy_slot(item, path, key)
            continue
        if key in READING_SLOTS:
            out[key] = _choice(item, f"{path}.{key}", SETTINGS)
            continue
        out[key] = (
            _number(item, f"{path}.{key}") if key in NUMERIC_SLOTS else _text(item, path, key)
        )
    if ("systolic" in out) != ("diastolic" in out):
        raise SlotError(path, "systolic and diastolic go together")
    return out


def derived_slots(fact_type: str, value: str | None, unit: str | None) -> dict[str, object]:
    """Slots implied by a plain value/unit pair; {} when there is no number."""
    return slots_from_columns(fact_type, value, unit)


def _number(item: Any, path: str) -> object:
    # The value slot of a lab may be a word ("positive"); the others are numbers.
    if isinstance(item, bool):
        raise SlotError(path, "expected a number, got a boolean")
    number = as_number(item) if isinstance(item, int | float | Decimal | str) else None
    if number is not None:
        return number
    if path.endswith(".value") and isinstance(item, str) and item.strip():
        return item.strip()
    raise SlotError(path, f"expected a number, got {item!r}")


def _allergy_slot(item: Any, path: str, key: str) -> str:
    if not isinstance(item, str) or not item.strip():
        raise SlotError(f"{path}.{key}", f"expected a non-empty string, got {item!r}")
    if key == "severity" and item.strip().casefold() not in SEVERITIES:
        raise SlotError(f"{path}.{key}", f"expected one of {', '.join(SEVERITIES)}, got {item!r}")
    return item.strip().casefold() if key == "severity" else item.strip()


def _choice(item: Any, path: str, choices: tuple[str, ...]) -> str:
    said = item.strip().casefold() if isinstance(item, str) else None
    if said not in choices:
        raise SlotError(path, f"expected one of {', '.join(choices)}, got {item!r}")
    return said


def _text(item: Any, path: str, key: str) -> str:
    if not isinstance(item, str) or not item.strip():
        raise SlotError(f"{path}.{key}", f"expected a non-empty string, got {item!r}")
    assert key in TEXT_SLOTS
    return item.strip()
