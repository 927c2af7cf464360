"""Strict validation of an extractor's reply against the Appendix A contract.

Every reply is validated before anything is stored (docs/design.md §4): a reply that
does not validate is retried by the caller, never half-applied. Errors carry a
precise path ("facts[3].status: ...") so that the retry message can tell the
model exactly what to fix, and a failed session shows a useful reason.

Normalization done here (and only here): subjects are canonicalized (so the
patient's father is one Person whatever the language), partial dates get a
precision, numbers become strings exactly as written, and facts whose subject
is "none" (general health knowledge, which stays in L1) are dropped with their
`causes` indexes remapped.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from datetime import date
from decimal import Decimal
from typing import Any

from memory.domain.subjects import SubjectError, canonical_session_subject, canonical_subject
from memory.domain.types import (
    ASSERTIONS,
    CONDITION_STATUSES,
    FACT_TYPES,
    MEDICATION_STATUSES,
    SAFETY_KINDS,
    ExtractedFact,
    Extraction,
)
from memory.extraction.slots import SlotError, parse_slots

REQUIRED_STATUSES: dict[str, tuple[str, ...]] = {
    "medication_status": MEDICATION_STATUSES,
    "condition": CONDITION_STATUSES,
}
DEFAULT_CONFIDENCE = 0.8
_FENCE = re.compile(r"```[A-Za-z]*[ \t]*\n?(.*?)(?:```|\Z)", re.DOTALL)
_DATE = re.compile(r"^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$")
_NO_DATE = frozenset({"", "null", "none", "unknown", "n/a", "未知", "无"})
_MAX_OBJECT_STARTS = 20


class ValidationError(ValueError):
    """The reply breaks the contract at `path`."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def parse_extraction(raw_text: str, n_turns: int, prompt_version: str = "v2") -> Extraction:
    """Parse and validate one extraction reply for a session of n_turns turns.

    `prompt_version` is the extraction prompt the reply answers: v2 asks for an
    assertion on every fact, so a v2 reply without one is an error (never read
    as "present": a denied allergy must not become an allergy); a v1 reply,
    whose prompt did not ask for it, still defaults to "present".
    """
    strict = prompt_version != "v1"
    data = _load_json(raw_text)
    if not isinstance(data, dict):
        raise ValidationError("$", f"expected a JSON object, got {_kind(data)}")
    if "session_subject" not in data:
        raise ValidationError("session_subject", "missing")
    session_subject = _subject(data["session_subject"], "session_subject", session=True)
    raw_facts = data.get("facts")
    if not isinstance(raw_facts, list):
        raise ValidationError("facts", f"expected a list, got {_kind(raw_facts)}")
    facts = [
        _fact(item, f"facts[{i}]", i, len(raw_facts), n_turns, strict)
        for i, item in enumerate(raw_facts)
    ]
    return Extraction(session_subject=session_subject, facts=_drop_general_knowledge(facts))


def _load_json(raw_text: str) -> Any:
    """Strip code fences and leading/trailing prose, then decode the first object."""
    text = raw_text.strip()
    fenced = _FENCE.search(text)
    if fenced:
        text = fenced.group(1).strip()
    if text.startswith("["):
        raise ValidationError("$", "expected a JSON object, got a list")
    starts = [m.start() for m in re.finditer(r"\{", text)][:_MAX_OBJECT_STARTS]
    if not starts:
        raise ValidationError("$", "no JSON object in the reply" if text else "empty reply")
    decoder = json.JSONDecoder(parse_float=Decimal)
    first_error: json.JSONDecodeError | None = None
    for start in starts:
        try:
            value, _end = decoder.raw_decode(text, start)
            return value
        except json.JSONDecodeError as exc:
            first_error = first_error or exc
    assert first_error is not None
    raise ValidationError(
        "$",
        f"not valid JSON ({first_error.msg} at line {first_error.lineno} "
        f"column {first_error.colno}; a cut-off reply looks like this)",
    )


