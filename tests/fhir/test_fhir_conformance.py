"""FHIR conformance: UCUM quantities, drug and LOINC codes, a Device author, fhir+json."""

from __future__ import annotations

import pytest

from memory.fhir import build_bundle, validate_bundle
from memory.fhir.bundle import profile_problems

pytestmark = pytest.mark.django_db


def resources(bundle: dict, kind: str) -> list[dict]:
    return [e["resource"] for e in bundle["entry"] if e["resource"]["resourceType"] == kind]


@pytest.mark.parametrize("version", ["R4", "R5"])
def test_bundle_passes_the_models_and_the_profile_rules(graph, version):
    bundle = build_bundle(graph, version=version)
    validate_bundle(bundle, version)
    assert profile_problems(bundle) == []


def test_every_quantity_is_ucum_coded(graph):
    bundle = build_bundle(graph)
    quantities = [r["valueQuantity"] for r in resources(bundle, "Observation")
                  if "valueQuantity" in r]  # fmt: skip
    assert quantities
    assert all(q["system"] == "http://unitsofmeasure.org" for q in quantities)
    glucose = next(q for q in quantities if q.get("unit") == "mmol/L")
    assert glucose["code"] == "mmol/L"


def test_drugs_carry_dictionary_codes_and_keep_their_text(graph):
    bundle = build_bundle(graph)
    amlodipine = next(r["medicationCodeableConcept"] for r in resources(bundle,
                      "MedicationStatement") if r["medicationCodeableConcept"]["text"]
                      .casefold() == "amlodipine")  # fmt: skip
    systems = {c["system"]: c["code"] for c in amlodipine["coding"]}
    assert systems["https://go.drugbank.com/drugs"] == "DB00381"


def test_measurements_carry_loinc_when_known(graph):
    codes = [r["code"] for r in resources(build_bundle(graph), "Observation")]
    glucose = next(c for c in codes if "glucose" in c["text"].casefold())
    assert glucose["coding"][0]["system"] == "http://loinc.org", codes
    assert glucose["coding"][0]["code"] in ("1558-6", "2345-7", "2339-0")


def test_a_device_authors_the_composition_and_is_the_provenance_agent(graph):
    bundle = build_bundle(graph)
    device_url = next(e["fullUrl"] for e in bundle["entry"]
                      if e["resource"]["resourceType"] == "Device")  # fmt: skip
    assert bundle["entry"][0]["resource"]["author"][0]["reference"] == device_url
    agents = {p["agent"][0]["who"]["reference"] for p in resources(bundle, "Provenance")}
    assert agents == {device_url}


def test_section_with_a_foreign_code_is_a_profile_problem(graph):
    bundle = build_bundle(graph)
    bundle["entry"][0]["resource"]["section"][0]["code"]["coding"][0]["code"] = "0000-0"
    assert any("not an IPS LOINC section code" in p for p in profile_problems(bundle))
