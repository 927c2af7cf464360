"""MedGraph JSON and JSONL (docs/design.md §7 import format 1), and its inverse.

JSON:  {"patient": {"id", "name"}, "sessions": [{"id", "date", "title"?, "turns": [...]}]}
JSONL: one session object per line, each carrying "patient" ({"id","name"} or an id string).

"date" must be present on every session (YYYY-MM-DD or an explicit null):
an undated session is allowed (distractors can be undated) but never by
accident, because the session date anchors every "current state" decision.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from memory.domain.types import SPEAKERS, ParsedSession, Turn
from memory.importing.errors import ImportFormatError
from memory.importing.fields import FieldReader, check_unique_ids, join_path
from memory.importing.limits import load_json

Patient = tuple[str | None, str | None]  # (id, name)


def parse_medgraph_document(doc: Any, source: str, patient_id: str | None) -> list[ParsedSession]:
    """Sessions of one decoded MedGraph JSON document (an object with "sessions")."""
    reader = FieldReader(source)
    reader.expect(doc, dict, "", 'a JSON object with "sessions"')
    patient = _resolve_patient(reader, doc, patient_id)
    raw_sessions = reader.non_empty_list(doc, "sessions", "", "sessions")
    sessions = [
        _session(reader, item, f"sessions[{i}]", patient, f"{source}:sessions[{i}]")
        for i, item in enumerate(raw_sessions)
    ]
    check_unique_ids(
        source,
        [((s.patient_id, s.external_id), f"sessions[{i}].id") for i, s in enumerate(sessions)],
    )
    return sessions


def parse_jsonl(text: str, source: str, patient_id: str | None) -> list[ParsedSession]:
    """Sessions of a JSONL file: one session object per non-blank line."""
    sessions: list[ParsedSession] = []
    keyed: list[tuple[tuple[str | None, str], str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        reader = FieldReader(source, prefix=f"line {number}")
        record = _decode_line(reader, line, number)
        reader.expect(record, dict, "", "a JSON object (one session per line)")
        patient = _resolve_patient(reader, record, patient_id)
        session = _session(reader, record, "", patient, f"{source}:{number}")
        sessions.append(session)
        keyed.append(((session.patient_id, session.external_id), f"line {number}, id"))
    if not sessions:
        raise ImportFormatError(source, "top level", "no sessions (every line is blank)")
    check_unique_ids(source, keyed)
    return sessions


def sessions_to_medgraph_json(
    patient_id: str, patient_name: str | None, sessions: Sequence[ParsedSession]
) -> dict[str, Any]:
    """The MedGraph JSON document for `sessions` (inverse of parse_medgraph_document).

    Builders of benchmarks and demos write this with json.dump(..., ensure_ascii=False).
    """
    out_sessions: list[dict[str, Any]] = []
    for session in sessions:
        item: dict[str, Any] = {
            "id": session.external_id,
            "date": session.date.isoformat() if session.date else None,
        }
        if session.title:
            item["title"] = session.title
        item["turns"] = [{"speaker": t.speaker, "text": t.text} for t in session.turns]
        out_sessions.append(item)
    return {"patient": {"id": patient_id, "name": patient_name}, "sessions": out_sessions}


def _decode_line(reader: FieldReader, line: str, number: int) -> Any:
    try:
        return load_json(line, reader.source, f"line {number}")
    except json.JSONDecodeError as exc:
        raise ImportFormatError(
            reader.source, f"line {number}, column {exc.colno}", f"invalid JSON: {exc.msg}"
        ) from None


def _resolve_patient(reader: FieldReader, obj: dict[str, Any], requested: str | None) -> Patient:
    """The patient a document names, reconciled with the one the caller asked for.

    A mismatch is an error rather than a silent override: importing one
    patient's file into another patient's memory is exactly the attribution
    failure MedGraph exists to prevent.
    """
    file_id, name = _patient_field(reader, obj)
    if file_id is None and requested is None:
        raise reader.fail("patient", "missing patient id (none in the file and none given)")
    if file_id is not None and requested is not None and file_id != requested:
        raise reader.fail(
            "patient.id", f"patient id {file_id!r} differs from the requested patient {requested!r}"
        )
    return (file_id or requested, name)


def _patient_field(reader: FieldReader, obj: dict[str, Any]) -> Patient:
    value = obj.get("patient")
    if value is None:
        return (None, None)
    if isinstance(value, str | int) and not isinstance(value, bool):
        return (reader.identifier(obj, "patient", ""), None)
    reader.expect(value, dict, "patient", 'an object {"id", "name"} or an id string')
    return (
        reader.identifier(value, "id", "patient"),
        reader.optional_str(value, "name", "patient"),
    )


def _session(
    reader: FieldReader, obj: Any, base: str, patient: Patient, origin: str
) -> ParsedSession:
    reader.expect(obj, dict, base, "a session object")
    external_id = reader.identifier(obj, "id", base)
    day = reader.day(reader.required(obj, "date", base), join_path(base, "date"))
    title = reader.optional_str(obj, "title", base) or ""
    raw_turns = reader.non_empty_list(obj, "turns", base, "turns")
    turns = tuple(
        _turn(reader, item, join_path(join_path(base, "turns"), i), i + 1)
        for i, item in enumerate(raw_turns)
    )
    return ParsedSession(
        external_id=external_id,
        date=day,
        turns=turns,
        title=title,
        patient_id=patient[0],
        patient_name=patient[1],
        source=origin,
    )


def _turn(reader: FieldReader, obj: Any, base: str, index: int) -> Turn:
    reader.expect(obj, dict, base, 'a turn object {"speaker", "text"}')
    speaker_path = join_path(base, "speaker")
    speaker = reader.expect(reader.required(obj, "speaker", base), str, speaker_path, "a string")
    if speaker not in SPEAKERS:
        raise reader.fail(
            speaker_path, f"unknown speaker {speaker!r} (allowed: {', '.join(SPEAKERS)})"
        )
    return Turn(index=index, speaker=speaker, text=reader.text(obj, "text", base))
