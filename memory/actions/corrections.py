"""Clinicians' corrections of L2 facts: the only way a human changes the graph.

`do_correct_fact` is the one entry point. It locks the fact row, refuses the
change when the fact moved on since the clinician saw it (its `version`), so two
clinicians correcting one fact at once never lose a change silently, applies the
change, marks the fact `corrected` (re-extraction can neither overwrite nor
resurrect it), recomputes every chain it touched and audits who, when, before,
after and why -- all in one transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from django.db import transaction
from django.db.models import F

from memory.actions.audit import record
from memory.actions.chains import release_folded
from memory.actions.graph import person_for, sync_chain
from memory.actions.index import index_facts
from memory.domain.chains import EXCLUDED_VERIFICATIONS
from memory.domain.stated import (
    SLOT_FIELDS,
    VALUED_TYPES,
    SlotEditError,
    columns,
    edit_slots,
    pressure_changes,
    slots_of,
)
from memory.domain.subjects import SubjectError, canonical_subject
from memory.domain.types import CONDITION_STATUSES, MEDICATION_STATUSES
from memory.models import Chain, Fact, Patient

# The slot fields (value, unit, frequency, route, systolic, diastolic) edit the
# fact's slots, the one place a view reads what the fact states (domain.stated).
EDITABLE_FIELDS = ("content", *SLOT_FIELDS, "event_date", "status")
# Taking a fact out of force (the in-force rule of the domain) always says why.
VERIFICATIONS_NEEDING_REASON = EXCLUDED_VERIFICATIONS
KINDS = ("edit", "reassign", "verify")
MAX_TEXT = {"content": 5000, "value": 200, "unit": 60}


class CorrectionError(ValueError):
    """A correction that cannot be applied; nothing was changed."""


class StaleFact(CorrectionError):
    """The fact was changed after the clinician loaded it; nothing was changed."""

    def __init__(self, current: Fact, expected: int) -> None:
        super().__init__(
            f"version: the fact is at version {current.version}, not {expected}; "
            "it was changed by someone else meanwhile"
        )
        self.current = current
        self.expected = expected


def do_correct_fact(
    patient: Patient | None,
    fact_id: int,
    kind: str,
    data: dict[str, Any],
    *,
    version: int | None,
    actor: Any,
    channel: str,
    reason: str,
) -> Fact:
    """Apply one correction to fact `fact_id` of `patient` (any patient when None).

    `data` is {"changes": {...}} for edit, {"to_subject": key} for reassign and
    {"verification": value} for verify. `version` is the version the clinician saw;
    None skips the check (system callers that hold no view of the fact).
    Raises Fact.DoesNotExist, StaleFact or CorrectionError.
    """
    if kind not in KINDS:
        raise CorrectionError(f"unknown correction {kind!r}")
    with transaction.atomic():
        rows = Fact.objects.select_for_update(of=("self",), no_key=True).select_related(
            "subject", "session"
        )
        if patient is not None:
            rows = rows.filter(patient=patient)
        fact = rows.get(pk=fact_id)
        if version is not None and fact.version != version:
            raise StaleFact(fact, version)
        before = snapshot(fact)
        action = _APPLY[kind](fact, data, reason)
        fact.corrected = True
        fact.version = F("version") + 1
        fact.save()
        fact.refresh_from_db()
        for chain_id in {c for c in (before["chain"], fact.chain_id) if c is not None}:
            sync_chain(Chain.objects.get(pk=chain_id))
        if kind == "edit":
            index_facts([fact])
        fact.refresh_from_db()
        record(
            action, actor=actor, channel=channel, patient=fact.patient, obj=fact,
            before=before, after=snapshot(fact), reason=reason,
        )  # fmt: skip
    return fact


def snapshot(fact: Fact) -> dict[str, Any]:
    # A medication's frequency and route are slots of their own; a reading's
    # number and unit are the value/unit columns (systolic/diastolic as "136/84").
    dosing = (
        {k: (fact.slots or {}).get(k) for k in ("frequency", "route")}
        if fact.fact_type == "medication_status"
        else {}
    )
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
        "version": fact.version,
        **dosing,
    }


def _reassign(fact: Fact, data: dict[str, Any], reason: str) -> str:
    """Move a fact to another person; it leaves its chain and joins that person's."""
    try:
        key = canonical_subject(str(data.get("to_subject", "")))
    except SubjectError as exc:
        raise CorrectionError(str(exc)) from None
    if key == "none":
        raise CorrectionError("a fact must belong to a person; mark it entered_in_error instead")
    if key == fact.subject.key:
        raise CorrectionError(f"the fact already belongs to {key}")
    # Other sessions' mentions folded into it were about the original person.
    index_facts(release_folded(fact))
    had_chain = fact.chain_id is not None
    fact.subject = person_for(fact.session, key)
    fact.chain = None
    fact.chain_position = None
    if had_chain and fact.entity_id:
        # Its place in the new chain is the chain rebuild's (arrival order, then
        # the domain's recompute_chain), exactly as if it had been extracted there.
        fact.chain, _ = Chain.objects.get_or_create(
            patient_id=fact.patient_id, subject=fact.subject, entity_id=fact.entity_id,
            fact_type=fact.fact_type,
        )  # fmt: skip
    return "fact.reassign"


