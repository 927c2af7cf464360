"""Build sessions and run the rule extractor in tests."""

from __future__ import annotations

from datetime import date

from memory.domain.types import ExtractedFact, Extraction, Turn
from memory.extraction.base import SessionText
from memory.extraction.rules import RuleExtractor

SESSION = date(2024, 6, 3)


def run(*turns: tuple[str, str], when: date | None = SESSION) -> Extraction:
    session = SessionText(when, tuple(Turn(i + 1, sp, tx) for i, (sp, tx) in enumerate(turns)))
    return RuleExtractor().extract(session).extraction


def facts(*turns: tuple[str, str], kind: str | None = None) -> list[ExtractedFact]:
    found = run(*turns).facts
    return [f for f in found if kind is None or f.type == kind or f.safety_kind == kind]


def one(*turns: tuple[str, str], kind: str, entity: str | None = "*") -> ExtractedFact:
    """The single fact of that type (and entity) - fails if there is none."""
    found = [f for f in facts(*turns, kind=kind) if entity == "*" or f.entity == entity]
    assert found, f"no {kind} fact {entity!r} in {facts(*turns)}"
    return found[0]


def run_titled(title: str, *turns: tuple[str, str], when: date | None = SESSION) -> Extraction:
    """Like run(), for a session that carries a title or harness header."""
    session = SessionText(
        when, tuple(Turn(i + 1, sp, tx) for i, (sp, tx) in enumerate(turns)), title
    )
    return RuleExtractor().extract(session).extraction


def patient_allergies(*turns: tuple[str, str]) -> dict[str, str]:
    """entity -> assertion of the patient's allergy facts that name a substance."""
    found = facts(*turns, kind="allergy")
    return {f.entity: f.assertion for f in found if f.entity and f.subject == "patient"}


def present_conditions(speaker: str, text: str) -> list[str]:
    """The patient's present condition facts of one sentence."""
    found = facts((speaker, text), kind="condition")
    return sorted(f.entity for f in found if f.subject == "patient" and f.assertion == "present")
