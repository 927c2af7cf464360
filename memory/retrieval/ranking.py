"""The two ranked lists of retrieval (docs/design.md §6.3): lexical and dense.

Both rank ONLY the patient's own facts (subject = the patient's Person node,
§6.1): a relative's facts are filtered in SQL, before any ranking, so they can
never take a slot among the top units.

Lexical: Postgres full text over Fact.search (tokens from
memory.search.text, 'simple' configuration, so jieba segmentation and the
light stemmer apply on both sides), ranked by ts_rank_cd with length
normalization 1 (divide by 1 + log(length)). Chosen because it is one
GIN-served query per question; a true BM25 over the patient's facts would
need per-term document frequencies of that patient's facts (another query
per question). Its latency is measured by bench/retrieval_latency.py; its
ranking quality against BM25 is for `medgraph eval` to measure.

Dense: pgvector cosine distance over Fact.embedding. Within one patient the
candidate set is small (hundreds to a few thousand facts), so by default
(DENSE_EXACT) the scan is exact over the patient's rows (b-tree on patient,
subject): deterministic and never truncated by a filter. With DENSE_EXACT =
False the planner may use the HNSW index with pgvector >= 0.8 iterative
scanning, so the patient filter never truncates the list either.
bench/retrieval_latency.py measures both modes at 300 sessions and at
100 patients x 300 sessions.

Query vectors travel as bound parameters through pgvector's psycopg adapter
(binary float32), never as SQL text literals; the question's embedding is
memoized per process (memory.retrieval.query_cache), so a repeated question
costs no encoder pass.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from django.db import transaction

from memory.domain.chains import EXCLUDED_VERIFICATIONS
from memory.domain.rrf import MAX_FACTS, unit_key
from memory.embedding import Embedder
from memory.indexing import EmbeddingSpaceMismatch, current_embedder, vector_cursor
from memory.queries import prepared
from memory.reading import read_cache
from memory.retrieval.query_cache import cached_query_vector
from memory.search.text import tsquery_text

DENSE_EXACT = True
# Only records in force are ranked: one a clinician refuted or marked entered
# in error stays visible in its chain and profile, but never triggers retrieval.
_IN_FORCE = (
    "AND verification NOT IN (" + ", ".join(f"'{v}'" for v in sorted(EXCLUDED_VERIFICATIONS)) + ") "
)

RankedFacts = list[tuple[int, str]]  # (fact_id, unit key), best first


def check_query_space(patient_id: int, embedder: Embedder) -> None:
    """Refuse to rank when the stored vectors come from another model or width.

    A question vector compared with vectors of another model gives distances that
    mean nothing, and a silently wrong ranking can hide the record that matters.
    The stored embedder (IndexState) comes with the patient's memory-version read,
    so within an ask the check costs no round trip. No IndexState: nothing was
    indexed yet, so there is nothing to mix."""
    snap = read_cache.snapshot(patient_id)
    if snap.embedder is None:
        return
    if snap.embedder != embedder.name or snap.dim != embedder.dim:
        raise EmbeddingSpaceMismatch(
            f"stored vectors were built with {snap.embedder} ({snap.dim}-d) but the configured "
            f"embedder is {embedder.name} ({embedder.dim}-d): the index must be rebuilt before "
            "questions can be answered; run `medgraph reindex`"
        )


def embed_query(text: str) -> np.ndarray:
    """The question's unit vector (float32, read-only) from the configured embedder."""
    return cached_query_vector(current_embedder(), text)


def lexical_facts(patient_id: int, person_id: int, question: str) -> RankedFacts:
    query = tsquery_text(question)
    if not query:
        return []
    sql = (
        "SELECT id, chain_id FROM memory_fact, to_tsquery('simple', %s) q "
        "WHERE patient_id = %s AND subject_id = %s AND search @@ q "
        + _IN_FORCE
        + "ORDER BY ts_rank_cd(search, q, 1) DESC, id LIMIT %s"
    )
    return _fetch(sql, [query, patient_id, person_id, MAX_FACTS])


def dense_facts(patient_id: int, person_id: int, vector: np.ndarray) -> RankedFacts:
    # With DENSE_EXACT the secondary key makes the order total (ties -> lower id).
    # "+ 0" makes the sort key an expression no index can supply: otherwise the
    # planner may walk the global HNSW graph (no iterative scan) under an
    # incremental sort, and the patient filter then truncates the list.
    order = "(embedding <=> %s) + 0, id" if DENSE_EXACT else "embedding <=> %s"
    sql = (
        "SELECT id, chain_id FROM memory_fact "
        "WHERE patient_id = %s AND subject_id = %s AND embedding IS NOT NULL "
        + _IN_FORCE
        + f"ORDER BY {order} LIMIT %s"
    )
    params = [patient_id, person_id, vector, MAX_FACTS]
    if DENSE_EXACT:  # one round trip: no transaction, no SET LOCAL
        return _fetch(sql, params)
    with transaction.atomic(), vector_cursor() as cur:
        cur.execute("SET LOCAL hnsw.iterative_scan = strict_order")
        cur.execute("SET LOCAL hnsw.ef_search = 100")
        return _fetch(sql, params)


