"""Limits every imported value must respect before anything is stored.

Ids appear in URLs and file names, so they are restricted to a URL-safe
alphabet; text must be storable by PostgreSQL (no NUL) and encodable (no lone
surrogates, which a JSON "\\ud800" escape produces); dates outside
1900-01-01 .. today + 1 year are typing errors that would move "current state"
decisions; and a session is bounded so one upload cannot occupy a worker for
minutes. Pure Python: the importers, the upload views and the API share it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from datetime import date, timedelta
from typing import Any

from memory.domain.types import ParsedSession
from memory.importing.errors import ImportFormatError

ID_PATTERN = re.compile(r"[A-Za-z0-9._:-]{1,100}")
ID_RULE = "1-100 characters from A-Z a-z 0-9 . _ : -"
MAX_TURNS_PER_SESSION = 2000
MAX_CHARS_PER_TURN = 20000
MAX_TITLE_CHARS = 500
MAX_NAME_CHARS = 200
MAX_JSON_DEPTH = 32
EARLIEST_DATE = date(1900, 1, 1)
FUTURE_DAYS = 366


class LimitError(ValueError):
    """A value outside the import limits; the message names the field."""


def check_id(value: str, field: str) -> str:
    if not ID_PATTERN.fullmatch(value):
        shown = value if len(value) <= 40 else value[:40] + "…"
        raise LimitError(f"{field}: {shown!r} is not a valid id ({ID_RULE})")
    return value


def bad_char(text: str) -> tuple[int, str] | None:
    """(1-based position, description) of the first NUL or lone surrogate in text."""
    if "\x00" not in text:
        try:
            text.encode("utf-8")
            return None
        except UnicodeEncodeError:
            pass
    for index, char in enumerate(text):
        if char == "\x00":
            return index + 1, "NUL character"
        if "\ud800" <= char <= "\udfff":
            return index + 1, f"lone surrogate U+{ord(char):04X}"
    return None


def check_text(text: str, field: str) -> str:
    found = bad_char(text)
    if found is not None:
        raise LimitError(f"{field}: {found[1]} at position {found[0]}")
    return text


def check_date(day: date | None, field: str, today: date | None = None) -> date | None:
    if day is None:
        return None
    latest = (today or date.today()) + timedelta(days=FUTURE_DAYS)
    if not EARLIEST_DATE <= day <= latest:
        raise LimitError(
            f"{field}: {day.isoformat()} is outside {EARLIEST_DATE.isoformat()} .. "
            f"{latest.isoformat()}"
        )
    return day


def json_depth_ok(value: Any, limit: int = MAX_JSON_DEPTH) -> bool:
    """True when containers nest at most `limit` deep (iterative: no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > limit:
                return False
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return True


def load_json(text: str, source: str, location: str = "top level") -> Any:
    """json.loads with bounded nesting and integer size; errors as ImportFormatError.

    Raises json.JSONDecodeError unchanged for plain syntax errors, so callers
    keep reporting line and column.
    """
    try:
        doc = json.loads(text)
    except RecursionError:
        raise ImportFormatError(
            source, location, f"JSON nested deeper than {MAX_JSON_DEPTH} levels"
        ) from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:  # e.g. an integer of more than 4300 digits
        raise ImportFormatError(source, location, f"invalid JSON: {exc}") from None
    if not json_depth_ok(doc):
        raise ImportFormatError(
            source, location, f"JSON nested deeper than {MAX_JSON_DEPTH} levels"
        )
    return doc


def validate_sessions(
    sessions: Iterable[ParsedSession], source: str, *, today: date | None = None
) -> None:
    """Raise ImportFormatError naming the session and field of the first value out of limits."""
    for session in sessions:
        where = session.source or ""
        location = where[len(source) + 1 :] if where.startswith(source + ":") else "session"
        try:
            _validate_one(session, today)
        except LimitError as exc:
            raise ImportFormatError(source, location, str(exc)) from None


def _validate_one(session: ParsedSession, today: date | None) -> None:
    check_id(session.external_id, "session id")
    if session.patient_id is not None:
        check_id(session.patient_id, "patient id")
    check_text(session.patient_name or "", "patient name")
    if len(session.patient_name or "") > MAX_NAME_CHARS:
        raise LimitError(f"patient name: longer than {MAX_NAME_CHARS} characters")
    check_text(session.title, "title")
    if len(session.title) > MAX_TITLE_CHARS:
        raise LimitError(f"title: longer than {MAX_TITLE_CHARS} characters")
    check_date(session.date, "date", today)
    if len(session.turns) > MAX_TURNS_PER_SESSION:
        raise LimitError(
            f"turns: {len(session.turns)} turns, more than the limit of {MAX_TURNS_PER_SESSION}"
        )
    for turn in session.turns:
        field = f"turn {turn.index} text"
        check_text(turn.text, field)
        if len(turn.text) > MAX_CHARS_PER_TURN:
            raise LimitError(
                f"{field}: {len(turn.text)} characters, more than the limit of {MAX_CHARS_PER_TURN}"
            )
