"""Corrected facts keyed to their clinical item (not their wording).

A correction is recognised on re-extraction by the item key; facts corrected
before this migration carry the old wording key, so they get the item key,
computed from the subject the extractor gave them (before any reassignment).
"""

from __future__ import annotations

from django.db import migrations


def rekey(apps, schema_editor):
    from memory.domain.items import item_key

    Fact = apps.get_model("memory", "Fact")
    AuditEvent = apps.get_model("memory", "AuditEvent")
    for fact in Fact.objects.filter(corrected=True).select_related("entity", "subject"):
        moves = AuditEvent.objects.filter(
            action="fact.reassign", object_type="Fact", object_id=str(fact.pk)
        ).order_by("pk")
        first = moves.first()
        subject = (first.before or {}).get("subject") if first else None
        entity = f"{fact.entity.kind}:{fact.entity.normalized}" if fact.entity_id else None
        key = item_key(
            fact.fact_type, subject or fact.subject.key, entity, fact.content, fact.safety_kind,
            fact.value, fact.unit,
        )  # fmt: skip
        Fact.objects.filter(pk=fact.pk).update(extraction_key=key)


class Migration(migrations.Migration):
    dependencies = [
        ("memory", "0006_fact_folded_mentions"),
    ]

    operations = [migrations.RunPython(rekey, migrations.RunPython.noop)]
