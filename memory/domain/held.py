"""Since when the current state of a chain has held ("valsartan 160 mg since …").

A chain's current record is often only the latest mention of a state set long
before ("Let me confirm the current list: valsartan 160 mg"). Showing its own date
as "since" tells a clinician a drug taken for months was started last week, so the
state's start is the first record of the unbroken run of records that ends at the
current one with the same status and the same dose.

Two records state the same dose when their amounts are equal; a unit or a
frequency counts only when both records state one ("on the valsartan 160" repeats
"160 mg"), and frequencies compare by doses per day ("every morning" is "once
daily"). A record that names the drug without a dose neither starts nor ends the
run. A diagnosis restated has held since it was first made.

Pure: no Django, no clock, inputs never mutated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from memory.domain.dose_words import doses_per_day
from memory.domain.slots import as_number

_TAKING = frozenset({"active", "dose_changed"})
# A diagnosis confirmed, then said to be better or worse, is still had.
_HAS = frozenset({"confirmed", "chronic", "improved", "worsened"})
_UNIT_SAME = {"毫克": "mg", "milligrams": "mg", "milligram": "mg", "克": "g", "微克": "mcg"}


@dataclass(frozen=True)
class HeldRecord:
    """What the rule needs of one chain record."""

    key: int
    fact_type: str
    status: str | None
    assertion: str
    slots: Mapping[str, object] = field(default_factory=dict, hash=False)
    in_force: bool = True  # False: a clinician refuted it or marked it entered in error


def _state(record: HeldRecord) -> str:
    status = record.status or ""
    if record.fact_type == "condition":
        return "has" if status in _HAS else status
    return "taking" if status in _TAKING else status


def _unit(slots: Mapping[str, object]) -> str:
    raw = str(slots.get("unit") or slots.get("dose_unit") or "").strip().casefold()
    return _UNIT_SAME.get(raw, raw)


def same_amount(a: Mapping[str, object], b: Mapping[str, object]) -> bool | None:
    """Do two records' slots state the same dose? None when either states no amount."""
    first = as_number(a.get("value", a.get("dose_value")))
    second = as_number(b.get("value", b.get("dose_value")))
    if first is None or second is None:
        return None
    if first != second:
        return False
    units = (_unit(a), _unit(b))
    if all(units) and units[0] != units[1]:
        return False
    return _same_frequency(str(a.get("frequency") or ""), str(b.get("frequency") or ""))


def _same_frequency(first: str, second: str) -> bool:
    if not first.strip() or not second.strip():
        return True
    counts = (doses_per_day(first), doses_per_day(second))
    if None not in counts:
        return counts[0] == counts[1]
    return first.strip().casefold() == second.strip().casefold()


def _amount(slots: Mapping[str, object]) -> bool:
    return as_number(slots.get("value", slots.get("dose_value"))) is not None


def run_start(records: Sequence[HeldRecord], current: int) -> HeldRecord | None:
    """The record the current state began with; `records` in chain order, `current`
    the key of the current record. None when `current` is not among them.

    A current record that states no dose continues the dose stated last before it."""
    keys = [r.key for r in records]
    if current not in keys:
        return None
    index = keys.index(current)
    now = records[index]
    start, dose = now, (now.slots if _amount(now.slots) else None)
    for record in reversed(records[:index]):
        if not record.in_force:
            continue  # a refuted record is not relied on either way
        if record.assertion != "present" or _state(record) != _state(now):
            break
        if now.fact_type == "condition":
            start = record
            continue
        if not _amount(record.slots):
            if dose is None and record.status == "dose_changed":
                break  # "let's increase it": no dose before it is carried past the change
            continue  # "still on it": no dose said, so it neither starts nor ends the run
        if dose is not None and not same_amount(record.slots, dose):
            break
        start, dose = record, dose if dose is not None else record.slots
    return start
