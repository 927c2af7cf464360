"""The export lists an allergy said in several visits as one AllergyIntolerance."""

from __future__ import annotations

import pytest

from memory.actions.imports import store_sessions
from memory.fhir.bundle import build_bundle, validate_bundle
from memory.importing import parse_text
from tests.web.graph import _apply, build_patient, fact

pytestmark = pytest.mark.django_db

LATER = """Date: 2024-05-02
Doctor: Any reactions to medicines?
Patient: Penicillin, it still brings me out in a rash.
"""
LATER_DENIED = """Date: 2024-05-02
Doctor: Any reactions to medicines?
Patient: None at all, penicillin was fine when I had it last winter.
"""


def _bundle(clinician, visit: str, assertion: str = "present") -> dict:
    patient = build_patient(clinician)  # visit 1 records a penicillin allergy
    report = store_sessions(parse_text(visit, "v3.txt", patient_id="p1"))
    _apply(report.stored[0], (fact("safety", "Penicillin rash", entity="penicillin",
                                   safety_kind="allergy", assertion=assertion,
                                   evidence_turn=2),))  # fmt: skip
    return build_bundle(patient)


def _allergies(bundle: dict) -> list[dict]:
    resources = [e["resource"] for e in bundle["entry"]]
    return [r for r in resources if r["resourceType"] == "AllergyIntolerance"]


def test_an_allergy_said_in_two_visits_is_one_allergy_intolerance(clinician):
    assert len(_allergies(_bundle(clinician, LATER))) == 1


def test_the_allergy_keeps_each_statement_as_a_note(clinician):
    (found,) = _allergies(_bundle(clinician, LATER))
    assert len(found["note"]) == 2


def test_the_allergy_is_recorded_on_its_latest_mention(clinician):
    (found,) = _allergies(_bundle(clinician, LATER))
    assert found["recordedDate"] == "2024-05-02"


def test_an_allergy_stated_then_denied_stays_active(clinician):
    (found,) = _allergies(_bundle(clinician, LATER_DENIED, assertion="negated"))
    assert found["clinicalStatus"]["coding"][0]["code"] == "active"


def test_an_allergy_stated_then_denied_notes_the_denial_for_a_clinician(clinician):
    (found,) = _allergies(_bundle(clinician, LATER_DENIED, assertion="negated"))
    assert any("denied on 2024-05-02" in note["text"] for note in found["note"])


def test_the_grouped_export_is_a_valid_bundle(clinician):
    validate_bundle(_bundle(clinician, LATER_DENIED, assertion="negated"))


ON_AMOXICILLIN = """Date: 2024-06-10
Doctor: For the ear infection, take amoxicillin three times a day.
Patient: Fine.
"""


def test_the_conflict_flag_names_the_path_from_allergy_to_drug(clinician):
    patient = build_patient(clinician)  # visit 1 records a penicillin allergy
    report = store_sessions(parse_text(ON_AMOXICILLIN, "v4.txt", patient_id="p1"))
    taking = fact("medication_status", "Amoxicillin three times a day", entity="amoxicillin",
                  status="active", evidence_turn=1)  # fmt: skip
    _apply(report.stored[0], (taking,))
    flags = [e["resource"]["code"]["text"] for e in build_bundle(patient)["entry"]
             if e["resource"]["resourceType"] == "Flag"]  # fmt: skip
    assert any("penicillin allergy → penicillins → amoxicillin" in text for text in flags)