def _fact(
    item: Any, path: str, index: int, n_facts: int, n_turns: int, strict: bool
) -> ExtractedFact:
    if not isinstance(item, dict):
        raise ValidationError(path, f"expected an object, got {_kind(item)}")
    fact_type = _fact_type(item.get("type"), f"{path}.type")
    if "subject" not in item:
        raise ValidationError(f"{path}.subject", "missing")
    event_date, precision = _date(item.get("date"), f"{path}.date")
    value = _bounded(item.get("value"), f"{path}.value")
    unit = _bounded(item.get("unit"), f"{path}.unit")
    return ExtractedFact(
        type=fact_type,
        subject=_subject(item["subject"], f"{path}.subject", session=False),
        entity=_bounded(item.get("entity"), f"{path}.entity"),
        content=_content(item.get("content"), f"{path}.content"),
        value=value,
        unit=unit,
        status=_status(fact_type, item.get("status"), f"{path}.status"),
        date=event_date,
        date_precision=precision,
        is_state_change=_bool(item.get("is_state_change"), f"{path}.is_state_change"),
        replaces=_text_or_none(item.get("replaces"), f"{path}.replaces"),
        safety_kind=_safety_kind(fact_type, item.get("safety_kind"), f"{path}.safety_kind"),
        causes=_causes(item.get("causes"), f"{path}.causes", index, n_facts),
        evidence_turn=_evidence_turn(item.get("evidence_turn"), f"{path}.evidence_turn", n_turns),
        confidence=_confidence(item.get("confidence"), f"{path}.confidence"),
        assertion=_assertion(item, path, strict),
        slots=_slots(item.get("slots"), f"{path}.slots", fact_type, value, unit),
    )


# The stored columns' lengths (Fact.value, Fact.unit, Entity.name): a longer text is
# an invalid reply (retried, then the session fails with this reason), never a
# database error halfway through writing the session.
TEXT_BOUNDS = {"value": 200, "unit": 60, "entity": 200}


def _bounded(raw: Any, path: str) -> str | None:
    text = _text_or_none(raw, path)
    limit = TEXT_BOUNDS[path.rpartition(".")[2]]
    if text is not None and len(text) > limit:
        raise ValidationError(path, f"{len(text)} characters, at most {limit}")
    return text


def _fact_type(raw: Any, path: str) -> str:
    if not isinstance(raw, str):
        raise ValidationError(path, f"expected one of {'|'.join(FACT_TYPES)}, got {_kind(raw)}")
    value = raw.strip().lower()
    if value not in FACT_TYPES:
        raise ValidationError(path, f"{raw!r} is not one of {'|'.join(FACT_TYPES)}")
    return value


def _subject(raw: Any, path: str, *, session: bool) -> str:
    if raw is not None and not isinstance(raw, str):
        raise ValidationError(path, f"expected a string, got {_kind(raw)}")
    try:
        return canonical_session_subject(raw) if session else canonical_subject(raw)
    except SubjectError as exc:
        raise ValidationError(path, str(exc)) from None


def _status(fact_type: str, raw: Any, path: str) -> str | None:
    """Medication and condition records need a status to form a chain; safety
    facts have none (they are append-only and never superseded)."""
    allowed = REQUIRED_STATUSES.get(fact_type)
    if fact_type == "safety":
        # A planned operation is stored as planned, never as history (rules.surgery).
        if raw is not None and raw != "planned":
            raise ValidationError(path, f"must be null (or planned) for safety, got {raw!r}")
        return raw
    if allowed is None:
        return _text_or_none(raw, path)
    if raw is None:
        raise ValidationError(path, f"required for {fact_type} (one of {'|'.join(allowed)})")
    value = raw.strip().lower() if isinstance(raw, str) else raw
    if value not in allowed:
        raise ValidationError(path, f"{raw!r} is not one of {'|'.join(allowed)}")
    return value


def _safety_kind(fact_type: str, raw: Any, path: str) -> str | None:
    if fact_type != "safety":
        return None  # meaningless outside safety facts; ignored rather than guessed at
    if raw is None:
        raise ValidationError(path, f"required for safety (one of {'|'.join(SAFETY_KINDS)})")
    value = raw.strip().lower() if isinstance(raw, str) else raw
    if value not in SAFETY_KINDS:
        raise ValidationError(path, f"{raw!r} is not one of {'|'.join(SAFETY_KINDS)}")
    return value


def _date(raw: Any, path: str) -> tuple[str | None, str]:
    """ISO date with its precision: "2019" is a year, "2019-03" a month."""
    if raw is None:
        return None, "day"
    if isinstance(raw, int) and not isinstance(raw, bool):
        raw = str(raw)
    if not isinstance(raw, str):
        raise ValidationError(path, f"expected YYYY-MM-DD or null, got {_kind(raw)}")
    text = raw.strip()
    if text.casefold() in _NO_DATE:
        return None, "day"
    match = _DATE.match(text)
    if not match:
        raise ValidationError(path, f"{raw!r} is not a date (YYYY-MM-DD, YYYY-MM or YYYY)")
    year, month, day = match.groups()
    precision = "day" if day else "month" if month else "year"
    try:
        parsed = date(int(year), int(month or 1), int(day or 1))
    except ValueError as exc:
        raise ValidationError(path, f"{raw!r} is not a real date ({exc})") from None
    return parsed.isoformat(), precision


