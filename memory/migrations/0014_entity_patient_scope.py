"""Entities the dictionary does not know belong to one patient (issue 34).

Adds Entity.patient (null: a dictionary entity, shared by every patient), moves
each patient's facts off the free-text entities that were shared between
patients onto the patient's own, re-resolved from the patient's own words,
keeping clinicians' corrections (memory.actions.rescope), then makes names
unique per patient for free-text entities and globally for dictionary ones.

The data step runs the application's own resolution and chain rebuild (real
models, not historical ones): the rules it applies are the ones construction
uses. Should a later migration change the Fact or Chain tables, move this step
after it or replace it with a no-op (a database migrated past it has no shared
free-text entity left).
"""

import django.db.models.deletion
from django.db import migrations, models


def rescope(apps, schema_editor):
    from memory.actions.rescope import rescope_all

    rescope_all()
    # Fire the deferred memory-version triggers now: the constraints below alter the
    # table, which PostgreSQL refuses while trigger events are pending.
    schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")


class Migration(migrations.Migration):
    dependencies = [
        ("memory", "0013_fact_slots_follow_corrections"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="entity",
            name="entity_unique_name",
        ),
        migrations.AddField(
            model_name="entity",
            name="patient",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="own_entities",
                to="memory.patient",
            ),
        ),
        migrations.AlterField(
            model_name="chain",
            name="entity",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.RESTRICT,
                related_name="chains",
                to="memory.entity",
            ),
        ),
        migrations.AlterField(
            model_name="fact",
            name="entity",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.RESTRICT,
                related_name="facts",
                to="memory.entity",
            ),
        ),
        migrations.RunPython(rescope, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="entity",
            constraint=models.UniqueConstraint(
                condition=models.Q(("patient__isnull", True)),
                fields=("kind", "normalized"),
                name="entity_unique_shared_name",
            ),
        ),
        migrations.AddConstraint(
            model_name="entity",
            constraint=models.UniqueConstraint(
                condition=models.Q(("patient__isnull", False)),
                fields=("patient", "kind", "normalized"),
                name="entity_unique_own_name",
            ),
        ),
    ]
