"""Writing audit events: who did what to which object, before and after."""

from __future__ import annotations

import logging
from typing import Any

from django.db import models
from django.db.models import Q, QuerySet

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
        before=storable(before),
        after=storable(after),
        reason=storable(reason),
    )


def storable(value: Any) -> Any:
    """`value` with NUL and lone surrogates replaced: the audit trail records what was
    attempted, and a hostile request must not be able to make its own audit fail."""
    if isinstance(value, str):
        return value.replace("\x00", "\ufffd").encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, dict):
        return {storable(k): storable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [storable(v) for v in value]
    return value


def visible_events(user: Any) -> QuerySet[AuditEvent]:
    """Audit events `user` may read: all for a superuser; otherwise those of the
    patients on their care teams, and their own events that concern no patient."""
    from memory.access import patients_for

    if getattr(user, "is_superuser", False):
        return AuditEvent.objects.all()
    if not getattr(user, "is_authenticated", False):
        return AuditEvent.objects.none()
    mine = Q(patient__isnull=True, actor=user)
    return AuditEvent.objects.filter(Q(patient__in=patients_for(user)) | mine)
