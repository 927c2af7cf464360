"""Question vectors: memoized per process, sent to pgvector as bound parameters."""

from __future__ import annotations

from datetime import date

import numpy as np
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from memory.indexing import current_embedder
from memory.queries.facts import patient_person
from memory.retrieval import query_cache, retrieve
from memory.retrieval.ranking import dense_facts, embed_query, lexical_facts, ranked_facts
from tests.retrieval.graph import fact


@pytest.fixture(autouse=True)
def _empty_memo(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("MEDGRAPH_QUERY_CACHE", raising=False)
    query_cache.clear()
    yield
    query_cache.clear()


def test_repeated_question_reuses_the_memoized_vector() -> None:
    first = embed_query("What dose of valsartan now?")
    again = embed_query("  What dose of   valsartan now? ")
    assert again is first
    assert query_cache.stats()["hits"] == 1


def test_memoized_vector_equals_a_fresh_encoder_pass() -> None:
    memo = embed_query("Is he allergic to penicillin?")
    fresh = current_embedder().embed(["Is he allergic to penicillin?"])[0]
    assert np.allclose(memo, fresh, atol=1e-6)


def test_memoized_vector_cannot_be_modified_by_a_caller() -> None:
    vector = embed_query("blood pressure today")
    with pytest.raises(ValueError):
        vector[0] = 1.0


def test_memo_can_be_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEDGRAPH_QUERY_CACHE", "0")
    assert embed_query("aspirin") is not embed_query("aspirin")
    assert query_cache.stats() == {"hits": 0, "misses": 0, "size": 0}


@pytest.mark.django_db
def test_query_vector_is_a_bound_parameter_not_sql_text(graph) -> None:
    graph.session(
        date(2024, 1, 8),
        [fact("medication_status", "valsartan", "Valsartan 80 mg every morning.",
              status="active"),
         fact("safety", "penicillin", "Penicillin allergy: hives.", safety_kind="allergy")],
    )  # fmt: skip
    seen: list[tuple[str, object]] = []

    def spy(execute, sql, params, many, context):  # type: ignore[no-untyped-def]
        seen.append((sql, params))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(spy):
        retrieve(graph.patient, "What dose of valsartan now?")
    dense = [(sql, params) for sql, params in seen if "<=>" in sql]
    assert dense
    for sql, params in dense:
        assert "[" not in sql
        assert any(isinstance(p, np.ndarray) and p.shape == (512,) for p in params)


@pytest.mark.django_db
def test_dense_ranking_orders_facts_by_cosine_similarity(graph) -> None:
    graph.session(
        date(2024, 1, 8),
        [fact("medication_status", "valsartan", "Valsartan 80 mg every morning.",
              status="active"),
         fact("safety", "penicillin", "Penicillin allergy: hives.", safety_kind="allergy"),
         fact("symptom", "knee pain", "Knee pain when climbing stairs.")],
    )  # fmt: skip
    question = "penicillin allergy"
    person = patient_person(graph.patient)
    ranked = [fact_id for fact_id, _ in dense_facts(graph.patient.pk, person.pk,
                                                      embed_query(question))]  # fmt: skip
    facts = graph.facts(subject=person)
    vectors = {f.pk: np.asarray(f.embedding, dtype=np.float32) for f in facts}
    q = embed_query(question)
    expected = sorted(vectors, key=lambda pk: (-float(vectors[pk] @ q), pk))
    assert ranked == expected


def test_both_rankings_in_one_round_trip_equal_the_two_rankings(graph) -> None:
    graph.session(
        date(2024, 1, 8),
        [fact("medication_status", "valsartan", "Valsartan 80 mg every morning.",
              status="active"),
         fact("medication_status", "amlodipine", "Amlodipine 5 mg daily.", status="active"),
         fact("safety", "penicillin", "Penicillin allergy: hives.", safety_kind="allergy")],
    )  # fmt: skip
    person = patient_person(graph.patient)
    question, vector = "valsartan dose and allergy", embed_query("valsartan dose and allergy")
    both = ranked_facts(graph.patient.pk, person.pk, question, vector)
    assert both == (
        lexical_facts(graph.patient.pk, person.pk, question),
        dense_facts(graph.patient.pk, person.pk, vector),
    )


def test_both_rankings_take_one_query(graph) -> None:
    valsartan = fact("medication_status", "valsartan", "Valsartan 80 mg.", status="active")
    graph.session(date(2024, 1, 8), [valsartan])
    person = patient_person(graph.patient)
    vector = embed_query("valsartan")
    with CaptureQueriesContext(connection) as ctx:
        ranked_facts(graph.patient.pk, person.pk, "valsartan", vector)
    assert len(ctx.captured_queries) == 1
