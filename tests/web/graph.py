"""A small, precise patient graph built through the real write path.

Shared by the view tests and the browser tests.
"""

from __future__ import annotations

from django.db import transaction

from memory.actions.graph import apply_extraction
from memory.actions.imports import store_sessions
from memory.actions.index import index_session
from memory.actions.sessions import do_start_extraction
from memory.domain.types import ExtractedFact, Extraction
from memory.extraction.base import ExtractionResult
from memory.importing import parse_text
from memory.models import Patient, Session

VISIT_1 = """Date: 2024-01-08
Patient: I have had headaches for a month.
Doctor: Your blood pressure is 156/98. Any allergies?
Patient: I am allergic to penicillin, I get a rash.
Doctor: Start amlodipine 5 mg once a day.
Patient: My father takes indapamide for his blood pressure.
"""
VISIT_2 = """Date: 2024-03-18
Patient: The headaches are better.
Doctor: Blood pressure today 138/86. Increase amlodipine to 10 mg.
Patient: OK.
"""


def fact(type_: str, content: str, **kw: object) -> ExtractedFact:
    return ExtractedFact(type=type_, subject=kw.pop("subject", "patient"), content=content, **kw)


FIRST = (
    fact("safety", "Allergic to penicillin (rash)", entity="penicillin",
         safety_kind="allergy", evidence_turn=3),
    fact("medication_status", "Amlodipine 5 mg once daily started", entity="amlodipine",
         status="active", value="5", unit="mg", evidence_turn=4),
    fact("vital", "Blood pressure 156/98 mmHg", entity="blood pressure", value="156/98",
         unit="mmHg", evidence_turn=2),
    fact("medication_status", "Father takes indapamide", entity="indapamide",
         status="active", subject="family:father", evidence_turn=5),
    fact("symptom", "Headache for a month", entity="headache", evidence_turn=1),
)  # fmt: skip
SECOND = (
    fact("medication_status", "Amlodipine increased from 5 mg to 10 mg", entity="amlodipine",
         status="dose_changed", value="10", unit="mg", evidence_turn=2),
    fact("vital", "Blood pressure 138/86 mmHg", entity="blood pressure", value="138/86",
         unit="mmHg", evidence_turn=2),
)  # fmt: skip


def _apply(session: Session, facts: tuple[ExtractedFact, ...]) -> None:
    result = ExtractionResult(
        extraction=Extraction(session_subject="mixed", facts=facts),
        extractor="rules",
        model="hand-built",
        prompt_version="",
    )
    do_start_extraction(session.pk)  # as memory.pipeline.construction does: start, write, index
    with transaction.atomic():
        created = apply_extraction(session, result)
        index_session(session, created)


def build_patient(clinician) -> Patient:
    """Patient p1: two visits, a penicillin allergy, an amlodipine dose change, a BP chain,
    and the father's indapamide under his own person node."""
    parsed = parse_text(VISIT_1, "v1.txt", patient_id="p1") + parse_text(
        VISIT_2, "v2.txt", patient_id="p1"
    )
    report = store_sessions(parsed)
    _apply(report.stored[0], FIRST)
    _apply(report.stored[1], SECOND)
    patient = Patient.objects.get(external_id="p1")
    patient.display_name = "Wang Jianguo"
    patient.save()
    patient.care_team.add(clinician)
    return patient
