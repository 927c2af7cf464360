"""Migration 0013 on a database that holds the old shared free-text entities.

The database is taken back to 0012, filled through the historical models as the
old resolution left it (patient A's "back surgery" merged into patient B's
"surgery"), and migrated forward: each patient's fact is on an entity of his
own, named from his own words.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from memory.models import Fact

BEFORE = [("memory", "0013_fact_slots_follow_corrections")]
AFTER = [("memory", "0014_entity_patient_scope")]


def _migrate(targets: list[tuple[str, str]]):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _legacy_fact(apps, patient: str, said: str, entity) -> None:
    owner = apps.get_model("memory", "Patient").objects.create(external_id=patient)
    person = apps.get_model("memory", "Person").objects.create(
        patient=owner, kind="patient", key="patient"
    )
    session = apps.get_model("memory", "Session").objects.create(
        patient=owner, external_id=f"{patient}-1", seq=1, session_date=date(2024, 1, 9),
        status="done",
    )  # fmt: skip
    apps.get_model("memory", "Turn").objects.create(
        session=session, index=1, speaker="patient", text=said
    )
    apps.get_model("memory", "Fact").objects.create(
        patient=owner, subject=person, entity=entity, fact_type="safety", content=said,
        safety_kind="surgical_history", session=session, evidence_turn=1,
    )  # fmt: skip


@pytest.mark.django_db(transaction=True)
def test_migrating_gives_each_patient_the_item_his_own_words_named():
    apps = _migrate(BEFORE)
    try:
        shared = apps.get_model("memory", "Entity").objects.create(
            kind="other", name="surgery", normalized="surgery", aliases=["back surgery"]
        )
        _legacy_fact(apps, "b", "Years ago I had surgery.", shared)
        _legacy_fact(apps, "a", "I had some back surgery when I was thirty.", shared)
    finally:
        _migrate(AFTER)
    items = {
        f.patient.external_id: (f.entity.name, f.entity.patient.external_id)
        for f in Fact.objects.select_related("patient", "entity__patient")
    }
    assert items == {"a": ("back surgery", "a"), "b": ("surgery", "b")}