def _causes(raw: Any, path: str, index: int, n_facts: int) -> tuple[int, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ValidationError(path, f"expected a list of fact indexes, got {_kind(raw)}")
    out: list[int] = []
    for cause in raw:
        if not _is_int(cause):
            raise ValidationError(path, f"{cause!r} is not a fact index")
        cause = int(cause)
        if not 0 <= cause < n_facts:
            raise ValidationError(path, f"{cause} is out of range 0..{n_facts - 1}")
        if cause == index:
            raise ValidationError(path, f"{cause} refers to the fact itself")
        if cause not in out:
            out.append(cause)
    return tuple(out)


def _evidence_turn(raw: Any, path: str, n_turns: int) -> int:
    # Out of range is an error, not clamped: a wrong turn would link the fact
    # to words that do not support it.
    if raw is None:
        raise ValidationError(path, "missing")
    if not _is_int(raw):
        raise ValidationError(path, f"{raw!r} is not a turn number")
    turn = int(raw)
    if not 1 <= turn <= n_turns:
        raise ValidationError(path, f"{turn} is out of range 1..{n_turns}")
    return turn


def _confidence(raw: Any, path: str) -> float:
    if raw is None:
        return DEFAULT_CONFIDENCE
    if isinstance(raw, bool) or not isinstance(raw, int | Decimal | float):
        raise ValidationError(path, f"expected a number in 0..1, got {_kind(raw)}")
    value = float(raw)
    if not 0.0 <= value <= 1.0:
        raise ValidationError(path, f"{raw} is not in 0..1")
    return value


def _assertion(item: dict[str, Any], path: str, strict: bool) -> str:
    """ConText-style assertion: "denies penicillin allergy" is a negated
    allergy, which must not be read as an allergy (docs/design.md §4, §8)."""
    if strict and item.get("assertion") is None:
        allowed = "|".join(ASSERTIONS)
        raise ValidationError(f"{path}.assertion", f"missing (required: one of {allowed})")
    raw = item.get("assertion")
    if raw is not None:
        value = raw.strip().lower() if isinstance(raw, str) else raw
        if value not in ASSERTIONS:
            allowed = "|".join(ASSERTIONS)
            raise ValidationError(f"{path}.assertion", f"{raw!r} is not one of {allowed}")
        return value
    negated = item.get("negated")
    if negated is None:
        return "present"
    if not isinstance(negated, bool):
        raise ValidationError(f"{path}.negated", f"expected true or false, got {_kind(negated)}")
    return "negated" if negated else "present"


def _slots(
    raw: Any, path: str, fact_type: str, value: str | None, unit: str | None
) -> dict[str, object]:
    try:
        return parse_slots(raw, path, fact_type, value, unit)
    except SlotError as exc:
        raise ValidationError(exc.path, exc.message) from None


def _content(raw: Any, path: str) -> str:
    if not isinstance(raw, str) or not raw.strip():
        raise ValidationError(path, "must be a non-empty string")
    return raw.strip()


def _text_or_none(raw: Any, path: str) -> str | None:
    """Strings stay as written; numbers become the string that was in the JSON
    (parsed as Decimal, so "5.0" stays "5.0")."""
    if raw is None:
        return None
    if isinstance(raw, bool) or not isinstance(raw, str | int | Decimal | float):
        raise ValidationError(path, f"expected a string, number or null, got {_kind(raw)}")
    text = str(raw).strip()
    return text or None


def _bool(raw: Any, path: str) -> bool:
    if raw is None:
        return False
    if not isinstance(raw, bool):
        raise ValidationError(path, f"expected true or false, got {_kind(raw)}")
    return raw


def _is_int(raw: Any) -> bool:
    if isinstance(raw, bool):
        return False
    if isinstance(raw, int):
        return True
    return isinstance(raw, Decimal) and raw == raw.to_integral_value()


def _drop_general_knowledge(facts: list[ExtractedFact]) -> tuple[ExtractedFact, ...]:
    """Drop subject "none" facts and renumber the surviving causes indexes."""
    new_index: dict[int, int] = {}
    for old, fact in enumerate(facts):
        if fact.subject != "none":
            new_index[old] = len(new_index)
    kept = []
    for old, fact in enumerate(facts):
        if old in new_index:
            causes = tuple(new_index[c] for c in fact.causes if c in new_index)
            kept.append(replace(fact, causes=causes))
    return tuple(kept)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | Decimal | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string {value!r}"
    return "a list" if isinstance(value, list) else "an object"
