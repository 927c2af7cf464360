"""The patient's allergies and operations in the export, one resource per safety row.

"Allergic to penicillin" said in three visits is one AllergyIntolerance, not
three (memory.domain.safety_rows), with every statement kept as a note and
as provenance, so nothing said is lost. A row stated present and later denied
exports as unconfirmed with the denial in a note: the disagreement stays for a
clinician to resolve, as on the overview.
"""

from __future__ import annotations

from memory.domain.safety_rows import SafetyRow
from memory.fhir import codes
from memory.fhir.resources import Built, allergy, procedure
from memory.models import Fact
from memory.queries.safety import fact_rows

GROUPED_KINDS = ("allergy", "surgical_history")


def _notes(row: SafetyRow[Fact]) -> list[dict[str, str]]:
    notes = []
    for fact in row.items:
        day = fact.session.session_date.isoformat() if fact.session.session_date else "undated"
        denied = " (denied)" if fact.assertion == "negated" else ""
        notes.append({"text": f"{day}, session {fact.session.external_id}{denied}: {fact.content}"})
    if row.is_conflicting and row.denied_on:
        notes.append({"text": f"Stated present and denied on {row.denied_on.isoformat()}: "
                              "to be resolved by a clinician."})  # fmt: skip
    return notes


def _basis(row: SafetyRow[Fact]) -> Fact:
    """The statement the resource's status follows: the latest present one in force,
    else the latest statement."""
    return row.present_items[-1] if row.present_items else row.latest_item


def row_resource(row: SafetyRow[Fact], ref: dict[str, str], version: str) -> Built:
    basis = _basis(row)
    if basis.safety_kind == "surgical_history":
        built = procedure(basis, ref, version)
    else:
        built = allergy(basis, ref)
        if row.is_conflicting:
            built.resource["verificationStatus"] = codes.concept(
                codes.ALLERGY_VERIFICATION, "unconfirmed"
            )
        if row.latest is not None:
            built.resource["recordedDate"] = row.latest.isoformat()
    built.resource["note"] = _notes(row)
    return Built(built.section, built.resource, list(row.items), built.line)


def safety_row_resources(facts: list[Fact], ref: dict[str, str], version: str) -> list[Built]:
    """One resource per allergy row and per procedure row of the patient's statements."""
    # Contraindications and interactions stay per-statement alerts (Flags).
    rows = fact_rows([f for f in facts if f.safety_kind in GROUPED_KINDS])
    return [row_resource(row, ref, version) for row in rows]