def _edit(fact: Fact, data: dict[str, Any], reason: str) -> str:
    changes = data.get("changes") or {}
    unknown = set(changes) - set(EDITABLE_FIELDS)
    if unknown:
        raise CorrectionError(f"cannot edit {', '.join(sorted(unknown))}")
    if not changes:
        raise CorrectionError("nothing was changed")
    _edit_slots(fact, {f: v for f, v in changes.items() if f in SLOT_FIELDS})
    for field, value in changes.items():
        if field not in SLOT_FIELDS or fact.fact_type not in VALUED_TYPES:
            setattr(fact, field, _clean(fact, field, value))
    if "event_date" in changes:
        fact.effective_date = fact.event_date or fact.session.session_date
    return "fact.edit"


def _edit_slots(fact: Fact, changes: dict[str, Any]) -> None:
    """A dose or reading is corrected in the slots; the value/unit columns follow."""
    if not changes:
        return
    if fact.fact_type not in VALUED_TYPES:
        extra = sorted(set(changes) - {"value", "unit"})
        if extra:
            raise CorrectionError(f"a {fact.fact_type} fact has no {', '.join(extra)}")
        return  # a symptom's value is its course, a column of its own
    for field, raw in changes.items():
        text = "" if raw is None else str(raw)
        if len(text) > MAX_TEXT.get(field, 200):
            raise CorrectionError(f"{field}: longer than {MAX_TEXT.get(field, 200)} characters")
        if "\x00" in text:
            raise CorrectionError(f"{field}: NUL character at position {text.index(chr(0)) + 1}")
    base = slots_of(fact)
    changes = pressure_changes(base, changes)
    try:
        fact.slots = edit_slots(base, changes, word_value=fact.fact_type == "lab_result")
    except SlotEditError as exc:
        raise CorrectionError(str(exc)) from None
    fact.value, fact.unit = columns(fact.fact_type, fact.slots, "", "")


def _verify(fact: Fact, data: dict[str, Any], reason: str) -> str:
    """Confirm, refute or mark entered-in-error. Safety facts are never deleted:
    a refuted allergy stays in the profile, shown as refuted with its reason."""
    verification = data.get("verification")
    if verification not in Fact.Verification.values:
        raise CorrectionError(f"unknown verification {verification!r}")
    if verification in VERIFICATIONS_NEEDING_REASON and not reason.strip():
        raise CorrectionError(f"marking a fact {verification} requires a reason")
    fact.verification = verification
    fact.verification_reason = reason.strip()
    return f"fact.{verification}"


_APPLY: dict[str, Callable[[Fact, dict[str, Any], str], str]] = {
    "edit": _edit,
    "reassign": _reassign,
    "verify": _verify,
}


def _clean(fact: Fact, field: str, value: Any) -> Any:
    if field == "event_date":
        return _clean_date(value)
    text = "" if value is None else str(value).strip()
    if field == "content" and not text:
        raise CorrectionError("content: must not be empty")
    if field in MAX_TEXT and len(text) > MAX_TEXT[field]:
        raise CorrectionError(f"{field}: longer than {MAX_TEXT[field]} characters")
    if "\x00" in text:
        raise CorrectionError(f"{field}: NUL character at position {text.index(chr(0)) + 1}")
    if field == "status":
        allowed = _allowed_statuses(fact.fact_type)
        if text not in allowed:
            raise CorrectionError(f"status: {text!r} is not one of {'|'.join(allowed) or '(none)'}")
    return text


def _clean_date(value: Any) -> date | None:
    from memory.importing.limits import LimitError, check_date

    if value in (None, ""):
        return None
    try:
        parsed = value if isinstance(value, date) else date.fromisoformat(str(value))
    except ValueError:
        raise CorrectionError(f"event_date: {value!r} is not YYYY-MM-DD") from None
    try:
        check_date(parsed, "event_date")
    except LimitError as exc:
        raise CorrectionError(str(exc)) from None
    return parsed


def _allowed_statuses(fact_type: str) -> tuple[str, ...]:
    if fact_type == "medication_status":
        return MEDICATION_STATUSES
    if fact_type == "condition":
        return CONDITION_STATUSES
    return ("",)


# --- system callers: locked, unversioned ----------------------------------------
# For callers that hold no clinician's view of the fact (tests, conflict
# resolution): the row is locked but no version is checked. The passed fact is
# refreshed in place.


def edit_fact(
    fact: Fact, changes: dict[str, Any], *, actor: Any, reason: str, channel: str
) -> Fact:
    data = {"changes": changes}
    return _delegate(fact, "edit", data, actor=actor, reason=reason, channel=channel)


def set_verification(
    fact: Fact, verification: str, *, actor: Any, reason: str, channel: str
) -> Fact:
    """Confirm, refute or mark entered-in-error (a safety fact is never deleted)."""
    data = {"verification": verification}
    return _delegate(fact, "verify", data, actor=actor, reason=reason, channel=channel)


def _delegate(
    fact: Fact, kind: str, data: dict[str, Any], *, actor: Any, reason: str, channel: str
) -> Fact:
    done = do_correct_fact(
        None, fact.pk, kind, data, version=None, actor=actor, channel=channel, reason=reason
    )
    fact.refresh_from_db()
    return done
