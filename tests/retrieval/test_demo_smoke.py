"""Smoke test: demo sessions through import + construct (rule extractor) + ask.

The sessions are those the safety and relatives questions hinge on (the
patient's penicillin allergy, the father's indapamide, the son's asthma, the
mother's insulin) plus the patient's first visit, so the folder stays
fast; all 18 demo questions are asked against them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory.actions.imports import store_sessions
from memory.answering import answer
from memory.importing import parse_paths
from memory.models import Fact, Patient, Session
from memory.pipeline.construction import construct_pending

DEMO = Path(__file__).resolve().parents[2] / "memory" / "fixtures" / "demo"
SESSIONS = {"s01", "s02", "s04", "s11", "s16", "s20"}
PATIENT = "retrieval-smoke-demo"  # its own id: never collides with other tests' demo-001


@pytest.fixture(scope="module")
def demo_answers(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        parsed = [s for s in parse_paths([DEMO / "demo_patient.json"]) if s.external_id in SESSIONS]
        _remove()
        report = store_sessions(parsed, patient_id=PATIENT)
        construct_pending(report.stored[-1].pk)
        questions = json.loads((DEMO / "questions.json").read_text())["questions"]
        answers = {q["id"]: answer(PATIENT, q["question"]).to_payload() for q in questions}
        father = set(
            Fact.objects.filter(
                patient__external_id=PATIENT, subject__key="family:father"
            ).values_list("pk", flat=True)
        )
        yield answers, father
        _remove()


def _remove() -> None:
    # Sessions first: their facts go with them (a Person is protected by its facts).
    Session.objects.filter(patient__external_id=PATIENT).delete()
    Patient.objects.filter(external_id=PATIENT).delete()


def test_every_demo_question_is_answered(demo_answers) -> None:
    answers, _ = demo_answers
    assert len(answers) == 18 and all(a["answer"] for a in answers.values())


def test_patients_penicillin_allergy_is_in_every_profile(demo_answers) -> None:
    answers, _ = demo_answers
    assert all("penicillin" in a["profile"].lower() for a in answers.values())


def test_fathers_indapamide_never_appears_in_evidence(demo_answers) -> None:
    answers, father = demo_answers
    assert father  # the extractor did attribute the father's drugs to him
    cited = {i["fact_id"] for a in answers.values() for i in a["evidence"]}
    assert cited & father == set()


def test_no_relatives_fact_in_any_evidence(demo_answers) -> None:
    answers, _ = demo_answers
    subjects = {i["subject"] for a in answers.values() for i in a["evidence"] if i["fact_id"]}
    assert subjects == {"patient"}


def test_amoxicillin_question_is_answered_with_the_penicillin_allergy(demo_answers) -> None:
    answers, _ = demo_answers
    first = answers["q01"]["answer"].splitlines()[0]
    assert first.startswith("CAUTION") and "penicillin" in first
