"""Clinicians' corrections of L2 facts: the only way a human changes the graph.

Every correction marks the fact `corrected`, so re-extracting its session can
neither overwrite nor resurrect it (memory.writes.graph suppresses its
extraction key), recomputes every chain it touched, and is audited with who,
when, before, after and why. Callers hold `transaction.atomic()`.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from memory.audit import record
from memory.domain.subjects import SubjectError, canonical_subject
from memory.domain.types import CONDITION_STATUSES, MEDICATION_STATUSES
from memory.indexing import index_facts
from memory.models import Chain, Fact
from memory.writes.chains import release_folded
from memory.writes.graph import person_for, sync_chain

EDITABLE_FIELDS = ("content", "value", "unit", "event_date", "status")
VERIFICATIONS_NEEDING_REASON = ("refuted", "entered_in_error")


class CorrectionError(ValueError):
    """A correction that cannot be applied; nothing was changed."""


def snapshot(fact: Fact) -> dict[str, Any]:
    return {
        "subject": fact.subject.key,
        "content": fact.content,
        "value": fact.value,
        "unit": fact.unit,
        "status": fact.status,
        "event_date": fact.event_date.isoformat() if fact.event_date else None,
        "verification": fact.verification,
        "verification_reason": fact.verification_reason,
        "chain": fact.chain_id,
    }


def reassign_fact(fact: Fact, to_subject: str, *, actor: Any, reason: str, channel: str) -> Fact:
    """Move a fact to another person; it leaves its chain and joins that person's."""
    try:
        key = canonical_subject(to_subject)
    except SubjectError as exc:
        raise CorrectionError(str(exc)) from None
    if key == "none":
        raise CorrectionError("a fact must belong to a person; mark it entered_in_error instead")
    if key == fact.subject.key:
        raise CorrectionError(f"the fact already belongs to {key}")
    before = snapshot(fact)
    old_chain = fact.chain
    # Other sessions' mentions folded into it were about the original person.
    index_facts(release_folded(fact))
    fact.subject = person_for(fact.session, key)
    fact.chain = None
    fact.chain_position = None
    if old_chain is not None and fact.entity_id:
        fact.chain, _ = Chain.objects.get_or_create(
            patient_id=fact.patient_id, subject=fact.subject, entity_id=fact.entity_id,
            fact_type=fact.fact_type,
        )  # fmt: skip
        # Placed after every record already in the new chain: the domain rules
        # then order it by event date where known (DESIGN §8).
        fact.chain_position = fact.chain.members.count()
    _save_corrected(fact)
    for chain in {c for c in (old_chain, fact.chain) if c is not None}:
        sync_chain(chain)
    return _audit("fact.reassign", fact, before, actor, channel, reason)


def edit_fact(
    fact: Fact, changes: dict[str, Any], *, actor: Any, reason: str, channel: str
) -> Fact:
    unknown = set(changes) - set(EDITABLE_FIELDS)
    if unknown:
        raise CorrectionError(f"cannot edit {', '.join(sorted(unknown))}")
    before = snapshot(fact)
    for field, value in changes.items():
        setattr(fact, field, _clean(fact, field, value))
    if "event_date" in changes:
        fact.effective_date = fact.event_date or fact.session.session_date
    _save_corrected(fact)
    if fact.chain is not None:
        sync_chain(fact.chain)
    index_facts([fact])
    return _audit("fact.edit", fact, before, actor, channel, reason)


def set_verification(
    fact: Fact, verification: str, *, actor: Any, reason: str, channel: str
) -> Fact:
    """Confirm, refute or mark entered-in-error. Safety facts are never deleted:
    a refuted allergy stays in the profile, shown as refuted with its reason."""
    if verification not in Fact.Verification.values:
        raise CorrectionError(f"unknown verification {verification!r}")
    if verification in VERIFICATIONS_NEEDING_REASON and not reason.strip():
        raise CorrectionError(f"marking a fact {verification} requires a reason")
    before = snapshot(fact)
    fact.verification = verification
    fact.verification_reason = reason.strip()
    _save_corrected(fact)
    if fact.chain is not None:
        sync_chain(fact.chain)
    return _audit(f"fact.{verification}", fact, before, actor, channel, reason)


def _clean(fact: Fact, field: str, value: Any) -> Any:
    if field == "event_date":
        if value in (None, ""):
            return None
        try:
            return value if isinstance(value, date) else date.fromisoformat(str(value))
        except ValueError:
            raise CorrectionError(f"event_date: {value!r} is not YYYY-MM-DD") from None
    text = "" if value is None else str(value).strip()
    if field == "content" and not text:
        raise CorrectionError("content: must not be empty")
    if field == "status":
        allowed = _allowed_statuses(fact.fact_type)
        if text not in allowed:
            raise CorrectionError(f"status: {text!r} is not one of {'|'.join(allowed) or '(none)'}")
    return text


def _allowed_statuses(fact_type: str) -> tuple[str, ...]:
    if fact_type == "medication_status":
        return MEDICATION_STATUSES
    if fact_type == "condition":
        return CONDITION_STATUSES
    return ("",)


def _save_corrected(fact: Fact) -> None:
    fact.corrected = True
    fact.save()


def _audit(
    action: str, fact: Fact, before: dict[str, Any], actor: Any, channel: str, reason: str
) -> Fact:
    fact.refresh_from_db()
    record(
        action, actor=actor, channel=channel, patient=fact.patient, obj=fact,
        before=before, after=snapshot(fact), reason=reason,
    )  # fmt: skip
    return fact
