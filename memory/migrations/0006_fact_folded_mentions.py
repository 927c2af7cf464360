from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("memory", "0005_session_dismissal"),
    ]

    operations = [
        migrations.AddField(
            model_name="fact",
            name="folded_mentions",
            field=models.JSONField(blank=True, default=list),
        ),
    ]
