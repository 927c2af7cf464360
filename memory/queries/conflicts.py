"""Medication–safety conflicts of one patient: an active drug against a recorded
allergy, intolerance or contraindication of the same drug or its class.

The one read model the web pages, the API and the FHIR export use, so the
three can never disagree about what is in conflict. Only the patient's own
records take part: a relative's allergy never conflicts with the patient's
drug. A conflict a clinician acknowledged stays listed (never silent), marked
with who acknowledged it and why; stopping the drug or refuting the safety
record makes it disappear because the inputs change, not because it is hidden.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from memory.domain.anchors import anchor
from memory.domain.drug_safety import SafetyRecord, match_record
from memory.lexicon import find_mentions
from memory.lexicon.classes import ancestry
from memory.models import Chain, ConflictResolution, Fact, Patient, Person
from memory.queries.chains import members_of

# A drug a patient takes now, or is about to take, can harm them.
IN_USE = ("active", "dose_changed", "planned")
CONFLICT_KINDS = ("allergy", "contraindication")


@dataclass(frozen=True)
class Conflict:
    medication: Fact  # the medication record in force
    safety: Fact  # the allergy / contraindication it touches
    basis: str  # "same drug" | "class" | "cross-reactive"
    via: str  # the drug or class linking them
    acknowledged: ConflictResolution | None = None

    @property
    def key(self) -> str:
        return f"{self.medication.pk}-{self.safety.pk}"

    @property
    def is_open(self) -> bool:
        return self.acknowledged is None

    def as_flag(self) -> dict[str, object]:
        """The API / FHIR view of the conflict."""
        ack = self.acknowledged
        return {
            "medication_fact": self.medication.pk,
            "drug": self.medication.entity.name if self.medication.entity else "",
            "safety_fact": self.safety.pk,
            "safety_kind": self.safety.safety_kind,
            "substance": substance_of(self.safety),
            "basis": self.basis,
            "via": self.via,
            "acknowledged": ack is not None,
            "acknowledged_reason": ack.reason if ack else "",
        }


def substance_of(fact: Fact) -> str:
    """The drug or class a safety record speaks about: its entity, else the first drug named."""
    if fact.entity is not None:
        return fact.entity.name
    for mention in find_mentions(fact.content):
        if mention.entry.kind in ("drug", "drug_class"):
            return mention.entry.canonical
    return ""


def _safety_records(patient: Patient) -> list[Fact]:
    return list(
        Fact.objects.in_force()
        .filter(
            patient=patient,
            subject__kind=Person.Kind.PATIENT,
            fact_type="safety",
            safety_kind__in=CONFLICT_KINDS,
            assertion="present",
        )
        .select_related("entity", "session")
    )


def _medications_in_use(patient: Patient) -> list[Fact]:
    """The record in force of each of the patient's medication chains, when it is in use."""
    chain_ids = Chain.objects.filter(
        patient=patient, subject__kind=Person.Kind.PATIENT, fact_type="medication_status"
    ).values("pk")
    current_ids = []
    for members in members_of(chain_ids).values():
        found = anchor(members)
        if found.member is not None and found.member.status in IN_USE:
            current_ids.append(found.member.fact_id)
    rows = Fact.objects.in_force().filter(pk__in=current_ids, assertion="present")
    return list(rows.select_related("entity", "session", "chain"))


def _drug_name(fact: Fact) -> str:
    return fact.entity.name if fact.entity is not None else ""


def conflicts_for(patient: Patient) -> list[Conflict]:
    """Every conflict, open ones first; several allergies against one drug are each listed."""
    safety = [(f, substance_of(f)) for f in _safety_records(patient)]
    safety = [(f, s) for f, s in safety if s]
    meds = _medications_in_use(patient)
    if not safety or not meds:
        return []
    acks = _acknowledgements(patient, [m.pk for m in meds])
    out = []
    for med in meds:
        drug = _drug_name(med)
        for fact, substance in safety:
            found = match_record(drug, SafetyRecord(fact.pk, fact.safety_kind, substance), ancestry)
            if found is not None:
                ack = acks.get((med.pk, fact.pk))
                out.append(Conflict(med, fact, found.basis, found.via, ack))
    return sorted(out, key=lambda c: (not c.is_open, _drug_name(c.medication), c.safety.pk))


def _acknowledgements(
    patient: Patient, medication_ids: Iterable[int]
) -> dict[tuple[int, int], ConflictResolution]:
    rows = ConflictResolution.objects.filter(
        patient=patient,
        medication_id__in=list(medication_ids),
        action=ConflictResolution.Action.ACKNOWLEDGE,
    ).select_related("actor")
    out: dict[tuple[int, int], ConflictResolution] = {}
    for row in rows.order_by("at", "id"):  # the latest acknowledgement wins
        out[(row.medication_id, row.safety_id)] = row
    return out


def by_medication(conflicts: Iterable[Conflict]) -> dict[int, list[Conflict]]:
    """Conflicts keyed by the medication record's id, for marking medication rows."""
    out: dict[int, list[Conflict]] = {}
    for conflict in conflicts:
        out.setdefault(conflict.medication.pk, []).append(conflict)
    return out


def find_conflict(patient: Patient, medication_id: int, safety_id: int) -> Conflict | None:
    return next(
        (
            c
            for c in conflicts_for(patient)
            if c.medication.pk == medication_id and c.safety.pk == safety_id
        ),
        None,
    )
