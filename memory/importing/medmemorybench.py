"""MedMemoryBench persona files (docs/design.md §7 import format 3).

    {"metadata": {...}, "sessions": [{"session_id"?, "event_info": {"date"},
      "messages": [{"turn", "role": "user|assistant", "content"}]}, ...]}

Distractor sessions carry "noise_id" (general health chat) or
"noise_family_id" + "family_role" {name, relationship} (a consultation about a
relative). They are imported as sessions like any other, undated, with the
header the benchmark's harness shows the memory system, so the extractor sees
exactly what the baselines see: "[<date>]" for the patient's own visits,
"[Health consultation record about <name>(<relationship>)]" for a relative's,
"[Health consultation record]" for general chat.
"""

from __future__ import annotations

from typing import Any

from memory.domain.types import ParsedSession, Turn
from memory.importing.fields import FieldReader, check_unique_ids, join_path

ROLE_TO_SPEAKER: dict[str, str] = {"user": "patient", "assistant": "doctor"}
# Persona files from different generator versions name the persona
# differently; any of these keys is accepted, first match wins.
_ID_KEYS = ("patient_id", "persona_id", "id", "user_id")
_NAME_KEYS = ("patient_name", "persona_name", "name", "user_name")
# The harness's defaults when a family_role lacks a field.
_DEFAULT_ROLE_NAME = "Family member"


def looks_like_medmemorybench(doc: Any) -> bool:
    """A persona file has "metadata" or sessions made of "messages"."""
    if not isinstance(doc, dict) or not isinstance(doc.get("sessions"), list):
        return False
    if "metadata" in doc:
        return True
    return any(isinstance(s, dict) and "messages" in s for s in doc["sessions"])


def parse_medmemorybench(doc: Any, source: str, patient_id: str | None) -> list[ParsedSession]:
    """All sessions of a persona file, patient visits and distractors, in file order."""
    reader = FieldReader(source)
    reader.expect(doc, dict, "", 'a JSON object with "sessions"')
    metadata = doc.get("metadata") or {}
    reader.expect(metadata, dict, "metadata", "an object")
    raw_sessions = reader.non_empty_list(doc, "sessions", "", "sessions")
    pid, name = _patient(reader, metadata, raw_sessions, patient_id)
    sessions = [_session(reader, item, i, pid, name) for i, item in enumerate(raw_sessions)]
    check_unique_ids(
        source, [((pid, s.external_id), f"sessions[{i}]") for i, s in enumerate(sessions)]
    )
    return sessions


def _patient(
    reader: FieldReader, metadata: dict[str, Any], sessions: list[Any], requested: str | None
) -> tuple[str, str | None]:
    """Patient id and name: the caller's id wins (persona ids are small integers
    that an operator may want to namespace), else metadata, else the
    sessions' shared persona_id."""
    persona = metadata.get("persona") if isinstance(metadata.get("persona"), dict) else {}
    name = _first_text(metadata, _NAME_KEYS) or _first_text(persona, _NAME_KEYS)
    if requested is not None:
        return (requested, name)
    found = _first_text(metadata, _ID_KEYS) or _first_text(persona, _ID_KEYS)
    if found is None:
        ids = {
            str(s.get("persona_id")) for s in sessions if isinstance(s, dict) and "persona_id" in s
        }
        found = ids.pop() if len(ids) == 1 else None
    if found is None:
        raise reader.fail(
            "metadata",
            f"missing patient id (none of {', '.join(_ID_KEYS)} in metadata, and none given)",
        )
    return (found, name)


def _first_text(obj: dict[str, Any], keys: tuple[str, ...]) -> str | None:
    for key in keys:
        value = obj.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
    return None


def _session(
    reader: FieldReader, obj: Any, position: int, pid: str, name: str | None
) -> ParsedSession:
    base = f"sessions[{position}]"
    reader.expect(obj, dict, base, "a session object")
    external_id, title, day = _identity(reader, obj, base, position)
    raw_messages = reader.non_empty_list(obj, "messages", base, "messages")
    turns = tuple(
        _turn(reader, item, join_path(join_path(base, "messages"), i), i + 1)
        for i, item in enumerate(raw_messages)
    )
    return ParsedSession(
        external_id=external_id,
        date=day,
        turns=turns,
        title=title,
        patient_id=pid,
        patient_name=name,
        source=f"{reader.source}:{base}",
    )


def _identity(
    reader: FieldReader, obj: dict[str, Any], base: str, position: int
) -> tuple[str, str, Any]:
    """(external id, harness header, date) of one session.

    A family consultation is checked first, as the harness does when a
    session carries both markers.
    """
    if "noise_family_id" in obj:
        noise = reader.identifier(obj, "noise_family_id", base)
        role = obj.get("family_role") or {}
        reader.expect(role, dict, join_path(base, "family_role"), "an object {name, relationship}")
        role_name = str(role.get("name") or _DEFAULT_ROLE_NAME)
        relationship = str(role.get("relationship") or "")
        title = f"[Health consultation record about {role_name}({relationship})]"
        return (_own_id(reader, obj, base) or f"noise-family-{noise}", title, None)
    if "noise_id" in obj:
        noise = reader.identifier(obj, "noise_id", base)
        return (
            _own_id(reader, obj, base) or f"noise-{noise}",
            "[Health consultation record]",
            None,
        )
    return _patient_visit(reader, obj, base, position)


def _patient_visit(
    reader: FieldReader, obj: dict[str, Any], base: str, position: int
) -> tuple[str, str, Any]:
    # The patient's own visits must be dated: every state-validity decision
    # (which dose is current) hangs on the session date.
    info_path = join_path(base, "event_info")
    info = reader.expect(reader.required(obj, "event_info", base), dict, info_path, "an object")
    date_path = join_path(info_path, "date")
    raw = reader.expect(
        reader.required(info, "date", info_path), str, date_path, "a YYYY-MM-DD date"
    )
    day = reader.day_from_text(_day_part(raw.strip()), date_path)
    return (_own_id(reader, obj, base) or f"s{position:04d}", f"[{raw.strip()}]", day)


def _day_part(raw: str) -> str:
    """Timestamps ("2024-03-01 09:30", "2024-03-01T09:30") keep only their day."""
    if len(raw) > 10 and raw[10] in " T":
        return raw[:10]
    return raw


def _own_id(reader: FieldReader, obj: dict[str, Any], base: str) -> str | None:
    return reader.identifier(obj, "session_id", base) if obj.get("session_id") is not None else None


def _turn(reader: FieldReader, obj: Any, base: str, index: int) -> Turn:
    reader.expect(obj, dict, base, 'a message object {"role", "content"}')
    role_path = join_path(base, "role")
    role = reader.expect(reader.required(obj, "role", base), str, role_path, "a string")
    if role not in ROLE_TO_SPEAKER:
        raise reader.fail(
            role_path, f"unknown role {role!r} (allowed: {', '.join(ROLE_TO_SPEAKER)})"
        )
    return Turn(index=index, speaker=ROLE_TO_SPEAKER[role], text=reader.text(obj, "content", base))
