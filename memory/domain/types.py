"""Value types shared by every stage of the memory pipeline.

Pure Python: no Django imports. These are the shapes that cross module
boundaries (importers -> L1, extractor -> writes, retrieval -> reader).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Literal, get_args

FactType = Literal[
    "medication_status",
    "condition",
    "lab_result",
    "vital",
    "symptom",
    "safety",
    "preference",
    "event",
]
FACT_TYPES: tuple[str, ...] = get_args(FactType)

MEDICATION_STATUSES: tuple[str, ...] = ("active", "stopped", "dose_changed", "planned")
CONDITION_STATUSES: tuple[str, ...] = (
    "suspected",
    "confirmed",
    "misdiagnosed",
    "resolved",
    "chronic",
    "worsened",
    "improved",
)
SAFETY_KINDS: tuple[str, ...] = (
    "allergy",
    "contraindication",
    "interaction",
    "surgical_history",
)
# ConText-style assertion of a fact (docs/design.md §8): a negated allergy is a refuted
# allergy, not a missing one; hypothetical and family statements are kept apart.
ASSERTIONS: tuple[str, ...] = ("present", "negated", "hypothetical", "historical")

# Table 1 of the paper: which types form chains and how the current record is chosen.
STATE_CHAIN_TYPES: frozenset[str] = frozenset({"medication_status", "condition"})
MEASUREMENT_CHAIN_TYPES: frozenset[str] = frozenset({"lab_result", "vital"})
CHAINED_TYPES: frozenset[str] = STATE_CHAIN_TYPES | MEASUREMENT_CHAIN_TYPES
# Every status a record may carry (safety, symptom... records carry none).
STATUSES: tuple[str, ...] = MEDICATION_STATUSES + CONDITION_STATUSES

SPEAKERS: tuple[str, ...] = ("patient", "doctor", "relative", "caregiver", "other")
SESSION_SUBJECT_KINDS: tuple[str, ...] = ("patient", "family", "mixed", "none")

DatePrecision = Literal["day", "month", "year"]


@dataclass(frozen=True)
class Turn:
    """One utterance of an L1 session; index is 1-based."""

    index: int
    speaker: str
    text: str


@dataclass(frozen=True)
class ParsedSession:
    """A session as read from an import file, before it is stored."""

    external_id: str
    date: date | None
    turns: tuple[Turn, ...]
    title: str = ""
    patient_id: str | None = None
    patient_name: str | None = None
    # Where the session came from, for error messages and provenance ("file.json:3").
    source: str = ""


@dataclass(frozen=True)
class ExtractedFact:
    """One fact in the paper's Appendix A shape, after validation.

    `subject` is "patient", "family:<relation>" or "other:<label>" with the
    relation in canonical English (see domain.subjects). `date` is ISO
    YYYY-MM-DD or None (= the session date). `causes` index other facts of the
    same extraction.
    """

    type: str
    subject: str
    entity: str | None
    content: str
    value: str | None = None
    unit: str | None = None
    status: str | None = None
    date: str | None = None
    date_precision: str = "day"
    is_state_change: bool = False
    replaces: str | None = None
    safety_kind: str | None = None
    causes: tuple[int, ...] = ()
    evidence_turn: int = 1
    confidence: float = 0.8
    assertion: str = "present"
    # Structured value/dose fields (domain.slots); not part of the hash, a dict is not hashable.
    slots: dict[str, object] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Extraction:
    """The whole result of one extraction call for one session."""

    session_subject: str
    facts: tuple[ExtractedFact, ...] = field(default_factory=tuple)
