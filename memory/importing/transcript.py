"""Plain-text transcripts (docs/design.md §7 import format 2): one file = one session.

    Date: 2024-03-01            (optional; also 日期：2024-03-01)
    Title: Cardiology follow-up (optional; also 标题：...)
    Doctor: How are you today?
    Patient: Better, thanks.
    [doctor] ACI-Bench style tags work too
    医生：最近血压怎么样？
    家属：他这周量的都在140左右。

A line that starts with a speaker label opens a new turn; any other line
continues the previous turn (ACI-Bench and MTS-Dialog have multi-line turns),
so a turn's text is kept verbatim, internal line breaks included.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import PurePath

from memory.domain.types import ParsedSession, Turn
from memory.importing.errors import ImportFormatError
from memory.importing.fields import FieldReader

# Label (casefolded, numeric suffix removed) -> speaker. Words that also open
# ordinary clinical lines ("Family: ...", "Other: ...") are deliberately not
# labels, so such a line stays inside the current turn. MTS-Dialog uses
# Guest_family for a relative answering for the patient - a caregiver, whose "I"
# is himself and whose he/she is the patient, as is 家属 (the family member who
# answers in a Chinese consultation) - and Guest_clinician for a second
# clinician; ACI-Bench uses [patient_guest] for a companion.
SPEAKER_LABELS: dict[str, str] = {
    "patient": "patient",
    "doctor": "doctor",
    "relative": "relative",
    "caregiver": "caregiver",
    "carer": "caregiver",
    "guest_family": "caregiver",
    "patient_guest": "relative",
    "guest_clinician": "doctor",
    "clinician": "doctor",
    "physician": "doctor",
    "患者": "patient",
    "病人": "patient",
    "医生": "doctor",
    "医师": "doctor",
    "大夫": "doctor",
    "家属": "caregiver",
    "患者家属": "caregiver",
    "病人家属": "caregiver",
    "陪护": "caregiver",
}
_ASCII_LABELS = [label for label in SPEAKER_LABELS if label.isascii()]
# Misspelt tags occur in real transcripts ("Gest_family", "Docotr"); a close
# edit-distance match on an ASCII label is accepted, so a relative's line is
# not glued onto the doctor's turn. Short or distant words are not labels.
_FUZZY_CUTOFF = 0.8
_FUZZY_MIN_LENGTH = 5

_COLON = "[:：]"
_BRACKET_TAG = re.compile(r"^\s*\[([^\]\n]{1,40})\]\s*[:：]?\s?(.*)$")
_COLON_TAG = re.compile(
    rf"^\s*([A-Za-z][A-Za-z_ ]{{0,30}}?\d*|[\u4e00-\u9fff]{{1,6}})\s*{_COLON}\s?(.*)$"
)
_DATE_HEADER = re.compile(rf"^\s*(?:date|日期)\s*{_COLON}\s*(.*?)\s*$", re.IGNORECASE)
_TITLE_HEADER = re.compile(rf"^\s*(?:title|标题)\s*{_COLON}\s*(.*?)\s*$", re.IGNORECASE)
_NUMERIC_SUFFIX = re.compile(r"[_ ]?\d+$")


_EXPECTED = (
    "expected lines starting with a speaker label such as "
    "'Patient:', 'Doctor:', 'Caregiver:', '[doctor]', '患者：', '医生：', '家属：'"
)


@dataclass
class _Draft:
    """Turns being assembled: (speaker, first line number, text lines)."""

    turns: list[tuple[str, int, list[str]]] = field(default_factory=list)
    day: date | None = None
    title: str = ""
    headers_seen: set[str] = field(default_factory=set)


def parse_transcript(text: str, source: str, patient_id: str | None) -> list[ParsedSession]:
    """The single session of a transcript; the external id is the file stem."""
    if patient_id is None:
        raise ImportFormatError(
            source, "patient", "missing patient id (a transcript names none; pass patient_id)"
        )
    session_id = PurePath(source).stem
    if not session_id:
        raise ImportFormatError(
            source or "<text>", "name", "a transcript needs a name (its stem is the session id)"
        )
    reader = FieldReader(source)
    draft = _Draft()
    for number, line in enumerate(text.splitlines(), start=1):
        _consume(reader, draft, line, number)
    if not draft.turns:
        raise ImportFormatError(source, "top level", f"no turn lines found ({_EXPECTED})")
    return [
        ParsedSession(
            external_id=session_id,
            date=draft.day,
            turns=_finish_turns(reader, draft),
            title=draft.title,
            patient_id=patient_id,
            source=source,
        )
    ]


def speaker_for_label(label: str) -> str | None:
    """The speaker a label names, or None if it is not a known label."""
    key = _NUMERIC_SUFFIX.sub("", label.strip().casefold())
    if key in SPEAKER_LABELS:
        return SPEAKER_LABELS[key]
    if key.isascii() and len(key) >= _FUZZY_MIN_LENGTH:
        close = difflib.get_close_matches(key, _ASCII_LABELS, n=1, cutoff=_FUZZY_CUTOFF)
        if close:
            return SPEAKER_LABELS[close[0]]
    return None


def _consume(reader: FieldReader, draft: _Draft, line: str, number: int) -> None:
    tagged = _match_tag(reader, line, number)
    if tagged is not None:
        speaker, rest = tagged
        draft.turns.append((speaker, number, [rest]))
    elif draft.turns:
        draft.turns[-1][2].append(line)
    elif line.strip() and not _consume_header(reader, draft, line, number):
        raise reader.fail(
            f"line {number}", f"text before the first turn: {line.strip()[:60]!r} ({_EXPECTED})"
        )


def _match_tag(reader: FieldReader, line: str, number: int) -> tuple[str, str] | None:
    """(speaker, rest of line) if the line opens a turn.

    A bracketed tag ("[nurse]") or an MTS-style underscored tag ("Guest_nurse:")
    is unmistakably a speaker label, so an unknown one is an error rather than
    silently folding that person's words into the previous speaker's turn.
    """
    match = _BRACKET_TAG.match(line) or _COLON_TAG.match(line)
    if match is None:
        return None
    label, rest = match[1].strip(), match[2]
    speaker = speaker_for_label(label)
    if speaker is not None:
        return (speaker, rest)
    if match.re is _BRACKET_TAG or "_" in label:
        raise reader.fail(f"line {number}", f"unknown speaker {label!r} (allowed: {_allowed()})")
    return None


def _consume_header(reader: FieldReader, draft: _Draft, line: str, number: int) -> bool:
    for name, pattern in (("date", _DATE_HEADER), ("title", _TITLE_HEADER)):
        match = pattern.match(line)
        if match is None:
            continue
        if name in draft.headers_seen:
            raise reader.fail(f"line {number}", f"second {name} line")
        draft.headers_seen.add(name)
        if name == "date":
            draft.day = reader.day_from_text(match[1], f"line {number}")
        else:
            draft.title = match[1]
        return True
    return False


def _finish_turns(reader: FieldReader, draft: _Draft) -> tuple[Turn, ...]:
    turns: list[Turn] = []
    for index, (speaker, number, lines) in enumerate(draft.turns, start=1):
        # Trailing blanks are not content; leading indentation and line breaks are kept.
        text = "\n".join(line.rstrip() for line in lines).strip()
        if not text:
            raise reader.fail(f"line {number}", f"empty text for the {speaker}'s turn")
        turns.append(Turn(index=index, speaker=speaker, text=text))
    return tuple(turns)


def _allowed() -> str:
    return ", ".join(SPEAKER_LABELS)
