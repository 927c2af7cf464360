"""Safety records that touch an asked drug or drug class, for every reader.

The profile's safety facts become memory.domain.drug_safety records; the
lexicon's ancestry decides same drug / class / cross-reactive class, so a
penicillin allergy is found for amoxicillin, 青霉素 for 阿莫西林, a sulfa
allergy for Bactrim. A record a clinician refuted or marked entered in error,
and a denied one ("no penicillin allergy"), still matches and is shown — as not
in force — because hiding it would hide the correction itself.
"""

from __future__ import annotations

from collections.abc import Sequence

from memory.domain.drug_safety import SafetyMatch, SafetyRecord, safety_matches
from memory.domain.evidence import FactView
from memory.lexicon.classes import ancestry

_SUBSTANCE_KINDS = ("allergy", "contraindication", "interaction")


def substance(fact: FactView) -> str:
    """The recorded substance: the entity, else the record's own wording."""
    return fact.entity or fact.content


def records(safety: Sequence[FactView]) -> list[SafetyRecord]:
    return [
        SafetyRecord(f.fact_id, f.safety_kind or "allergy", substance(f))
        for f in safety
        if (f.safety_kind or "allergy") in _SUBSTANCE_KINDS
    ]


def applies(fact: FactView) -> bool:
    """A present, not clinician-excluded record: the caution stands."""
    return fact.assertion == "present" and not fact.excluded


def why_not(fact: FactView) -> str:
    if fact.excluded:
        return fact.verification.replace("_", " ")
    return "denied / recorded as absent" if fact.assertion == "negated" else fact.assertion


def drug_matches(drug: str, safety: Sequence[FactView]) -> list[tuple[FactView, SafetyMatch]]:
    """Every safety fact touching `drug` (a drug or class name), in profile order."""
    by_id = {f.fact_id: f for f in safety}
    return [(by_id[m.record.fact_id], m) for m in safety_matches(drug, records(safety), ancestry)]
