"""Migration 0013: a fact corrected before slots were the one source gets the
clinician's number in its slots."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from memory.models import Fact
from tests.corrections.conftest import latest

pytestmark = pytest.mark.django_db
migration = importlib.import_module("memory.migrations.0013_fact_slots_follow_corrections")


def test_a_correction_written_only_to_the_columns_moves_into_the_slots(slotted):
    fact = latest(slotted, "metformin")
    Fact.objects.filter(pk=fact.pk).update(value="500", unit="mg", corrected=True)
    migration.reconcile(apps, None)
    fact.refresh_from_db()
    assert (fact.slots["value"], fact.slots["frequency"]) == (500, "twice daily")


def test_an_uncorrected_fact_keeps_its_slots(slotted):
    fact = latest(slotted, "metformin")
    Fact.objects.filter(pk=fact.pk).update(value="500")
    migration.reconcile(apps, None)
    fact.refresh_from_db()
    assert fact.slots["value"] == 79
