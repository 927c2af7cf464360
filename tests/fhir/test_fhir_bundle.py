"""The IPS-style FHIR document Bundle: structure, statuses, attribution, provenance."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from memory.actions.corrections import set_verification
from memory.fhir import build_bundle, validate_bundle
from memory.models import Fact

pytestmark = pytest.mark.django_db


def resources(bundle: dict, kind: str) -> list[dict]:
    return [e["resource"] for e in bundle["entry"] if e["resource"]["resourceType"] == kind]


def text_of(resource: dict) -> str:
    return json.dumps(resource, ensure_ascii=False)


def code(concept: dict) -> str:
    return concept["coding"][0]["code"]


@pytest.fixture
def bundle(graph) -> dict:
    return build_bundle(graph)


def test_bundle_validates_as_fhir_r4(bundle):
    assert validate_bundle(bundle, "R4").type == "document"


def test_r5_variant_validates_with_the_default_fhir_resources_bundle(graph):
    from fhir.resources.bundle import Bundle

    assert Bundle.model_validate(build_bundle(graph, version="R5")).type == "document"


def test_composition_comes_first_with_the_ips_sections(bundle):
    composition = bundle["entry"][0]["resource"]
    titles = [s["title"] for s in composition["section"]]
    assert composition["resourceType"] == "Composition"
    assert titles[:4] == ["Allergies and Intolerances", "Medication Summary", "Problem List",
                          "Results"] and titles[-1] == "Family History"  # fmt: skip


def test_every_section_entry_resolves_to_a_bundle_entry(bundle):
    urls = {e["fullUrl"] for e in bundle["entry"]}
    refs = [r["reference"] for s in bundle["entry"][0]["resource"]["section"]
            for r in s.get("entry", [])]  # fmt: skip
    assert refs and set(refs) <= urls


def test_stopped_medication_is_exported_stopped_with_its_period(bundle):
    amlodipine = next(m for m in resources(bundle, "MedicationStatement")
                      if m["medicationCodeableConcept"]["text"] == "amlodipine")  # fmt: skip
    assert (amlodipine["status"], amlodipine["effectivePeriod"]) == (
        "stopped",
        {"start": "2024-01-08", "end": "2024-03-01"},
    )


def test_planned_medication_is_intended(bundle):
    statuses = {m["medicationCodeableConcept"]["text"]: m["status"]
                for m in resources(bundle, "MedicationStatement")}  # fmt: skip
    assert statuses["losartan"] == "intended"


def test_relatives_facts_appear_only_in_family_member_history(bundle):
    shared = ("FamilyMemberHistory", "Composition", "Provenance")
    own = [r for r in (e["resource"] for e in bundle["entry"]) if r["resourceType"] not in shared]
    assert not any("metformin" in text_of(r) or "diabetes" in text_of(r) for r in own)


def test_father_is_coded_fth_with_his_condition(bundle):
    (father,) = resources(bundle, "FamilyMemberHistory")
    assert code(father["relationship"]) == "FTH"
    assert father["condition"][0]["code"]["text"] == "diabetes"


def test_severe_allergy_has_high_criticality(bundle):
    penicillin = next(a for a in resources(bundle, "AllergyIntolerance")
                      if a["code"].get("text") == "penicillin")  # fmt: skip
    assert penicillin["criticality"] == "high"


def test_no_known_allergies_uses_the_ips_absent_code(bundle):
    codes_ = [a["code"]["coding"][0]["code"] for a in resources(bundle, "AllergyIntolerance")
              if "coding" in a["code"]]  # fmt: skip
    assert codes_ == ["no-known-allergies"]


def test_negated_named_allergen_is_refuted_not_dropped(bundle):
    sulfa = next(a for a in resources(bundle, "AllergyIntolerance")
                 if "sulfonamide" in a["code"].get("text", ""))  # fmt: skip
    assert code(sulfa["verificationStatus"]) == "refuted"


def test_contraindication_is_an_alert_flag(bundle):
    (flag,) = resources(bundle, "Flag")
    assert flag["status"] == "active" and "ibuprofen" in flag["code"]["text"]


def test_surgical_history_is_a_procedure_with_year_precision(bundle):
    (surgery,) = resources(bundle, "Procedure")
    assert surgery["performedDateTime"] == "2010"


def test_numeric_reading_is_a_quantity_with_unit(bundle):
    glucose = [o["valueQuantity"] for o in resources(bundle, "Observation") if "valueQuantity" in o]
    assert {"value": 6.1, "unit": "mmol/L", "system": "http://unitsofmeasure.org",
            "code": "mmol/L"} in glucose  # fmt: skip


def test_blood_pressure_is_a_string_value(bundle):
    bp = next(o for o in resources(bundle, "Observation") if o["code"]["text"] == "blood pressure")
    assert (bp["valueString"], bp["effectiveDateTime"]) == ("150/95", "2024-01-08")


def test_condition_chain_is_active_and_confirmed(bundle):
    (hypertension,) = resources(bundle, "Condition")
    statuses = code(hypertension["clinicalStatus"]), code(hypertension["verificationStatus"])
    assert statuses == ("active", "confirmed")


def test_every_resource_has_provenance_naming_session_and_turn(bundle):
    provenances = resources(bundle, "Provenance")
    targets = {p["target"][0]["reference"] for p in provenances}
    software = ("Provenance", "Patient", "Device")
    clinical = [e["fullUrl"] for e in bundle["entry"][1:]
                if e["resource"]["resourceType"] not in software]  # fmt: skip
    values = {e["what"]["identifier"]["value"] for p in provenances for e in p["entity"]}
    assert set(clinical) == targets and "p-fhir/s2#turn-4" in values


def test_refuted_allergy_is_exported_as_refuted(graph):
    fact = Fact.objects.get(patient=graph, entity__name="penicillin")
    set_verification(fact, "refuted", actor=None, reason="skin test negative", channel="cli")
    allergy = next(a for a in resources(build_bundle(graph), "AllergyIntolerance")
                   if a["code"].get("text") == "penicillin")  # fmt: skip
    assert code(allergy["verificationStatus"]) == "refuted"


def test_entered_in_error_allergy_has_no_clinical_status(graph):
    fact = Fact.objects.get(patient=graph, entity__name="penicillin")
    set_verification(fact, "entered_in_error", actor=None, reason="wrong chart", channel="cli")
    bundle = build_bundle(graph)
    allergy = next(a for a in resources(bundle, "AllergyIntolerance")
                   if a["code"].get("text") == "penicillin")  # fmt: skip
    assert "clinicalStatus" not in allergy and validate_bundle(bundle)


def test_export_command_writes_a_valid_bundle_file(graph, tmp_path):
    out = tmp_path / "bundle.json"
    call_command("export", "--patient", "p-fhir", "--format", "fhir", "--output", str(out))
    assert validate_bundle(json.loads(out.read_text())).entry[0].resource.title.endswith("p-fhir")


def test_export_command_rejects_an_unknown_patient():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="unknown patient"):
        call_command("export", "--patient", "nobody", "--format", "fhir")
