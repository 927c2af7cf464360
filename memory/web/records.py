"""Read-side assembly of what the patient pages show (no writes).

Current records come from the domain rule (memory.domain.anchors.anchor) on
the stored chain members, the same decision the retrieval evidence uses, so
a page can never call a superseded record current.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet

from memory.answering.values import carried_dose
from memory.domain.anchors import Anchor, anchor
from memory.domain.chains import in_force
from memory.domain.drug_safety import CROSS_REACTIVE_CLASSES
from memory.domain.evidence import FactView
from memory.domain.safety_rows import SafetyRow
from memory.domain.types import MEASUREMENT_CHAIN_TYPES
from memory.lexicon.classes import ancestry
from memory.models import Chain, Fact, Patient, Person
from memory.queries.chains import members_of
from memory.queries.conflicts import by_medication, conflicts_for, substance_of
from memory.queries.pages import (
    allergies_in_force,
    chains_of_person,
    facts_of_person,
    records_of_chains,
    relatives_of,
    unchained_records,
)
from memory.queries.safety import fact_rows
from memory.web.present import held_since, last_recorded

SAFETY_ORDER = ("allergy", "contraindication", "interaction", "surgical_history")


@dataclass
class ChainView:
    chain: Chain
    facts: list[Fact]  # in chain (effective) order
    anchor: Anchor
    current: Fact | None

    @property
    def is_measurement(self) -> bool:
        return self.chain.fact_type in MEASUREMENT_CHAIN_TYPES

    @property
    def since(self) -> str:
        """When the current state began (not the date it was last restated)."""
        return held_since(self.facts, self.current)

    @property
    def last_recorded(self) -> str:
        return last_recorded(self.current) if self.current is not None else ""

    @property
    def dose_source(self) -> Fact | None:
        """The record whose dose is in force when the current record states none ("看能不能
        减量…把氨氯地平减下来" after "换了氨氯地平，10毫克"): the reader's rule
        (answering.values.carried_dose), so the page and the answer give one dose."""
        current = self.current
        if current is None or self.chain.fact_type != "medication_status":
            return None
        views = [_view(f) for f in self.facts]
        found = carried_dose(next(v for v in views if v.fact_id == current.pk), views)
        return next((f for f in self.facts if found and f.pk == found.fact_id), None)

    @property
    def pending_plan(self) -> Fact | None:
        plan = self.anchor.pending_plan
        return next((f for f in self.facts if plan and f.pk == plan.fact_id), None)


def _view(fact: Fact) -> FactView:
    """A chain record as the reader sees it (session, subject and entity are joined)."""
    return FactView(
        fact_id=fact.pk, session_id=fact.session.external_id, session_pk=fact.session_id,
        subject=fact.subject.key, fact_type=fact.fact_type,
        entity=fact.entity.name if fact.entity else "", content=fact.content,
        status=fact.status, assertion=fact.assertion, date=fact.effective_date,
        verification=fact.verification, chain_id=fact.chain_id, value=fact.value or "",
        unit=fact.unit or "", slots=fact.slots or {}, corrected=fact.corrected,
    )  # fmt: skip


def chain_views(chains: QuerySet[Chain]) -> list[ChainView]:
    """Every chain with its records and current marker: three queries for any number."""
    chains = list(chains.select_related("entity", "subject"))
    ids = [c.pk for c in chains]
    facts = defaultdict(list)
    for fact in records_of_chains(ids):
        facts[fact.chain_id].append(fact)
    members = members_of(ids)
    views = []
    for chain in chains:
        found = anchor(members.get(chain.pk, []))
        current_id = found.member.fact_id if found.member else None
        records = facts.get(chain.pk, [])
        current = next((f for f in records if f.pk == current_id), None)
        views.append(ChainView(chain, records, found, current))
    return views


@dataclass
class PersonSection:
    person: Person
    # One row per substance / procedure, every statement on it (memory.domain.safety_rows).
    safety: list[SafetyRow[Fact]] = field(default_factory=list)
    medications: list[ChainView] = field(default_factory=list)
    stopped: list[ChainView] = field(default_factory=list)
    planned: list[ChainView] = field(default_factory=list)  # plans and recommendations
    classes: list[ChainView] = field(default_factory=list)  # drug classes mentioned
    conditions: list[ChainView] = field(default_factory=list)
    past_conditions: list[ChainView] = field(default_factory=list)  # said as past history
    measurements: list[ChainView] = field(default_factory=list)
    others: list[Fact] = field(default_factory=list)

    @property
    def is_empty(self) -> bool:
        return (
            not any(
                (
                    self.safety,
                    self.medications,
                    self.stopped,
                    self.planned,
                    self.classes,
                    self.conditions,
                    self.past_conditions,
                    self.measurements,
                )
            )
            and not self.others
        )


def person_section(person: Person) -> PersonSection:
    """Everything recorded about one person, current records first."""
    section = PersonSection(person)
    section.safety = fact_rows(safety_facts(facts_of_person(person)))
    for view in chain_views(chains_of_person(person)):
        if view.current is None:
            continue
        if view.chain.fact_type == "medication_status":
            if view.chain.entity.kind == "drug_class":
                # "vaccines", "NSAIDs": a class names no drug one can be said to take.
                section.classes.append(view)
                continue
            # A plan or an as-needed recommendation is no drug the patient is on.
            status = view.current.status
            lists = {"stopped": section.stopped, "planned": section.planned}
            lists.get(status, section.medications).append(view)
        elif view.chain.fact_type == "condition":
            # "When I was twenty-five I had a throat infection" is history, never a
            # current diagnosis: listed apart so nobody reads it as present.
            past = view.current.assertion == "historical"
            (section.past_conditions if past else section.conditions).append(view)
        else:
            section.measurements.append(view)
    section.others = unchained_records(person, limit=50)
    return section


def safety_facts(facts: QuerySet[Fact]) -> list[Fact]:
    """Every safety fact, never truncated (docs/design.md §5); ruled-out ones last."""
    rows = list(facts.filter(fact_type="safety").select_related("session", "entity", "subject"))

    def key(f: Fact) -> tuple[int, int, str]:
        ruled_out = not in_force(f.verification) or f.assertion == "negated"
        kind = SAFETY_ORDER.index(f.safety_kind) if f.safety_kind in SAFETY_ORDER else 9
        return (int(ruled_out), kind, f.content)

    return sorted(rows, key=key)


def relatives(patient: Patient) -> list[PersonSection]:
    sections = [person_section(p) for p in relatives_of(patient)]
    return [s for s in sections if not s.is_empty]


def conflict_context(patient: Patient) -> dict[str, Any]:
    """The conflict alert and the per-medication flags every patient page shows."""
    conflicts = conflicts_for(patient)
    return {
        "conflicts": conflicts,
        "n_open_conflicts": sum(c.is_open for c in conflicts),
        "conflict_map": by_medication(conflicts),
    }


def allergy_names(patient_ids: list[int]) -> dict[int, list[str]]:
    """Each patient's allergies in force, one name per substance family.

    "Allergic to amoxicillin" and "yes, penicillin" are one penicillin allergy,
    not two: substances sharing a cross-reactive class collapse to that class.
    """
    out: dict[int, list[str]] = defaultdict(list)
    for fact in allergies_in_force(patient_ids):
        name = _family_name(substance_of(fact) or fact.content[:40])
        if name not in out[fact.patient_id]:
            out[fact.patient_id].append(name)
    return dict(out)


def _family_name(substance: str) -> str:
    line = ancestry(substance)
    family = next((c for c in line[1:] if c in CROSS_REACTIVE_CLASSES), None)
    return family or (line[0] if line else substance)
