"""Medication–safety conflicts: detection, the alert, API/FHIR flags, and resolution."""

from __future__ import annotations

import pytest
from django.urls import reverse

from memory.actions.imports import store_sessions
from memory.fhir.bundle import build_bundle, validate_bundle
from memory.importing import parse_text
from memory.models import AuditEvent, ConflictResolution, Fact
from memory.queries.conflicts import conflicts_for
from tests.web.graph import _apply, fact

pytestmark = pytest.mark.django_db

AMLODIPINE_ALLERGY = (
    fact("safety", "Allergic to amlodipine (hives)", entity="amlodipine",
         safety_kind="allergy", evidence_turn=3),
)  # fmt: skip


VISIT_3 = """Date: 2024-05-02
Patient: I broke out in hives after the new pills.
Doctor: That sounds like an allergy to amlodipine.
Patient: Yes, I am allergic to amlodipine, I get hives.
"""


def _allergic(patient) -> Fact:
    """A third visit recording an allergy to the drug the patient takes."""
    report = store_sessions(parse_text(VISIT_3, "v3.txt", patient_id="p1"))
    _apply(report.stored[0], AMLODIPINE_ALLERGY)
    return Fact.objects.get(patient=patient, content__startswith="Allergic to amlodipine")


def test_allergy_to_an_active_drug_is_a_conflict(patient):
    assert conflicts_for(patient) == []  # penicillin allergy, no penicillin in use
    allergy = _allergic(patient)
    (conflict,) = conflicts_for(patient)
    assert conflict.safety == allergy and conflict.medication.status == "dose_changed"
    assert conflict.basis == "same drug" and conflict.is_open


def test_relatives_drugs_never_conflict_with_the_patients_allergy(patient):
    report = store_sessions(parse_text(VISIT_3, "v3.txt", patient_id="p1"))
    _apply(report.stored[0], (fact("safety", "Allergic to indapamide", entity="indapamide",
                                   safety_kind="allergy", evidence_turn=3),))  # fmt: skip
    assert conflicts_for(patient) == []  # indapamide is the father's drug


def test_overview_alert_and_resolution_by_stopping(client_in, patient):
    allergy = _allergic(patient)
    body = client_in.get(reverse("patient-overview", args=["p1"])).content.decode()
    assert "conflict-banner" in body and "conflict-flag" in body
    (conflict,) = conflicts_for(patient)
    url = reverse("conflict-resolve", args=["p1", conflict.medication.pk, allergy.pk])
    missing = client_in.post(url, {"action": "stop", "reason": ""}, HTTP_HX_REQUEST="true")
    assert missing.status_code == 422 and "A reason is required." in missing.content.decode()
    done = client_in.post(url, {"action": "stop", "reason": "switch drug"}, HTTP_HX_REQUEST="true")
    assert done.status_code == 200 and "conflict-banner" not in done.content.decode()
    assert conflicts_for(patient) == []
    assert Fact.objects.get(pk=conflict.medication.pk).status == "stopped"
    event = AuditEvent.objects.get(action="conflict.resolve")
    assert event.reason == "switch drug" and event.before["substance"] == "amlodipine"


def test_acknowledged_conflict_stays_listed_as_acknowledged(client_in, patient):
    allergy = _allergic(patient)
    (conflict,) = conflicts_for(patient)
    url = reverse("conflict-resolve", args=["p1", conflict.medication.pk, allergy.pk])
    client_in.post(url, {"action": "acknowledge", "reason": "tolerated for years"})
    (still,) = conflicts_for(patient)
    assert not still.is_open and still.acknowledged.reason == "tolerated for years"
    body = client_in.get(reverse("patient-overview", args=["p1"])).content.decode()
    assert "all-acknowledged" in body and "tolerated for years" in body
    assert ConflictResolution.objects.count() == 1


def test_refuting_the_allergy_clears_the_conflict_but_keeps_the_allergy(client_in, patient):
    allergy = _allergic(patient)
    (conflict,) = conflicts_for(patient)
    url = reverse("conflict-resolve", args=["p1", conflict.medication.pk, allergy.pk])
    client_in.post(url, {"action": "refute", "reason": "skin test negative"})
    allergy.refresh_from_db()
    assert allergy.verification == "refuted" and conflicts_for(patient) == []


def test_api_facts_and_profile_carry_the_conflict_flag(client_in, patient):
    allergy = _allergic(patient)
    facts = client_in.get("/api/patients/p1/facts/", {"type": "safety"}).json()
    rows = facts["results"] if isinstance(facts, dict) else facts
    flagged = next(r for r in rows if r["id"] == allergy.pk)
    assert flagged["conflicts"][0]["drug"] == "amlodipine"
    profile = client_in.get("/api/patients/p1/profile/").json()
    assert profile["conflicts"][0]["basis"] == "same drug"


def test_fhir_export_has_a_flag_for_the_conflict(patient):
    _allergic(patient)
    bundle = build_bundle(patient)
    flags = [e["resource"] for e in bundle["entry"] if e["resource"]["resourceType"] == "Flag"]
    assert any("Medication–safety conflict: amlodipine" in f["code"]["text"] for f in flags)
    validate_bundle(bundle)  # raises on an invalid resource


def test_one_penicillin_family_allergy_counts_once_on_the_list(client_in, patient):
    report = store_sessions(parse_text(VISIT_3, "v3.txt", patient_id="p1"))
    _apply(report.stored[0], (fact("safety", "Amoxicillin gave me a rash", entity="amoxicillin",
                                   safety_kind="allergy", evidence_turn=3),))  # fmt: skip
    body = client_in.get(reverse("patient-list")).content.decode()
    assert "1 allergy" in body and "penicillins" in body


def test_api_ask_answer_carries_the_conflict_flag(client_in, patient):
    allergy = _allergic(patient)
    body = client_in.post(
        "/api/patients/p1/ask/", {"question": "Can he keep taking amlodipine?"},
        content_type="application/json",
    ).json()  # fmt: skip
    assert [c["safety_fact"] for c in body["conflicts"]] == [allergy.pk]
