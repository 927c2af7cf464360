"""The schema: PostgreSQL with pgvector, built by migrations from zero, with its constraints."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction
from django.db.models.deletion import RestrictedError

from memory.models import Chain, Entity, Fact, FactEdge, Patient, Person, Session

pytestmark = pytest.mark.django_db


@pytest.fixture
def patient():
    p = Patient.objects.create(external_id="p-1", display_name="Test")
    Person.objects.create(patient=p, kind="patient", key="patient")
    return p


def test_database_is_postgresql_with_pgvector():
    with connection.cursor() as cur:
        cur.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
        assert connection.vendor == "postgresql" and cur.fetchone() is not None


def test_fact_embeddings_have_an_hnsw_index():
    with connection.cursor() as cur:
        cur.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'fact_embedding_hnsw'")
        assert "hnsw" in cur.fetchone()[0]


def test_fact_search_vector_has_a_gin_index():
    with connection.cursor() as cur:
        cur.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'fact_search_gin'")
        assert "gin" in cur.fetchone()[0].lower()


def test_models_and_migrations_agree():
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


def test_second_patient_node_for_one_patient_is_refused(patient):
    with pytest.raises(IntegrityError), transaction.atomic():
        Person.objects.create(patient=patient, kind="patient", key="patient")


def test_person_key_must_match_its_kind(patient):
    with pytest.raises(IntegrityError), transaction.atomic():
        Person.objects.create(patient=patient, kind="family", key="other:friend")


def test_session_external_id_is_unique_per_patient(patient):
    Session.objects.create(patient=patient, external_id="s1", seq=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Session.objects.create(patient=patient, external_id="s1", seq=2)


def test_failed_session_must_carry_a_reason(patient):
    with pytest.raises(IntegrityError), transaction.atomic():
        Session.objects.create(patient=patient, external_id="s2", seq=1, status="failed")


def test_chain_key_is_unique(patient):
    person = patient.persons.get()
    drug = Entity.objects.create(kind="drug", name="valsartan", normalized="valsartan")
    Chain.objects.create(
        patient=patient, subject=person, entity=drug, fact_type="medication_status"
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Chain.objects.create(
            patient=patient, subject=person, entity=drug, fact_type="medication_status"
        )


def _fact(patient, session, **kw):
    return Fact.objects.create(
        patient=patient, subject=patient.persons.get(), session=session, content="x", **kw
    )


def test_edge_kind_outside_supersedes_and_causes_is_refused(patient):
    session = Session.objects.create(patient=patient, external_id="s3", seq=1)
    a = _fact(patient, session, fact_type="symptom")
    b = _fact(patient, session, fact_type="symptom")
    with pytest.raises(IntegrityError), transaction.atomic():
        FactEdge.objects.create(src=a, dst=b, kind="related_to")


def test_safety_fact_without_kind_is_refused(patient):
    session = Session.objects.create(patient=patient, external_id="s4", seq=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        _fact(patient, session, fact_type="safety")


def test_validity_interval_must_not_end_before_it_starts(patient):
    session = Session.objects.create(patient=patient, external_id="s5", seq=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        _fact(
            patient, session, fact_type="medication_status", status="active",
            valid_from=dt.date(2024, 5, 1), valid_to=dt.date(2024, 4, 1),
        )  # fmt: skip


def test_deleting_a_patient_removes_its_persons_and_facts(patient):
    session = Session.objects.create(patient=patient, external_id="s6", seq=1)
    father = Person.objects.create(patient=patient, kind="family", key="family:father")
    Fact.objects.create(
        patient=patient, subject=father, session=session, content="x", fact_type="symptom"
    )
    patient.delete()
    assert not Person.objects.exists() and not Fact.objects.exists()


def test_a_person_with_facts_cannot_be_deleted_alone(patient):
    session = Session.objects.create(patient=patient, external_id="s7", seq=1)
    _fact(patient, session, fact_type="symptom")
    with pytest.raises(RestrictedError), transaction.atomic():
        patient.persons.get().delete()
