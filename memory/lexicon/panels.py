"""Test panels: the tests a panel name stands for ("kidney function" -> eGFR,
creatinine ...), data/panels.tsv. A question about a panel is answered with its
members' values; a record is never re-filed from a member to the panel or back.
"""

from __future__ import annotations

import csv
from functools import cache
from pathlib import Path

_FILE = Path(__file__).resolve().parent / "data" / "panels.tsv"


@cache
def _table() -> dict[str, tuple[str, ...]]:
    with _FILE.open(encoding="utf-8", newline="") as handle:
        rows = csv.DictReader(handle, delimiter="\t")
        return {
            row["panel"].strip().casefold(): tuple(
                m.strip().casefold() for m in row["members"].split("|") if m.strip()
            )
            for row in rows
        }


def panel_members(canonical: str) -> tuple[str, ...]:
    """The tests a panel's canonical name stands for; () for any other name."""
    return _table().get(canonical.strip().casefold(), ())
