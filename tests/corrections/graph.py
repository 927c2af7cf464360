"""A patient whose doses and readings carry slots, as the extractors write them.

Written through the real write path (store, apply_extraction, index). The facts'
wording says the numbers in words or with other spacing, so that a view showing
"79 mg" can only have taken it from the fact's stated quantity, never the quote.
"""

from __future__ import annotations

from memory.actions.graph import apply_extraction
from memory.actions.imports import store_sessions
from memory.actions.index import index_session
from memory.actions.sessions import do_start_extraction
from memory.domain.types import ExtractedFact, Extraction
from memory.extraction.base import ExtractionResult
from memory.importing import parse_text
from memory.models import Patient, Session

PATIENT = "p-corr"
F = ExtractedFact
METFORMIN = {"value": 79, "unit": "mg", "frequency": "twice daily", "route": "oral"}
VISITS: list[tuple[str, tuple[ExtractedFact, ...]]] = [
    (
        "2024-02-05",
        (
            F("medication_status", "patient", "metformin",
              "Takes metformin seventy-nine milligrams, morning and night, by mouth.",
              value="79", unit="mg", status="active", slots=METFORMIN, evidence_turn=2),
            F("lab_result", "patient", "total cholesterol",
              "Total cholesterol came back at three point four.",
              value="3.4", unit="mmol/L", slots={"value": 3.4, "unit": "mmol/L"},
              evidence_turn=2),
            F("vital", "patient", "blood pressure", "Pressure one fifty over ninety-five.",
              value="150/95", unit="mmHg",
              slots={"systolic": 150, "diastolic": 95, "unit": "mmHg"}, evidence_turn=2),
        ),
    ),
    (
        "2024-05-13",
        (
            F("vital", "patient", "blood pressure", "Pressure one forty-two over eighty-eight.",
              value="142/88", unit="mmHg",
              slots={"systolic": 142, "diastolic": 88, "unit": "mmHg"}, evidence_turn=2),
            F("lab_result", "patient", "total cholesterol",
              "Total cholesterol now four point one.",
              value="4.1", unit="mmol/L", slots={"value": 4.1, "unit": "mmol/L"},
              evidence_turn=2),
        ),
    ),
]  # fmt: skip


def _transcript(day: str) -> str:
    return (
        f"Date: {day}\nDoctor: How is the sugar and the pressure?\n"
        "Patient: I take my tablets, the pressure is better.\n"
        "Doctor: We checked your cholesterol and pressure.\n"
    )


def build_patient(external_id: str = PATIENT) -> Patient:
    for n, (day, facts) in enumerate(VISITS, start=1):
        parsed = parse_text(_transcript(day), f"v{n}.txt", patient_id=external_id)
        report = store_sessions(parsed, external_id, channel="cli")
        session = Session.objects.get(pk=report.stored[0].pk)
        result = ExtractionResult(
            extraction=Extraction("patient", facts),
            extractor="rules",
            model="test-graph",
            prompt_version="",
        )
        do_start_extraction(session.pk)  # as construction does: start, write, index
        index_session(session, apply_extraction(session, result))
    return Patient.objects.get(external_id=external_id)
