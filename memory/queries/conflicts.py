"""Medication–safety conflicts of one patient: an active drug against a recorded
allergy or contraindication of the same drug or its class.

The one read model the web pages, the API, the FHIR export and the reader's
profile use, so they can never disagree about what is in conflict; the public
entry point is `conflicts_for(patient)`. Whether a pair raises an alert at all
is the domain's decision (memory.domain.allergy_alerts): the patient's own,
present, in-force statement of a specific substance against a specific drug
the patient takes now. One alert per safety row (memory.domain.safety_rows)
and drug: penicillin said in three visits is one alert against amoxicillin.
A conflict a clinician acknowledged stays listed (never silent), marked with
who acknowledged it and why; stopping the drug or refuting the safety row
makes it disappear because the inputs change, not because it is hidden.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from memory.domain.allergy_alerts import ALERT_KINDS, IN_USE, AlertPath, Drug, Substance, alert_path
from memory.domain.anchors import anchor
from memory.domain.safety_rows import SafetyRow
from memory.lexicon.classes import ancestry
from memory.models import Chain, ConflictResolution, Fact, Patient, Person
from memory.queries.chains import members_of
from memory.queries.safety import fact_rows, is_drug_class, named_substance

CONFLICT_KINDS = ALERT_KINDS
_Acks = dict[tuple[int, int], ConflictResolution]


@dataclass(frozen=True)
class Conflict:
    medication: Fact  # the medication record in force
    safety: Fact  # the row's latest present statement of the allergy / contraindication
    basis: str  # "same drug" | "class" | "cross-reactive"
    via: str  # the drug or class linking them
    acknowledged: ConflictResolution | None = None
    alert: AlertPath | None = None  # substance → class → drug, for the page's own language
    # Every present, in-force statement of the row (the one above among them), oldest first.
    statements: tuple[Fact, ...] = field(default=(), compare=False)
    mention_count: int = 1
    denied_on: str = ""  # the row was also denied (ISO date): the clinician must see both

    @property
    def path(self) -> str:
        """ "penicillin allergy → penicillins → amoxicillin" """
        return self.alert.text if self.alert is not None else ""

    @property
    def safety_ids(self) -> tuple[int, ...]:
        return tuple(f.pk for f in self.statements) or (self.safety.pk,)

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
            "path": self.path,
            "safety_facts": list(self.safety_ids),
            "mention_count": self.mention_count,
            "also_denied_on": self.denied_on or None,
        }


def substance_of(fact: Fact) -> str:
    """The drug or class a safety record speaks about: its entity, else the first drug named."""
    if fact.entity is not None:
        return fact.entity.name
    return named_substance(fact.content)


def _substance(fact: Fact) -> Substance:
    name = substance_of(fact)
    is_class = fact.entity.kind == "drug_class" if fact.entity is not None else is_drug_class(name)
    return Substance(name, fact.safety_kind, is_class)


def _safety_records(patient: Patient) -> list[Fact]:
    return list(
        Fact.objects.in_force()
        .filter(
            patient=patient,
            subject__kind=Person.Kind.PATIENT,
            fact_type="safety",
            safety_kind__in=CONFLICT_KINDS,
        )
        .select_related("entity", "session")
        .order_by("effective_date", "pk")
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


def _drug(fact: Fact) -> Drug:
    is_class = fact.entity is not None and fact.entity.kind == "drug_class"
    return Drug(_drug_name(fact), is_class, fact.status)


def _alert_rows(patient: Patient) -> list[SafetyRow[Fact]]:
    """The patient's safety rows an alert may rest on: those with a present statement in force.

    A row stated present and later denied keeps its alert (the denial shows on it):
    the clinician resolves the disagreement, the system never picks a side."""
    return [row for row in fact_rows(_safety_records(patient)) if row.present_items]


def _conflict(med: Fact, row: SafetyRow[Fact], path: AlertPath, acks: _Acks) -> Conflict:
    latest = row.present_items[-1]
    ack = next((acks[(med.pk, f.pk)] for f in reversed(row.items) if (med.pk, f.pk) in acks), None)
    return Conflict(
        med, latest, path.basis, path.via, ack, alert=path, statements=row.present_items,
        mention_count=row.mention_count,
        denied_on=row.denied_on.isoformat() if row.denied_on else "",
    )  # fmt: skip


def conflicts_for(patient: Patient) -> list[Conflict]:
    """Every alert of the patient, open ones first: one per (safety row, drug in use).

    The public entry point: the web pages, the API, the FHIR export, `ask --json`
    and the benchmarks all list a patient's alerts through it."""
    meds = _medications_in_use(patient)
    rows = _alert_rows(patient) if meds else []
    if not rows:
        return []
    acks = _acknowledgements(patient, [m.pk for m in meds])
    out = []
    for med in meds:
        drug = _drug(med)
        for row in rows:
            found = alert_path(_substance(row.present_items[-1]), drug, ancestry)
            if found is not None:
                out.append(_conflict(med, row, found, acks))
    return sorted(out, key=lambda c: (not c.is_open, _drug_name(c.medication), c.safety.pk))


def _acknowledgements(patient: Patient, medication_ids: Iterable[int]) -> _Acks:
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
            if c.medication.pk == medication_id and safety_id in c.safety_ids
        ),
        None,
    )
