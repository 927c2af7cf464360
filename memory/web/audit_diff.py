"""Audit before/after snapshots as a readable field-by-field difference."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Change:
    field: str
    before: str
    after: str

    @property
    def changed(self) -> bool:
        return self.before != self.after


def _text(value: Any) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, dict | list):
        return (
            ", ".join(f"{k}: {v}" for k, v in value.items())
            if isinstance(value, dict)
            else ", ".join(map(str, value))
        )
    return str(value)


def audit_diff(before: Any, after: Any) -> list[Change]:
    """Fields of either snapshot, changed ones first; a view event has no "before"."""
    before = before if isinstance(before, dict) else {}
    after = after if isinstance(after, dict) else {}
    keys = list(dict.fromkeys([*before, *after]))
    rows = [Change(k, _text(before.get(k)), _text(after.get(k))) for k in keys]
    return sorted(rows, key=lambda c: not c.changed)
