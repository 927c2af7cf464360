"""Writing audit events: who did what to which object, before and after, and the
channel it came through (web | api | cli | worker | system).

Event names say what happened, whatever the channel: `patient.view`,
`fact.correct`, `export.fhir`, `session.import`; the channel is a field.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import connection, models
from django.utils import timezone
from psycopg.types.json import Jsonb

from memory.models import AuditEvent, Patient
from memory.queries import prepared

log = logging.getLogger("medgraph.audit")

# The channels in use; admin is the Django admin, eval the benchmark runner.
CHANNELS = ("web", "api", "cli", "worker", "admin", "eval", "system")


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
    values = {
        "at": timezone.now(),
        "actor_id": getattr(user, "pk", None),
        "channel": channel,
        "action": action,
        "patient_id": getattr(patient, "pk", None),
        "object_type": obj.__class__.__name__ if obj is not None else "",
        "object_id": str(obj.pk) if obj is not None else "",
        "before": _storable(before),
        "after": _storable(after),
        "reason": _storable(reason),
    }
    # One fixed, prepared INSERT (every API call and page view writes one): the
    # ORM's create compiled a new statement each time, at more CPU than it ran.
    with prepared.cursor() as cur:
        cur.execute(_INSERT_SQL, [_param(c, values[c]) for c in _COLUMNS])
        (event_id,) = cur.fetchone()
    event = AuditEvent(id=event_id, **values)
    event._state.adding = False
    event._state.db = connection.alias
    return event


_COLUMNS = ("at", "actor_id", "channel", "action", "patient_id", "object_type", "object_id",
            "before", "after", "reason")  # fmt: skip
_INSERT_SQL = (
    f"INSERT INTO {AuditEvent._meta.db_table} ({', '.join(_COLUMNS)}) "
    f"VALUES ({', '.join(['%s'] * len(_COLUMNS))}) RETURNING id"
)


def _param(column: str, value: Any) -> Any:
    """jsonb as the ORM's JSONField stores it: None is SQL NULL, anything else JSON."""
    if column in ("before", "after") and value is not None:
        return Jsonb(value)
    return value


def _storable(value: Any) -> Any:
    """`value` with NUL and lone surrogates replaced: the audit trail records what was
    attempted, and a hostile request must not be able to make its own audit fail."""
    if isinstance(value, str):
        return value.replace("\x00", "\ufffd").encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, dict):
        return {_storable(k): _storable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_storable(v) for v in value]
    return value
