"""Reading audit events; memory.actions.audit writes them."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from memory.models import AuditEvent


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
