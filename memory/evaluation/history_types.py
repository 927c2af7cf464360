"""The shapes of a development history: its sessions, its questions, the question kinds.

Apart from memory.evaluation.histories (which assembles histories) so that the
question builder and the metrics read these types without importing the assembler.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from memory.domain.types import ParsedSession, Turn
from memory.evaluation import gold as g
from memory.evaluation.splits import PARTS

KINDS = ("current", "state_on_date", "history", "safety", "relatives")


@dataclass(frozen=True)
class HistorySession:
    external_id: str
    subject: str  # gold: patient | mixed | relative | general
    turns: tuple[Turn, ...]
    day: date | None = None
    title: str = ""
    source: str = ""  # dataset and record id
    relative_items: frozenset[str] = frozenset()  # canonical entities that are a relative's
    note: str = ""  # the reference note (ACI) or section text (MTS) written from it


@dataclass(frozen=True)
class Question:
    qid: str
    kind: str  # one of KINDS
    text: str
    gold: tuple[g.GoldItem, ...]  # must appear in the reader context (traps: must not)
    gold_session: str = ""  # external id of the session whose note gives the gold
    safety_kind: str = ""  # allergy | surgical_history for safety questions


@dataclass
class History:
    patient_id: str
    name: str
    sessions: list[HistorySession] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    part: str = PARTS[0]  # splits.TUNE | splits.CHECK: the part of every record it shows

    def parsed(self) -> list[ParsedSession]:
        return [
            ParsedSession(
                external_id=s.external_id, date=s.day, turns=s.turns, title=s.title,
                patient_id=self.patient_id, patient_name=self.name, source=s.source,
            )
            for s in self.sessions
        ]  # fmt: skip

    def by_id(self) -> dict[str, HistorySession]:
        return {s.external_id: s for s in self.sessions}
