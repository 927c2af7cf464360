"""Retrieval never ranks a question vector against vectors of another model.

IndexState records the embedder that built the stored vectors; when the
configured one differs (by name or width) an ask fails with a message telling
the operator to reindex, instead of ranking by meaningless distances.
"""

from __future__ import annotations

from datetime import date

import pytest

from memory.indexing import EmbeddingSpaceMismatch, current_embedder
from memory.models import IndexState
from memory.retrieval import retrieve
from tests.retrieval.graph import GraphBuilder, fact


@pytest.fixture
def indexed(graph: GraphBuilder) -> GraphBuilder:
    graph.session(date(2024, 1, 8), [fact("medication_status", "valsartan",
                                          "Valsartan 80 mg daily.", status="active")])  # fmt: skip
    return graph


def _stored(embedder: str, dim: int) -> None:
    IndexState.objects.update_or_create(singleton=True, defaults={"embedder": embedder, "dim": dim})


def test_vectors_of_another_model_stop_the_ask_with_a_reindex_instruction(indexed) -> None:
    _stored("some-other-model", current_embedder().dim)
    with pytest.raises(EmbeddingSpaceMismatch, match=r"some-other-model.*run `medgraph reindex`"):
        retrieve(indexed.patient, "What dose of valsartan now?")


def test_vectors_of_another_width_stop_the_ask(indexed) -> None:
    _stored(current_embedder().name, current_embedder().dim + 1)
    with pytest.raises(EmbeddingSpaceMismatch, match="reindex"):
        retrieve(indexed.patient, "What dose of valsartan now?")


def test_vectors_of_the_configured_model_are_ranked(indexed) -> None:
    _stored(current_embedder().name, current_embedder().dim)
    evidence = retrieve(indexed.patient, "What dose of valsartan now?")
    assert [i.fact.content for i in evidence.fact_items if i.fact] == ["Valsartan 80 mg daily."]