# Both lists in one round trip (the exact dense scan needs no SET LOCAL): each part keeps
# its own order and limit, and `part, rank` restore the two lists from the rows.
_BOTH_SQL = (
    "SELECT part, id, chain_id FROM ("
    "(SELECT 0 AS part, row_number() OVER (ORDER BY ts_rank_cd(search, q, 1) DESC, id) AS rank, "
    "id, chain_id FROM memory_fact, to_tsquery('simple', %s) q "
    "WHERE patient_id = %s AND subject_id = %s AND search @@ q "
    + _IN_FORCE
    + "ORDER BY ts_rank_cd(search, q, 1) DESC, id LIMIT %s) UNION ALL "
    "(SELECT 1, row_number() OVER (ORDER BY (embedding <=> %s) + 0, id), id, chain_id "
    "FROM memory_fact WHERE patient_id = %s AND subject_id = %s AND embedding IS NOT NULL "
    + _IN_FORCE
    + "ORDER BY (embedding <=> %s) + 0, id LIMIT %s)) ranked ORDER BY part, rank"
)


def ranked_facts(
    patient_id: int, person_id: int, question: str, vector: np.ndarray
) -> tuple[RankedFacts, RankedFacts]:
    """(lexical, dense): the two ranked lists, exactly as lexical_facts and
    dense_facts give them, in one round trip when the dense scan is exact."""
    query = tsquery_text(question)
    if not (DENSE_EXACT and query):
        return lexical_facts(patient_id, person_id, question), dense_facts(
            patient_id, person_id, vector
        )
    params = [query, patient_id, person_id, MAX_FACTS,
              vector, patient_id, person_id, vector, MAX_FACTS]  # fmt: skip
    lists: tuple[RankedFacts, RankedFacts] = ([], [])
    with prepared.cursor() as cur:
        cur.execute(_BOTH_SQL, params)
        for part, fact_id, chain_id in cur.fetchall():
            lists[part].append((fact_id, unit_key(fact_id, chain_id)))
    return lists


def _fetch(sql: str, params: Sequence[object]) -> RankedFacts:
    with prepared.cursor() as cur:
        cur.execute(sql, params)
        return [(fact_id, unit_key(fact_id, chain_id)) for fact_id, chain_id in cur.fetchall()]


def _raw_filter() -> str:
    """Turn pairs of sessions whose focus is the patient: "patient", or "mixed"
    with at least one record of the patient (a "mixed" session about two
    relatives and nobody else is not about the patient)."""
    return (
        "FROM memory_turnpair tp JOIN memory_session s ON s.id = tp.session_id "
        "WHERE tp.patient_id = %s AND (s.session_subject = 'patient' OR ("
        "s.session_subject = 'mixed' AND EXISTS (SELECT 1 FROM memory_fact f "
        "JOIN memory_person p ON p.id = f.subject_id "
        "WHERE f.session_id = s.id AND p.key = 'patient'))) "
    )


def lexical_turn_pairs(patient_id: int, question: str, limit: int) -> list[int]:
    """Raw turn pairs of sessions about the patient only (§6.7), best first."""
    query = tsquery_text(question)
    if not query:
        return []
    sql = (
        "SELECT tp.id " + _raw_filter() + "AND tp.search @@ to_tsquery('simple', %s) "
        "ORDER BY ts_rank_cd(tp.search, to_tsquery('simple', %s), 1) DESC, tp.id LIMIT %s"
    )
    return _ids(sql, [patient_id, query, query, limit])


def dense_turn_pairs(patient_id: int, vector: np.ndarray, limit: int) -> list[int]:
    # Exact over the patient's own pairs, as dense_facts: "+ 0" keeps the planner off
    # the global HNSW graph, whose walk (ef_search candidates, then the patient and
    # session-focus filters) returned 10 of 32 pairs at 30 patients; iterative scans
    # returned no more there and cost two more round trips (SET LOCAL, COMMIT). The
    # exact scan costs more (≈15 ms for 1,380 pairs) but runs only when < 2 facts came.
    sql = (
        "SELECT tp.id " + _raw_filter() + "AND tp.embedding IS NOT NULL "
        "ORDER BY (tp.embedding <=> %s) + 0, tp.id LIMIT %s"
    )
    return _ids(sql, [patient_id, vector, limit])


def _ids(sql: str, params: Sequence[object]) -> list[int]:
    with prepared.cursor() as cur:
        cur.execute(sql, params)
        return [row[0] for row in cur.fetchall()]
