"""Code systems and value maps of the FHIR export (IPS-style patient summary).

Kept apart from the builders so a reviewer can check every clinical mapping
in one place: how MedGraph statuses, verifications and relations become FHIR
codes.
"""

from __future__ import annotations

from typing import Any

LOINC = "http://loinc.org"
ROLE_CODE = "http://terminology.hl7.org/CodeSystem/v3-RoleCode"
ALLERGY_CLINICAL = "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical"
ALLERGY_VERIFICATION = "http://terminology.hl7.org/CodeSystem/allergyintolerance-verification"
CONDITION_CLINICAL = "http://terminology.hl7.org/CodeSystem/condition-clinical"
CONDITION_VERIFICATION = "http://terminology.hl7.org/CodeSystem/condition-ver-status"
CONDITION_CATEGORY = "http://terminology.hl7.org/CodeSystem/condition-category"
OBSERVATION_CATEGORY = "http://terminology.hl7.org/CodeSystem/observation-category"
FLAG_CATEGORY = "http://terminology.hl7.org/CodeSystem/flag-category"
LIST_EMPTY_REASON = "http://terminology.hl7.org/CodeSystem/list-empty-reason"
# IPS "absent or unknown" codes: the IPS way of saying "no known allergies".
IPS_ABSENT = "http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips"
UCUM = "http://unitsofmeasure.org"
SESSION_SYSTEM = "urn:medgraph:session-turn"
PATIENT_SYSTEM = "urn:medgraph:patient"
BUNDLE_SYSTEM = "urn:medgraph:export"

# (title, LOINC code, LOINC display) of the Composition's sections, in IPS order.
SECTIONS: dict[str, tuple[str, str, str]] = {
    "allergies": ("Allergies and Intolerances", "48765-2", "Allergies and adverse reactions"),
    "medications": ("Medication Summary", "10160-0", "History of Medication use"),
    "problems": ("Problem List", "11450-4", "Problem list - Reported"),
    "results": ("Results", "30954-2", "Relevant diagnostic tests/laboratory data"),
    "alerts": ("Alerts", "104605-1", "Alert"),
    "procedures": ("History of Procedures", "47519-4", "History of Procedures"),
    "family": ("Family History", "10157-6", "History of family member diseases"),
}

# MedGraph canonical relation (memory.domain.subjects.RELATIONS) -> v3-RoleCode.
RELATION_CODES: dict[str, tuple[str, str]] = {
    "father": ("FTH", "father"),
    "mother": ("MTH", "mother"),
    "son": ("SON", "natural son"),
    "daughter": ("DAU", "natural daughter"),
    "child": ("CHILD", "child"),
    "wife": ("WIFE", "wife"),
    "husband": ("HUSB", "husband"),
    "spouse": ("SPS", "spouse"),
    "brother": ("BRO", "brother"),
    "sister": ("SIS", "sister"),
    "sibling": ("SIB", "sibling"),
    "grandfather": ("GRFTH", "grandfather"),
    "grandmother": ("GRMTH", "grandmother"),
    "grandchild": ("GRNDCHILD", "grandchild"),
    "uncle": ("UNCLE", "uncle"),
    "aunt": ("AUNT", "aunt"),
    "cousin": ("COUSN", "cousin"),
    "parent": ("PRN", "parent"),
}
FAMILY_MEMBER = ("FAMMEMB", "family member")

# MedGraph medication status of the chain's current record -> MedicationStatement.status (R4).
MEDICATION_STATUS: dict[str, str] = {
    "active": "active",
    "dose_changed": "active",
    "stopped": "stopped",
    "planned": "intended",
}

# Clinician verification of a fact -> AllergyIntolerance.verificationStatus.
ALLERGY_VERIFICATIONS: dict[str, str] = {
    "unconfirmed": "unconfirmed",
    "confirmed": "confirmed",
    "refuted": "refuted",
    "entered_in_error": "entered-in-error",
}

# Words that make an allergy's criticality "high" (anaphylaxis, severe reactions).
HIGH_CRITICALITY_WORDS: tuple[str, ...] = (
    "anaphyla", "severe", "life-threatening", "angioedema", "stevens-johnson", "shock",
    "过敏性休克", "休克", "严重", "喉头水肿", "呼吸困难",
)  # fmt: skip


def coding(system: str, code: str, display: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"system": system, "code": code}
    if display:
        out["display"] = display
    return out


def concept(system: str, code: str, display: str | None = None) -> dict[str, Any]:
    return {"coding": [coding(system, code, display)]}


def text_concept(text: str) -> dict[str, Any]:
    return {"text": text}


def relationship(relation: str) -> dict[str, Any]:
    code, display = RELATION_CODES.get(relation, FAMILY_MEMBER)
    return concept(ROLE_CODE, code, display)
