"""A fact's slots are the one source of what it states (memory.domain.stated).

Corrections made before this migration wrote only the value/unit columns, while
every view read the slots, so a corrected dose or reading was never shown. For
each corrected fact whose columns disagree with its slots, the clinician's
columns win: they become the slots' number and unit.
"""

from __future__ import annotations

from django.db import migrations


def reconcile(apps, schema_editor):
    from memory.domain.stated import VALUED_TYPES, reconciled

    Fact = apps.get_model("memory", "Fact")
    rows = Fact.objects.filter(corrected=True, fact_type__in=sorted(VALUED_TYPES))
    for fact in rows.only("pk", "fact_type", "slots", "value", "unit").iterator():
        slots = reconciled(fact.fact_type, fact.slots or {}, fact.value, fact.unit)
        if slots != (fact.slots or {}):
            Fact.objects.filter(pk=fact.pk).update(slots=slots)


class Migration(migrations.Migration):
    dependencies = [
        ("memory", "0012_memory_version"),
    ]

    operations = [migrations.RunPython(reconcile, migrations.RunPython.noop)]
