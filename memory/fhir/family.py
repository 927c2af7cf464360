"""FamilyMemberHistory: the ONLY place a relative's health facts are exported.

docs/design.md §1 failure cause 2: a relative's facts must never be mixed into the
patient's. They never become Condition/MedicationStatement resources about the
patient; each relative (a `family:<relation>` Person) becomes one
FamilyMemberHistory whose conditions are that relative's condition records
and whose other facts (drugs, readings) are notes.
"""

from __future__ import annotations

from memory.domain.chains import in_force
from memory.fhir import codes
from memory.fhir.resources import Built, fact_date, item_name
from memory.models import Fact, Person

CONDITION_TYPES = ("condition", "symptom")


def family_history(person: Person, facts: list[Fact], patient_ref: dict[str, str]) -> Built:
    kept = [f for f in facts if f.assertion != "hypothetical"]
    live = [f for f in kept if in_force(f.verification)]
    conditions = [_condition(f) for f in live if f.fact_type in CONDITION_TYPES]
    notes = [
        {"text": f"{f.fact_type}: {f.content}" + (f" ({d})" if (d := fact_date(f)) else "")}
        for f in live
        if f.fact_type not in CONDITION_TYPES
    ]
    resource = {
        "resourceType": "FamilyMemberHistory",
        # Every record of this relative was retracted by a clinician.
        "status": "completed" if live or not kept else "entered-in-error",
        "patient": patient_ref,
        "relationship": codes.relationship(person.relation),
    }
    if person.display_name:
        resource["name"] = person.display_name
    if conditions:
        resource["condition"] = conditions
    if notes:
        resource["note"] = notes
    summary = "; ".join(f.content for f in live) or "no current records"
    return Built("family", resource, kept, f"{person.relation}: {summary}")


def _condition(fact: Fact) -> dict[str, object]:
    entry: dict[str, object] = {"code": codes.text_concept(item_name(fact))}
    if fact.assertion == "negated":
        # "my father does not have diabetes": recorded, but as an absent condition.
        entry["note"] = [{"text": f"absent: {fact.content}"}]
        return entry
    entry["note"] = [{"text": fact.content}]
    when = fact_date(fact)
    if when and fact.event_date:
        entry["onsetString"] = when
    return entry
