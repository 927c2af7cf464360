"""Hostile and malformed uploads: each must be refused cleanly, storing nothing."""

from __future__ import annotations

import json


def document(patient: object = "p-rel", sid: object = "s-bad", date: object = "2024-01-01",
             turns: object = None) -> str:  # fmt: skip
    turns = turns if turns is not None else [{"speaker": "doctor", "text": "How are you?"}]
    doc = {"patient": {"id": patient}, "sessions": [{"id": sid, "date": date, "turns": turns}]}
    return json.dumps(doc)


def one_turn(text: str) -> list[dict[str, str]]:
    return [{"speaker": "patient", "text": text}]


BAD_UPLOADS: dict[str, str] = {
    "nul in a turn": document(turns=one_turn("fine\u0000then")),
    "lone surrogate in a turn": document(turns=one_turn("fine \ud800 then")),
    "nul in the session id": document(sid="s\u00001"),
    "array nested 5000 deep": "[" * 5000 + "]" * 5000,
    "object nested 5000 deep": '{"a":' * 5000 + "1" + "}" * 5000,
    "sessions nested 100 deep": '{"patient": "p-rel", "sessions": ' + "[" * 100 + "]" * 100 + "}",
    "id of 250 characters": document(sid="s" * 250),
    "integer id of 5000 digits": document(sid=0).replace('"id": 0', '"id": ' + "9" * 5000),
    "integer id of 200 digits": document(sid=int("9" * 200)),
    "slash in the patient id": document(patient="ward/7"),
    "slash in the session id": document(sid="a/b"),
    "space in the session id": document(sid="visit 1"),
    "year 2999": document(date="2999-01-01"),
    "year 1800": document(date="1800-05-05"),
    "too many turns": document(turns=[{"speaker": "doctor", "text": "ok"}] * 2001),
    "a turn too long": document(turns=one_turn("x" * 20001)),
    "a session that is not an object": '{"patient": "p-rel", "sessions": [7]}',
    "truncated json": document()[:-5],
}
BAD_BYTES: dict[str, bytes] = {
    "latin-1 bytes": "Doctor: caf\xe9\n".encode("latin-1"),
}
HOSTILE_IDS: list[str] = [
    "ward/7", "a" * 250, "9" * 5000, "x\x00y", "%00", "..", "<script>", "' OR 1=1 --", "\ud800",
    "-1", "99999999999999999999999",
]  # fmt: skip
HOSTILE_QUERY_VALUES: list[str] = [
    "\x00", "9" * 5000, "-1", "2999-99-99", "[" * 2000, "' OR 1=1 --", "\ud800",
]  # fmt: skip
