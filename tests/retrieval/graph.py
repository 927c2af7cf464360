"""Build patient graphs through the real write path (memory.actions.graph.apply_extraction).

No mocks: sessions and turns are stored as L1 rows, turn pairs are indexed by
memory.indexing, and every fact goes through apply_extraction exactly as a
constructed session's would.
"""

from __future__ import annotations

from datetime import date

from memory.actions.graph import apply_extraction
from memory.actions.imports import ensure_patient
from memory.actions.index import index_session
from memory.actions.sessions import do_start_extraction
from memory.domain.types import ExtractedFact, Extraction
from memory.extraction.base import ExtractionResult
from memory.models import Fact, Patient, Session, Turn


def fact(
    type_: str,
    entity: str | None,
    content: str,
    *,
    subject: str = "patient",
    status: str | None = None,
    when: str | None = None,
    safety_kind: str | None = None,
    turn: int = 1,
    causes: tuple[int, ...] = (),
    assertion: str = "present",
) -> ExtractedFact:
    return ExtractedFact(
        type=type_,
        subject=subject,
        entity=entity,
        content=content,
        status=status,
        date=when,
        safety_kind=safety_kind,
        evidence_turn=turn,
        causes=causes,
        assertion=assertion,
    )


class GraphBuilder:
    def __init__(self, patient_id: str = "p-retrieval") -> None:
        self.patient: Patient = ensure_patient(patient_id, "Test Patient")[0]
        self.seq = 0

    def session(
        self,
        day: date | None,
        facts: list[ExtractedFact],
        *,
        turns: tuple[str, ...] = (),
        subject: str = "patient",
        external_id: str | None = None,
    ) -> Session:
        """Store one session (its turns, or one turn per fact content) and write its facts."""
        self.seq += 1
        session = Session.objects.create(
            patient=self.patient,
            external_id=external_id or f"s{self.seq:02d}",
            seq=self.seq,
            session_date=day,
        )
        lines = turns or tuple(f.content for f in facts) or ("...",)
        Turn.objects.bulk_create(
            Turn(session=session, index=i, speaker="patient" if i % 2 else "doctor", text=t)
            for i, t in enumerate(lines, start=1)
        )
        result = ExtractionResult(Extraction(subject, tuple(facts)), "rules", "test-graph", "")
        do_start_extraction(session.pk)
        created = apply_extraction(session, result)
        index_session(session, created)  # as construction does: turn pairs + new facts
        session.refresh_from_db()
        return session

    def facts(self, **filters: object) -> list[Fact]:
        return list(Fact.objects.filter(patient=self.patient, **filters).order_by("id"))


def llm_reader(base_url: str):  # type: ignore[no-untyped-def]
    """Settings that route the reader to the fake OpenAI server, one request per ask."""
    from django.test import override_settings

    return override_settings(
        LLM_BASE_URL=base_url, LLM_READER_MODEL="fake-reader", LLM_MAX_ATTEMPTS=1
    )
