"""Notes about a chain's order and anchor: written once, read back as fields.

docs/design.md §8: a record told after a later one, about an earlier event, is
placed by its date and carries a "reported late" note; an anchor may add that a
later record has no date, or that nothing was in force on the asked date. The
notes are text (the reader's evidence shows them as written); pages read their
fields back and say them in the page language, without internal fact ids.

Pure: no Django, no clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

_DAY = r"\d{4}-\d{2}-\d{2}"
_STATED = r"\d{4}(?:-\d{2}){0,2}"  # a date to the precision it was told with
_LATE = re.compile(
    rf"reported late: event (?P<event>{_STATED}|None)(?P<other> \(fact \d+\))? precedes "
    rf"current record of (?P<current>{_DAY}|unknown date)(?: \(fact \d+\))?"
)
_UNDATED = re.compile(r"a later record of unknown date exists")
_NOT_IN_FORCE = re.compile(
    rf"no (?:record in force|measurement) on (?:or before )?(?P<at>{_DAY})"
    rf"(?:; the first starts (?P<first>{_DAY}))?"
)


@dataclass(frozen=True)
class ChainNote:
    # "late": on the late record itself (chains); "late_other": on the current record,
    # about an earlier-dated record told after it (anchors)
    kind: str  # "late" | "late_other" | "undated_later" | "not_in_force" | "other"
    event: date | None = None  # late: the late record's own date (a year: its January 1)
    event_text: str = ""  # ... as written, to its precision ("2024", "2024-09")
    current: date | None = None  # late: the record that was current when it was told
    at: date | None = None  # not_in_force: the asked date
    first: date | None = None  # not_in_force: when the first record starts
    text: str = ""  # the note as written (shown as is when of no known kind)


def format_late(event: date | None, current: date | None, current_fact_id: int) -> str:
    return (
        f"reported late: event {event} precedes current record of"
        f" {current or 'unknown date'} (fact {current_fact_id})"
    )


def parse_note(note: str) -> ChainNote:
    """The fields of a note written by this module or memory.domain.anchors."""
    if m := _LATE.search(note):
        kind = "late_other" if m["other"] else "late"
        event = m["event"] if m["event"] != "None" else ""
        return ChainNote(
            kind, event=_day(event), event_text=event, current=_day(m["current"]), text=note
        )
    if _UNDATED.search(note):
        return ChainNote("undated_later", text=note)
    if m := _NOT_IN_FORCE.search(note):
        return ChainNote("not_in_force", at=_day(m["at"]), first=_day(m["first"]), text=note)
    return ChainNote("other", text=note)


def _day(text: str | None) -> date | None:
    """An ISO date, or the first day of a stated year ("2024") or month ("2024-09")."""
    if not text:
        return None
    padded = text + "-01" * (2 - text.count("-"))
    try:
        return date.fromisoformat(padded)
    except ValueError:
        return None
