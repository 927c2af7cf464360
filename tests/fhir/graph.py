"""A precise memory graph for export/API tests, written through the real write path.

Sessions are stored by memory.actions.imports and their facts applied by
memory.actions.graph.apply_extraction with a hand-written extraction, so the
graph does not depend on the rule extractor's recall.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from django.db.models import Max

from memory.actions.graph import apply_extraction
from memory.actions.imports import store_sessions
from memory.actions.index import index_session
from memory.actions.sessions import do_start_extraction
from memory.domain.types import ExtractedFact, Extraction
from memory.extraction.base import ExtractionResult
from memory.importing import parse_text
from memory.models import Patient, Session

PATIENT = "p-graph"

F = ExtractedFact
SESSIONS: list[tuple[str, str, str, tuple[ExtractedFact, ...]]] = [
    (
        "s1",
        "2024-01-08",
        "mixed",
        (
            F("safety", "patient", "penicillin", "Penicillin allergy: anaphylaxis in 2015.",
              safety_kind="allergy", evidence_turn=2),
            F("medication_status", "patient", "amlodipine", "Started amlodipine 5 mg daily.",
              value="5", unit="mg", status="active", evidence_turn=4),
            F("condition", "patient", "hypertension", "Diagnosed with hypertension.",
              status="confirmed", evidence_turn=4),
            F("vital", "patient", "blood pressure", "Blood pressure 150/95 mmHg.",
              value="150/95", unit="mmHg", evidence_turn=2),
            F("lab_result", "patient", "fasting glucose", "Fasting glucose 7.2 mmol/L.",
              value="7.2", unit="mmol/L", evidence_turn=2),
            F("condition", "family:father", "diabetes", "Father has type 2 diabetes.",
              status="confirmed", evidence_turn=2),
            F("medication_status", "family:father", "metformin", "Father takes metformin.",
              status="active", evidence_turn=2),
        ),
    ),
    (
        "s2",
        "2024-03-01",
        "patient",
        (
            F("medication_status", "patient", "amlodipine", "Stopped amlodipine (ankle oedema).",
              status="stopped", is_state_change=True, evidence_turn=2),
            F("safety", "patient", None, "No known drug allergies apart from penicillin.",
              safety_kind="allergy", assertion="negated", evidence_turn=2),
            F("safety", "patient", "sulfonamide", "Not allergic to sulfa drugs.",
              safety_kind="allergy", assertion="negated", evidence_turn=2),
            F("lab_result", "patient", "fasting glucose", "Fasting glucose 6.1 mmol/L.",
              value="6.1", unit="mmol/L", evidence_turn=2),
            F("safety", "patient", "ibuprofen", "Avoid ibuprofen: contraindicated with ulcer.",
              safety_kind="contraindication", evidence_turn=4),
            F("safety", "patient", "appendectomy", "Appendectomy in 2010.",
              safety_kind="surgical_history", date="2010-01-01", date_precision="year",
              evidence_turn=4),
            F("medication_status", "patient", "losartan", "Plan to start losartan 50 mg.",
              status="planned", evidence_turn=4),
        ),
    ),
]  # fmt: skip


def _transcript(date: str) -> str:
    return (
        f"Date: {date}\nDoctor: How are you?\nPatient: Blood pressure high, my father has "
        "diabetes.\nDoctor: Any allergies or surgery?\nPatient: Penicillin, appendix out.\n"
    )


def build_graph(external_id: str = PATIENT) -> Patient:
    for name, date, subject, facts in SESSIONS:
        parsed = parse_text(_transcript(date), f"{name}.txt", patient_id=external_id)
        report = store_sessions(parsed, external_id, channel="cli")
        session = Session.objects.get(pk=report.stored[0].pk)
        result = ExtractionResult(
            extraction=Extraction(subject, tuple(replace(f) for f in facts)),
            extractor="rules",
            model="test-graph",
            prompt_version="",
        )
        # As construction does: start, the write layer stores, the index step follows.
        do_start_extraction(session.pk)
        index_session(session, apply_extraction(session, result))
    return Patient.objects.get(external_id=external_id)


@contextmanager
def committed_graph(django_db_blocker, external_id: str) -> Iterator[Patient]:
    """Build the graph once for a whole module (embedding it is the slow part),
    committed, and remove every row it added afterwards so that other test
    modules sharing the database never see it."""
    from memory.models import AuditEvent, Chain, Entity, Fact, IndexState

    with django_db_blocker.unblock():
        last_entity = Entity.objects.aggregate(m=Max("id"))["m"] or 0
        had_index_state = IndexState.objects.exists()
        last_audit = AuditEvent.objects.aggregate(m=Max("id"))["m"] or 0
        patient = build_graph(external_id)
    try:
        yield patient
    finally:
        with django_db_blocker.unblock():
            # Facts protect their Person, chains their Entity: delete in that order.
            Fact.objects.filter(patient__external_id=external_id).delete()
            Chain.objects.filter(patient__external_id=external_id).delete()
            Patient.objects.filter(external_id=external_id).delete()
            AuditEvent.objects.filter(id__gt=last_audit).delete()
            Entity.objects.filter(id__gt=last_entity).delete()
            if not had_index_state:
                IndexState.objects.all().delete()
