"""One FHIR resource per clinical record of the patient (IPS-style summary).

Only the patient's own facts reach this module (memory.fhir.bundle filters by
subject); a relative's facts become FamilyMemberHistory in memory.fhir.family.
Each builder returns a `Built`: the resource, its Composition section, the
facts it was derived from (for Provenance) and a narrative line.

Status rules follow docs/design.md Table 1: a medication or condition chain yields ONE
resource whose status is the chain's current record (memory.domain.anchors),
so an outdated state is never exported as current; lab/vital readings are
historical measurements, each its own Observation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from memory.domain.anchors import anchor
from memory.domain.chains import ChainMember, in_force
from memory.domain.stated import is_blood_pressure, stated_quantity
from memory.fhir import codes
from memory.fhir.terminology import drug_concept, measurement_concept, quantity
from memory.models import Fact


@dataclass
class Built:
    section: str
    resource: dict[str, Any]
    facts: list[Fact] = field(default_factory=list)
    line: str = ""


def fhir_date(value: date | None, precision: str = "day") -> str | None:
    """A FHIR date keeping the precision the dialogue gave ("2019" for "since 2019")."""
    if value is None:
        return None
    if precision == "year":
        return f"{value.year:04d}"
    if precision == "month":
        return f"{value.year:04d}-{value.month:02d}"
    return value.isoformat()


def fact_date(fact: Fact) -> str | None:
    return fhir_date(fact.effective_date, fact.date_precision if fact.event_date else "day")


def item_name(fact: Fact) -> str:
    return fact.entity.name if fact.entity_id else fact.content


def _base(kind: str, **fields: Any) -> dict[str, Any]:
    return {"resourceType": kind, **{k: v for k, v in fields.items() if v is not None}}


# --- safety -----------------------------------------------------------------


def _criticality(fact: Fact) -> str | None:
    text = fact.content.casefold()
    return "high" if any(w in text for w in codes.HIGH_CRITICALITY_WORDS) else None


def allergy(fact: Fact, patient_ref: dict[str, str]) -> Built:
    """AllergyIntolerance. A negated allergy is never dropped (docs/design.md §8): with a
    named allergen it is that allergen refuted; without one it is the IPS
    'no known allergies' code."""
    verification = codes.ALLERGY_VERIFICATIONS[fact.verification]
    code = drug_concept(item_name(fact)) if fact.entity_id else codes.text_concept(fact.content)
    if fact.assertion == "negated" and fact.verification != "entered_in_error":
        if fact.entity_id:
            verification = "refuted"
        else:
            code = codes.concept(codes.IPS_ABSENT, "no-known-allergies", "No known allergies")
            verification = "confirmed"
    elif fact.assertion == "hypothetical" and fact.verification == "unconfirmed":
        verification = "unconfirmed"
    clinical = None
    if verification != "entered-in-error":
        # R4 ait-1: clinicalStatus is required unless entered in error.
        clinical = codes.concept(
            codes.ALLERGY_CLINICAL, "inactive" if verification == "refuted" else "active"
        )
    resource = _base(
        "AllergyIntolerance",
        clinicalStatus=clinical,
        verificationStatus=codes.concept(codes.ALLERGY_VERIFICATION, verification),
        criticality=_criticality(fact),
        code=code,
        patient=patient_ref,
        onsetDateTime=fhir_date(fact.event_date, fact.date_precision),
        recordedDate=fact_date(fact),
        note=[{"text": fact.content}],
    )
    line = f"{item_name(fact)} — {verification}: {fact.content}"
    return Built("allergies", resource, [fact], line)


def alert(fact: Fact, patient_ref: dict[str, str]) -> Built:
    """Contraindications and interactions: an IPS Alert (Flag), never omitted."""
    status = (
        "entered-in-error"
        if fact.verification == "entered_in_error"
        else (
            "inactive"
            if fact.verification == "refuted" or fact.assertion == "negated"
            else "active"
        )
    )
    resource = _base(
        "Flag",
        status=status,
        category=[codes.concept(codes.FLAG_CATEGORY, "drug", "Drug")],
        code={"text": f"{fact.safety_kind}: {fact.content}"},
        subject=patient_ref,
        period={"start": fact_date(fact)} if fact.effective_date else None,
    )
    return Built("alerts", resource, [fact], f"{fact.safety_kind} — {status}: {fact.content}")


def procedure(fact: Fact, patient_ref: dict[str, str], version: str) -> Built:
    """Surgical / bleeding history (safety_kind surgical_history)."""
    status = "completed" if in_force(fact.verification) else "entered-in-error"
    if status == "completed" and fact.status == "planned":
        status = "preparation"  # a planned operation is not yet done (rules.surgery)
    when = fhir_date(fact.event_date, fact.date_precision)
    resource = _base(
        "Procedure",
        status=status,
        code=codes.text_concept(item_name(fact)),
        subject=patient_ref,
        note=[{"text": fact.content}],
    )
    if when and status != "preparation":
        resource["occurrenceDateTime" if version == "R5" else "performedDateTime"] = when
    return Built("procedures", resource, [fact], f"{item_name(fact)} — {status}: {fact.content}")


# --- chains -----------------------------------------------------------------


def _current(members: list[ChainMember], facts: dict[int, Fact]) -> Fact | None:
    found = anchor(members, at=None).member
    return facts[found.fact_id] if found is not None else None


def _run_start(ordered: list[Fact], upto: Fact) -> str | None:
    """Start of the uninterrupted taking period ending at `upto` (a stop ends a run)."""
    start: Fact | None = None
    for fact in ordered[: ordered.index(upto) + 1]:
        if not in_force(fact.verification) or fact.status == "planned":
            continue
        start = None if fact.status == "stopped" else (start or fact)
    return (start.valid_from or start.effective_date).isoformat() if start else None


def _period(ordered: list[Fact], current: Fact) -> dict[str, str] | None:
    if current.status == "planned":
        return None
    if current.status == "stopped":
        before = [f for f in ordered[: ordered.index(current)] if f.status not in ("planned",)]
        start = _run_start(ordered, before[-1]) if before else None
        end = current.valid_from or current.effective_date
        period = {"start": start, "end": end.isoformat() if end else None}
    else:
        end = current.valid_to
        period = {"start": _run_start(ordered, current), "end": end.isoformat() if end else None}
    period = {k: v for k, v in period.items() if v}
    return period or None


def medication(
    ordered: list[Fact], members: list[ChainMember], patient_ref: dict[str, str], version: str
) -> Built | None:
    current = _current(members, {f.pk: f for f in ordered})
    name = item_name(ordered[0])
    if current is None:  # every record was refuted / entered in error by a clinician
        status, dosage, period = "entered-in-error", None, None
    else:
        status = codes.MEDICATION_STATUS.get(current.status, "unknown")
        dosage = [_dosage(current)]
        period = _period(ordered, current)
    resource = _base(
        "MedicationStatement", subject=patient_ref, effectivePeriod=period, dosage=dosage
    )
    _medication_status(resource, status, drug_concept(name), version)
    line = f"{name} — {status}" + (f": {current.content}" if current else "")
    return Built("medications", resource, ordered, line)


def _dosage(fact: Fact) -> dict[str, Any]:
    """The dose the record states (its slots, a clinician's correction included);
    the said words only when it states no dose."""
    stated, unit = stated_quantity(fact)
    slots = fact.slots or {}
    words = [w for w in (stated, unit, slots.get("frequency"), slots.get("route")) if w]
    out: dict[str, Any] = {"text": " ".join(map(str, words)) if stated else fact.content}
    if slots.get("frequency"):
        out["timing"] = {"code": {"text": str(slots["frequency"])}}
    if slots.get("route"):
        out["route"] = {"text": str(slots["route"])}
    number = _number(stated) if stated else None
    if number is not None:
        out["doseAndRate"] = [{"doseQuantity": quantity(number, unit)}]
    return out


def _medication_status(
    resource: dict[str, Any], status: str, medication_code: dict[str, Any], version: str
) -> None:
    """R4 carries the clinical state in `status`; R5 moved it to `adherence`."""
    if version != "R5":
        resource["status"] = status
        resource["medicationCodeableConcept"] = medication_code
        return
    resource["status"] = "entered-in-error" if status == "entered-in-error" else "recorded"
    resource["medication"] = {"concept": medication_code}
    adherence = {"active": "taking", "stopped": "stopped"}.get(status)
    if adherence:
        system = "http://hl7.org/fhir/CodeSystem/medication-statement-adherence"
        resource["adherence"] = {"code": codes.concept(system, adherence)}
    if status == "intended":
        resource["note"] = [{"text": "planned, not yet started"}]


def _condition_statuses(fact: Fact) -> tuple[str | None, str]:
    """(clinicalStatus, verificationStatus) of a condition record."""
    if fact.verification == "entered_in_error":
        return None, "entered-in-error"  # R4 con-5: no clinicalStatus then
    if fact.verification == "refuted" or fact.status == "misdiagnosed":
        return "inactive", "refuted"
    if fact.assertion == "negated":
        return "inactive", "refuted"
    clinical = "resolved" if fact.status == "resolved" else "active"
    if fact.verification == "confirmed":
        return clinical, "confirmed"
    return clinical, "provisional" if fact.status == "suspected" else "confirmed"


def condition(
    ordered: list[Fact], members: list[ChainMember] | None, patient_ref: dict[str, str]
) -> Built | None:
    current = _current(members, {f.pk: f for f in ordered}) if members else ordered[-1]
    shown = current or ordered[-1]
    clinical, verification = _condition_statuses(shown)
    if current is None:
        clinical, verification = None, "entered-in-error"
    first = next((f for f in ordered if in_force(f.verification)), ordered[0])
    resource = _base(
        "Condition",
        clinicalStatus=codes.concept(codes.CONDITION_CLINICAL, clinical) if clinical else None,
        verificationStatus=codes.concept(codes.CONDITION_VERIFICATION, verification),
        category=[codes.concept(codes.CONDITION_CATEGORY, "problem-list-item")],
        code=codes.text_concept(item_name(shown)),
        subject=patient_ref,
        onsetDateTime=fact_date(first),
        abatementDateTime=fact_date(shown) if clinical == "resolved" else None,
        note=[{"text": shown.content}],
    )
    line = f"{item_name(shown)} — {clinical or verification}: {shown.content}"
    return Built("problems", resource, ordered, line)


def observation(fact: Fact, patient_ref: dict[str, str]) -> Built:
    category = "vital-signs" if fact.fact_type == "vital" else "laboratory"
    resource = _base(
        "Observation",
        status="final" if in_force(fact.verification) else "entered-in-error",
        category=[codes.concept(codes.OBSERVATION_CATEGORY, category)],
        code=measurement_concept(item_name(fact)),
        subject=patient_ref,
        effectiveDateTime=fact_date(fact),
        note=[{"text": fact.content}],
    )
    stated, unit = stated_quantity(fact)
    number = _number(stated)
    slots = fact.slots or {}
    if is_blood_pressure(slots):
        # The blood-pressure panel states its two numbers as components (FHIR vital
        # signs profile), each from the slots a clinician's correction writes.
        resource["component"] = [
            {"code": measurement_concept(f"{part} blood pressure"),
             "valueQuantity": quantity(slots[part], unit)}
            for part in ("systolic", "diastolic")
        ]  # fmt: skip
    elif number is not None:
        resource["valueQuantity"] = quantity(number, unit)
    else:
        resource["valueString"] = stated or fact.content
    return Built(
        "results", resource, [fact], f"{fact_date(fact)} {item_name(fact)}: {fact.content}"
    )


def _number(value: str) -> float | int | None:
    try:
        number = float(value.strip())
    except ValueError:
        return None
    if not math.isfinite(number):
        return None
    return int(number) if number.is_integer() and "." not in value else number
