"""Value types that cross retrieval -> rendering -> reader (docs/design.md §5-§7).

Pure: no Django. A FactView is one stored fact as the reader may see it; an
EvidenceItem is one line of evidence with its role (paper §4.3 "Chain
context": matched / anchor / relation, plus causal, date, source, fallback).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from memory.domain.chains import in_force
from memory.domain.safety_rows import SafetyRow

ROLES: tuple[str, ...] = ("matched", "anchor", "relation", "causal", "date", "source", "fallback")


@dataclass(frozen=True)
class FactView:
    fact_id: int
    session_id: str  # the session's EXTERNAL id
    subject: str  # "patient" | "family:<relation>" | "other:<label>"
    fact_type: str
    entity: str
    content: str
    status: str = ""
    safety_kind: str = ""
    assertion: str = "present"
    date: date | None = None  # effective date (event date, else session date)
    date_precision: str = "day"  # "year" / "month": a stated "1995" is not 1995-01-01
    verification: str = "unconfirmed"
    verification_reason: str = ""
    order_note: str = ""
    chain_id: int | None = None
    valid_from: date | None = None
    valid_to: date | None = None
    mention_count: int = 1
    last_mentioned: date | None = None
    evidence_turn: int = 1
    session_pk: int = 0
    session_date: date | None = None
    value: str = ""  # the structured value ("160", "150/95"), "" when none was extracted
    unit: str = ""
    entity_zh: str = ""  # the entity's stored Chinese name, "" when none
    # Structured slots when the store has them (vitals systolic/diastolic, dose
    # value/unit/frequency/route); empty otherwise. Readers use .get() only.
    slots: Mapping[str, Any] = field(default_factory=dict, compare=False)
    # A clinician edited the record: its value may differ from the quoted words,
    # and every rendering says why.
    corrected: bool = False

    @property
    def excluded(self) -> bool:
        """A clinician marked it refuted / entered in error: shown, never relied on."""
        return not in_force(self.verification)


@dataclass(frozen=True)
class EvidenceItem:
    role: str
    fact: FactView | None = None
    # Raw dialogue for source/fallback items ("speaker: text" lines).
    text: str = ""
    session_id: str = ""
    session_date: date | None = None
    subject: str = "patient"
    # Labels the renderer prints after the line: "current", "superseded", "latest"...
    marks: tuple[str, ...] = ()
    unit: str = ""  # retrieval unit key ("chain:12" / "fact:40"), "" for raw text
    is_anchor: bool = False  # the chain's record that applies at the asked time

    @property
    def fact_id(self) -> int | None:
        return self.fact.fact_id if self.fact else None


@dataclass(frozen=True)
class PendingSession:
    """A session of the patient whose facts are not (fully) in memory.

    kind "not_in_memory": failed, or not yet constructed; kind "rule_fallback":
    the LLM extraction failed and the rule extractor constructed it instead.
    Either stays listed until a clinician dismisses it with a reason.
    """

    external_id: str
    status: str
    kind: str = "not_in_memory"
    date: date | None = None
    reason: str = ""


@dataclass(frozen=True)
class ProfileData:
    """What the L3 profile shows; rendered by memory.domain.render.profile_text."""

    cutoff: date | None
    at: date | None
    safety: tuple[FactView, ...] = ()
    diagnoses: tuple[tuple[FactView, tuple[str, ...]], ...] = ()
    active_meds: tuple[tuple[FactView, tuple[str, ...]], ...] = ()
    stopped_meds: tuple[tuple[FactView, tuple[str, ...]], ...] = ()
    preferences: tuple[FactView, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)
    pending: tuple[PendingSession, ...] = ()
    # `safety` grouped one row per substance / procedure (memory.domain.safety_rows):
    # how the profile text lists them; every fact of `safety` is on one row.
    safety_rows: tuple[SafetyRow[FactView], ...] = ()

    @property
    def not_in_memory(self) -> tuple[PendingSession, ...]:
        return tuple(p for p in self.pending if p.kind == "not_in_memory")
