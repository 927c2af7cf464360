from __future__ import annotations

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("memory", "0008_conflict_resolution"),
    ]

    operations = [
        migrations.AddField(
            model_name="fact",
            name="version",
            field=models.PositiveIntegerField(default=1),
        ),
    ]
