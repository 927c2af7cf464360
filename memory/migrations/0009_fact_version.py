from __future__ import annotations

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("memory", "0007_corrected_fact_item_keys"),
    ]

    operations = [
        migrations.AddField(
            model_name="fact",
            name="version",
            field=models.PositiveIntegerField(default=1),
        ),
    ]
