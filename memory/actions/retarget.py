"""A clinician changes which item a fact is about, or its type; chains follow.

"Amlodipine 10 mg" extracted as a condition, or filed under the wrong drug,
moves out of its old chain into the chain of (person, new item, new type);
both chains are recomputed, so the current record of each is right again.
Safety facts keep their type: an allergy is never turned into something that
could leave the safety profile (it can be marked refuted instead).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F

from memory.actions.audit import record
from memory.actions.corrections import CorrectionError, StaleFact, snapshot
from memory.actions.entities import resolve
from memory.actions.graph import sync_chain
from memory.actions.index import index_facts
from memory.domain.types import (
    CHAINED_TYPES,
    CONDITION_STATUSES,
    FACT_TYPES,
    MEDICATION_STATUSES,
)
from memory.models import Chain, Fact

# A safety fact never changes type: that could drop it from the safety profile.
RETARGETABLE_TYPES = tuple(t for t in FACT_TYPES if t != "safety")


def _statuses(fact_type: str) -> tuple[str, ...]:
    if fact_type == "medication_status":
        return MEDICATION_STATUSES
    if fact_type == "condition":
        return CONDITION_STATUSES
    return ()


def do_retarget_fact(
    fact: Fact,
    *,
    item: str,
    fact_type: str,
    actor: Any,
    reason: str,
    channel: str,
    version: int | None = None,
) -> Fact:
    """Point the fact at `item` (any surface name) with `fact_type`; audited as fact.retarget.

    Locks the fact row and, given the `version` the clinician saw, refuses a fact
    changed meanwhile (StaleFact), as every correction does."""
    if fact.fact_type == "safety" or fact_type == "safety":
        raise CorrectionError("fact_type: safety facts keep their type; mark one refuted instead")
    if fact_type not in RETARGETABLE_TYPES:
        raise CorrectionError(
            f"fact_type: {fact_type!r} is not one of {'|'.join(RETARGETABLE_TYPES)}"
        )
    with transaction.atomic():
        fact = (
            Fact.objects.select_for_update(of=("self",), no_key=True)
            .select_related("entity", "subject", "session")
            .get(pk=fact.pk)
        )
        if version is not None and fact.version != version:
            raise StaleFact(fact, version)
        before = {**snapshot(fact), "item": fact.entity.name if fact.entity else "",
                  "fact_type": fact.fact_type}  # fmt: skip
        old_chain = fact.chain
        fact.entity = resolve(item, fact_type, patient_id=fact.patient_id) if item.strip() else None
        fact.fact_type = fact_type
        if fact.status and fact.status not in _statuses(fact_type):
            fact.status = ""  # a medication status means nothing on a symptom
        fact.chain, fact.chain_position = None, None
        if fact_type in CHAINED_TYPES and fact.entity is not None:
            fact.chain, _ = Chain.objects.get_or_create(
                patient_id=fact.patient_id, subject=fact.subject, entity=fact.entity,
                fact_type=fact_type,
            )  # fmt: skip
        fact.valid_from = fact.valid_to = None
        fact.corrected = True
        fact.version = F("version") + 1
        fact.save()
        fact.refresh_from_db()
        for chain in {c for c in (old_chain, fact.chain) if c is not None}:
            sync_chain(chain)
        index_facts([fact])
        fact.refresh_from_db()
        after = {**snapshot(fact), "item": fact.entity.name if fact.entity else "",
                 "fact_type": fact.fact_type}  # fmt: skip
        record(
            "fact.retarget", actor=actor, channel=channel, patient=fact.patient, obj=fact,
            before=before, after=after, reason=reason,
        )  # fmt: skip
    return fact
