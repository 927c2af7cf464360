"""Audit event names say what happened; the channel is a field of its own."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from memory.actions.audit import record
from memory.models import AuditEvent

pytestmark = pytest.mark.django_db


def test_record_keeps_the_channel_apart_from_the_name():
    event = record("export.fhir", channel="cli")
    assert (event.action, event.channel) == ("export.fhir", "cli")


def test_old_api_prefixed_names_are_renamed_and_keep_the_api_channel():
    for action in ("api.view", "api.export.fhir", "patient.view"):
        AuditEvent.objects.create(action=action, channel="api" if "api" in action else "web")
    migration = importlib.import_module("memory.migrations.0011_audit_event_names")
    migration.forwards(apps, None)
    rows = set(AuditEvent.objects.values_list("action", "channel"))
    assert rows == {("patient.view", "api"), ("export.fhir", "api"), ("patient.view", "web")}
