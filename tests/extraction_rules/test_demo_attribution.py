"""Demo-wide subject check: run the rule extractor over every demo session (the
demo file is ground truth and is only read here) and check that no relative's
health fact becomes the patient's.

Which sessions are about a relative is derived from the titles, never listed:
a title naming a relative and nothing of the patient's own ("My son's asthma",
"父亲换了降压药") is a relative-only consultation; a title naming a relative
and the patient ("Son's asthma flare; my check-up") is mixed.
"""

from __future__ import annotations

import json
from datetime import date
from functools import lru_cache
from pathlib import Path

from memory.domain.types import Extraction, Turn
from memory.extraction.base import SessionText
from memory.extraction.rules import RuleExtractor
from memory.extraction.rules.discourse.cues import relative_mentions, self_marked
from memory.extraction.rules.text import is_chinese

DEMO = Path(__file__).resolve().parents[2] / "memory" / "fixtures" / "demo" / "demo_patient.json"


@lru_cache(maxsize=1)
def _sessions() -> tuple[tuple[str, Extraction], ...]:
    data = json.loads(DEMO.read_text(encoding="utf-8"))
    out = []
    for s in data["sessions"]:
        turns = tuple(Turn(i + 1, t["speaker"], t["text"]) for i, t in enumerate(s["turns"]))
        when = date.fromisoformat(s["date"]) if s.get("date") else None
        text = SessionText(when, turns, s.get("title", ""))
        out.append((s.get("title", ""), RuleExtractor().extract(text).extraction))
    return tuple(out)


def _names_relative(title: str) -> bool:
    return bool(relative_mentions(title, is_chinese(title)))


def _names_patient(title: str) -> bool:
    zh = is_chinese(title)
    return self_marked(title, zh) or "顺便" in title


def _relative_only() -> list[Extraction]:
    return [e for t, e in _sessions() if _names_relative(t) and not _names_patient(t)]


def test_demo_has_relative_only_sessions() -> None:
    assert len(_relative_only()) >= 5


def test_relative_only_sessions_have_no_patient_fact() -> None:
    leaked = [f for e in _relative_only() for f in e.facts if f.subject == "patient"]
    relatives = {f.subject for e in _relative_only() for f in e.facts}
    assert (leaked, "family:mother" in relatives) == ([], True)


def test_relative_only_sessions_are_not_patient_sessions() -> None:
    kinds = {e.session_subject for e in _relative_only()}
    assert kinds and all(k.startswith("family:") for k in kinds)


def _relatives_only_entities() -> set[str]:
    """Entities the relative-only sessions give a relative and no title-less-of-relative
    session (the patient's own visits) ever mentions: the son's inhalers, the
    mother's insulin, the father's indapamide."""
    relative = {f.entity for e in _relative_only() for f in e.facts if f.entity}
    own = {f.entity for t, e in _sessions() if not _names_relative(t) for f in e.facts if f.entity}
    return relative - own


def test_relatives_items_never_patient_anywhere() -> None:
    items = _relatives_only_entities()
    leaked = [
        (f.entity, f.content)
        for _, e in _sessions()
        for f in e.facts
        if f.subject == "patient" and f.entity in items
    ]
    assert items and leaked == []


def test_relatives_doses_never_patient_anywhere() -> None:
    """A relative's dose ("氨氯地平…10毫克") never shows up as the patient's dose."""
    doses = {
        (f.entity, f.value)
        for e in _relative_only()
        for f in e.facts
        if f.type == "medication_status" and f.value and f.subject != "patient"
    }
    leaked = [
        f.content
        for _, e in _sessions()
        for f in e.facts
        if f.subject == "patient" and (f.entity, f.value) in doses
    ]
    assert doses and leaked == []


def test_patients_doses_never_a_relatives_anywhere() -> None:
    """The reverse: the patient's own dose ("valsartan 160 mg", said in his own visits)
    never becomes a relative's, in a mixed session either ("Second, my own numbers ...
    So you're on valsartan 160 mg")."""
    doses = {
        (f.entity, f.value)
        for t, e in _sessions()
        if not _names_relative(t)
        for f in e.facts
        if f.type == "medication_status" and f.value and f.subject == "patient"
    }
    leaked = [
        (f.subject, f.content)
        for _, e in _sessions()
        for f in e.facts
        if f.subject.startswith("family:") and (f.entity, f.value) in doses
    ]
    assert doses and leaked == []
