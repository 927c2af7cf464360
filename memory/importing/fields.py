"""Strict readers for fields of a decoded JSON document.

Each helper takes the container, the key and the JSON path of the container
("sessions[2]"), and either returns a value of the right type or raises an
ImportFormatError naming the full path of the offending field. Import files
are validated completely before anything is stored, so every check here is
explicit rather than left to a later KeyError.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from memory.importing.errors import ImportFormatError

_ISO_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")

_JSON_TYPE_NAMES: dict[type, str] = {
    dict: "an object",
    list: "an array",
    str: "a string",
    int: "a number",
    float: "a number",
    bool: "true/false",
    type(None): "null",
}


def json_type_name(value: object) -> str:
    """The JSON name of a decoded value's type, for error messages."""
    return _JSON_TYPE_NAMES.get(type(value), type(value).__name__)


def join_path(base: str, key: str | int) -> str:
    """JSON path of a child: join_path("sessions[2]", "date") -> "sessions[2].date"."""
    if isinstance(key, int):
        return f"{base}[{key}]"
    return f"{base}.{key}" if base else key


class FieldReader:
    """Validating access to one decoded document, bound to its source name."""

    def __init__(self, source: str, prefix: str = "") -> None:
        self.source = source
        # Prepended to every location, e.g. "line 3" for one JSONL record, so a
        # field inside it reads "line 3, turns[0].speaker".
        self.prefix = prefix

    def fail(self, location: str, problem: str) -> ImportFormatError:
        parts = [part for part in (self.prefix, location) if part]
        return ImportFormatError(self.source, ", ".join(parts) or "top level", problem)

    def expect(self, value: object, kind: type, location: str, what: str) -> Any:
        """Return value if it is of JSON kind `kind` (bool never counts as a number)."""
        ok = isinstance(value, kind) and not (kind is not bool and isinstance(value, bool))
        if not ok:
            raise self.fail(location, f"expected {what}, got {json_type_name(value)}")
        return value

    def required(self, obj: dict[str, Any], key: str, base: str) -> Any:
        if key not in obj:
            raise self.fail(join_path(base, key), "missing required field")
        return obj[key]

    def text(self, obj: dict[str, Any], key: str, base: str) -> str:
        """A required, non-blank string; returned stripped (turn text is kept verbatim)."""
        path = join_path(base, key)
        value = self.expect(self.required(obj, key, base), str, path, "a string")
        if not value.strip():
            raise self.fail(path, "empty text")
        return value.strip()

    def identifier(self, obj: dict[str, Any], key: str, base: str) -> str:
        """A required id: a non-blank string or an integer (stored as its decimal text)."""
        path = join_path(base, key)
        value = self.required(obj, key, base)
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        value = self.expect(value, str, path, "a string or integer id")
        if not value.strip():
            raise self.fail(path, "empty id")
        return value.strip()

    def optional_str(self, obj: dict[str, Any], key: str, base: str) -> str | None:
        value = obj.get(key)
        if value is None:
            return None
        return self.expect(value, str, join_path(base, key), "a string or null").strip()

    def day(self, value: object, location: str) -> date | None:
        """A calendar day written YYYY-MM-DD, or None for null."""
        if value is None:
            return None
        return self.day_from_text(
            self.expect(value, str, location, "a YYYY-MM-DD date or null"), location
        )

    def day_from_text(self, text: str, location: str) -> date:
        match = _ISO_DAY.match(text.strip())
        if match is None:
            raise self.fail(location, f"invalid date {text!r} (expected YYYY-MM-DD)")
        try:
            return date(int(match[1]), int(match[2]), int(match[3]))
        except ValueError as exc:
            raise self.fail(location, f"invalid date {text!r} ({exc})") from None

    def non_empty_list(self, obj: dict[str, Any], key: str, base: str, what: str) -> list[Any]:
        path = join_path(base, key)
        value = self.expect(self.required(obj, key, base), list, path, "an array")
        if not value:
            raise self.fail(path, f"no {what}")
        return value


def check_unique_ids(source: str, keyed: list[tuple[tuple[str | None, str], str]]) -> None:
    """Session ids must be unique per patient inside one import: the external id
    is the session's identity, so a repeat would silently merge two visits.

    `keyed` holds ((patient_id, session_id), location) in file order.
    """
    seen: dict[tuple[str | None, str], str] = {}
    for key, location in keyed:
        if key in seen:
            raise ImportFormatError(
                source, location, f"duplicate session id {key[1]!r} (first at {seen[key]})"
            )
        seen[key] = location
