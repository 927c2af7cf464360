"""A clinician resolves a medication–safety conflict, with a reason, audited.

Three ways, each a single transaction with its audit event:
- stop: the medication record in force is corrected to "stopped";
- refute: the allergy / contraindication is marked refuted — every present
  statement of its row, since one alert stands for the whole row (it stays
  listed, struck through, with the reason: safety records are never deleted);
- acknowledge: both stay; the conflict stays listed as acknowledged.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from memory.actions.audit import record
from memory.actions.corrections import CorrectionError, edit_fact, set_verification
from memory.models import ConflictResolution, Patient
from memory.queries.conflicts import find_conflict

ACTIONS = tuple(ConflictResolution.Action.values)


def do_resolve_conflict(
    patient: Patient,
    medication_id: int,
    safety_id: int,
    action: str,
    *,
    reason: str,
    actor: Any,
    channel: str,
) -> ConflictResolution:
    if action not in ACTIONS:
        raise CorrectionError(f"action: {action!r} is not one of {'|'.join(ACTIONS)}")
    if not reason.strip():
        raise CorrectionError("reason: resolving a drug–allergy conflict requires a reason")
    with transaction.atomic():
        conflict = find_conflict(patient, medication_id, safety_id)
        if conflict is None:
            raise CorrectionError(
                f"no open conflict between medication record {medication_id} "
                f"and safety record {safety_id}"
            )
        common = {"actor": actor, "channel": channel, "reason": reason.strip()}
        if action == ConflictResolution.Action.STOP:
            edit_fact(conflict.medication, {"status": "stopped"}, **common)
        elif action == ConflictResolution.Action.REFUTE:
            for statement in conflict.statements or (conflict.safety,):
                set_verification(statement, "refuted", **common)
        resolution = ConflictResolution.objects.create(
            patient=patient,
            chain=conflict.medication.chain,
            medication=conflict.medication,
            safety=conflict.safety,
            action=action,
            reason=reason.strip(),
            actor=actor if getattr(actor, "is_authenticated", False) else None,
        )
        record(
            "conflict.resolve", actor=actor, channel=channel, patient=patient, obj=resolution,
            before=conflict.as_flag(), after={"action": action}, reason=reason.strip(),
        )  # fmt: skip
    return resolution
