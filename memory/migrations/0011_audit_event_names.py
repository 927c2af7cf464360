"""Audit event names no longer carry the channel: `api.view` is `patient.view`,
`api.export.fhir` is `export.fhir`; the channel stays in its own field."""

from __future__ import annotations

from django.db import migrations

RENAMED = {"api.view": "patient.view", "api.export.fhir": "export.fhir"}


def forwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    AuditEvent = apps.get_model("memory", "AuditEvent")
    for old, new in RENAMED.items():
        AuditEvent.objects.filter(action=old).update(action=new, channel="api")
    # Any other channel-prefixed name loses its prefix the same way.
    for event in AuditEvent.objects.filter(action__startswith="api.").only("pk", "action"):
        AuditEvent.objects.filter(pk=event.pk).update(
            action=event.action.removeprefix("api."), channel="api"
        )


def backwards(apps, schema_editor):  # type: ignore[no-untyped-def]
    AuditEvent = apps.get_model("memory", "AuditEvent")
    for old, new in RENAMED.items():
        AuditEvent.objects.filter(action=new, channel="api").update(action=old)


class Migration(migrations.Migration):
    dependencies = [("memory", "0010_api_token")]
    operations = [migrations.RunPython(forwards, backwards)]
