"""Medication–safety conflicts as IPS Alerts (FHIR Flag), from the shared read model.

An active drug matching a recorded allergy or contraindication is exported
as an active Flag in the Alerts section; one a clinician acknowledged stays
exported, its text saying so, because a receiving system must see it too.
"""

from __future__ import annotations

from memory.fhir import codes
from memory.fhir.resources import Built
from memory.models import Patient
from memory.queries.conflicts import Conflict, conflicts_for, substance_of


def _text(conflict: Conflict) -> str:
    drug = conflict.medication.entity.name if conflict.medication.entity else ""
    text = (
        f"Medication–safety conflict: {drug} ({conflict.medication.status}) vs recorded "
        f"{conflict.safety.safety_kind} to {substance_of(conflict.safety)} "
        f"[{conflict.basis}: {conflict.via}]"
    )
    if conflict.path:
        text += f" — {conflict.path}"
    if conflict.acknowledged is not None:
        text += f" — acknowledged by a clinician: {conflict.acknowledged.reason}"
    return text


def conflict_flags(patient: Patient, patient_ref: dict[str, str]) -> list[Built]:
    out = []
    for conflict in conflicts_for(patient):
        text = _text(conflict)
        resource = {
            "resourceType": "Flag",
            "status": "active",
            "category": [codes.concept(codes.FLAG_CATEGORY, "drug", "Drug")],
            "code": {"text": text},
            "subject": patient_ref,
        }
        facts = [conflict.medication, *(conflict.statements or (conflict.safety,))]
        out.append(Built("alerts", resource, facts, text))
    return out
