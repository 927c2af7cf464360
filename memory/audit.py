"""Writing audit events: who did what to which object, before and after."""

from __future__ import annotations

import logging
from typing import Any

from django.db import models

from memory.models import AuditEvent, Patient

log = logging.getLogger("medgraph.audit")


def record(
    action: str,
    *,
    actor: Any = None,
    channel: str = "system",
    patient: Patient | None = None,
    obj: models.Model | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    reason: str = "",
) -> AuditEvent:
    user = actor if getattr(actor, "is_authenticated", False) else None
    # Identifiers only: clinical content stays in the audit table, out of log shipping.
    log.info(
        "audit %s",
        action,
        extra={
            "action": action,
            "channel": channel,
            "actor": getattr(user, "username", ""),
            "patient": getattr(patient, "external_id", ""),
            "object": f"{obj.__class__.__name__}:{obj.pk}" if obj is not None else "",
        },
    )
    return AuditEvent.objects.create(
        actor=user,
        channel=channel,
        action=action,
        patient=patient,
        object_type=obj.__class__.__name__ if obj is not None else "",
        object_id=str(obj.pk) if obj is not None else "",
        before=before,
        after=after,
        reason=reason,
    )
