import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("memory", "0007_corrected_fact_item_keys"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="ConflictResolution",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("action", models.CharField(choices=[("stop", "stop the drug"), ("refute", "refute the safety record"), ("acknowledge", "acknowledge (keep both)")], max_length=16)),
                ("reason", models.TextField()),
                ("at", models.DateTimeField(auto_now_add=True)),
                ("actor", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name="+", to=settings.AUTH_USER_MODEL)),
                ("chain", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+", to="memory.chain")),
                ("medication", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+", to="memory.fact")),
                ("patient", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+", to="memory.patient")),
                ("safety", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+", to="memory.fact")),
            ],
            options={
                "ordering": ["-at", "-id"],
                "indexes": [models.Index(fields=["patient", "at"], name="conflict_patient_at_idx")],
            },
        ),
    ]
