"""The per-request statements are fixed SQL texts, prepared once per connection,
and read what the ORM read (token and user, care-team access, audit rows)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from memory.access import patient_for
from memory.actions.audit import record
from memory.actions.tokens import do_issue_token
from memory.domain.tokens import token_digest
from memory.models import AuditEvent, Patient
from memory.queries import prepared
from memory.queries.tokens import token_with_user
from tests.api.conftest import BASE

pytestmark = pytest.mark.django_db

FACT_VIEWS = "SELECT f.id, s.external_id"


def _prepared_statements() -> list[str]:
    with connection.cursor() as cur:
        cur.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cur.fetchall()]


def test_an_ask_prepares_its_fact_view_statement_on_the_connection(patient, api):
    api.post(BASE + "ask/", {"question": "What dose of valsartan?"}, format="json")
    assert any(s.startswith(FACT_VIEWS) for s in _prepared_statements())


def test_prepared_statements_can_be_turned_off(patient, api, monkeypatch):
    monkeypatch.setenv("MEDGRAPH_DB_PREPARE", "0")
    before = len(_prepared_statements())
    api.post(BASE + "ask/", {"question": "What dose of valsartan?"}, format="json")
    assert len(_prepared_statements()) == before


def test_captured_queries_show_the_statement_with_its_parameters(patient):
    with CaptureQueriesContext(connection) as ctx, prepared.cursor() as cur:
        cur.execute("SELECT id FROM memory_patient WHERE external_id = %s", [patient.external_id])
    assert f"'{patient.external_id}'" in ctx.captured_queries[0]["sql"]


def test_a_token_is_read_with_its_user_in_one_query(clinician):
    key, _ = do_issue_token(clinician)
    with CaptureQueriesContext(connection) as ctx:
        token = token_with_user(token_digest(key))
        username = token.user.username
    assert (username, len(ctx.captured_queries)) == (clinician.username, 1)


def test_an_unknown_token_digest_reads_no_token():
    assert token_with_user(token_digest("not-a-key")) is None


def test_a_care_team_member_may_see_the_patient(clinician):
    patient = Patient.objects.create(external_id="pt-access-1")
    patient.care_team.add(clinician)
    assert patient_for(clinician, "pt-access-1") == patient


def test_a_clinician_off_the_care_team_may_not_see_the_patient(clinician, outsider):
    Patient.objects.create(external_id="pt-access-2").care_team.add(clinician)
    assert patient_for(outsider, "pt-access-2") is None


def test_a_superuser_may_see_every_patient(django_user_model):
    root = django_user_model.objects.create_superuser("root1", password="pw-root-12")
    patient = Patient.objects.create(external_id="pt-access-3")
    assert patient_for(root, "pt-access-3") == patient


def test_an_anonymous_user_may_see_no_patient():
    from django.contrib.auth.models import AnonymousUser

    Patient.objects.create(external_id="pt-access-4")
    assert patient_for(AnonymousUser(), "pt-access-4") is None


def test_an_audit_event_is_stored_with_its_json_and_null_fields(clinician):
    event = record("patient.ask", actor=clinician, channel="api", after={"question": "q?"})
    stored = AuditEvent.objects.get(pk=event.pk)
    assert (stored.actor, stored.before, stored.after) == (clinician, None, {"question": "q?"})


def test_an_ask_reads_the_memory_version_with_the_care_team_check(patient, api):
    with CaptureQueriesContext(connection) as ctx:
        api.post(BASE + "ask/", {"question": "What dose of valsartan?"}, format="json")
    version_reads = [q["sql"] for q in ctx.captured_queries if "memory_memoryversion" in q["sql"]]
    assert len(version_reads) == 1 and "memory_patient_care_team" in version_reads[0]
