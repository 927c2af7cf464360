"""Writing the lexical (tsvector) and dense (pgvector) index fields of facts and
L1 turn pairs, and switching the embedder (memory.indexing holds the read side).

Each fact is indexed on entity name + content + status; turn pairs are two
consecutive turns of one session.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from memory.actions import vector_columns
from memory.embedding import Embedder
from memory.indexing import (
    EmbeddingSpaceMismatch,
    current_embedder,
    embed_texts,
    fact_index_text,
    vector_cursor,
)
from memory.models import Fact, IndexState, Session, TurnPair
from memory.search.text import tsvector_text


def check_embedding_space(embedder: Embedder) -> None:
    """Refuse to write vectors of a second model, or of another width, into the columns.

    On a fresh database (no IndexState yet) empty columns first take the
    embedder's width, so a configured 384-d model works without a reindex.
    """
    state = IndexState.objects.filter(singleton=True).first()
    if state is None:
        vector_columns.fit_empty_columns(embedder.dim)
    dims = vector_columns.column_dims()
    if any(dim != embedder.dim for dim in dims.values()):
        raise EmbeddingSpaceMismatch(
            f"the vector columns are {dims} but {embedder.name} writes {embedder.dim}-d "
            "vectors: run `medgraph reindex`"
        )
    if state is None:
        state, _ = IndexState.objects.get_or_create(
            singleton=True, defaults={"embedder": embedder.name, "dim": embedder.dim}
        )
    if state.embedder != embedder.name or state.dim != embedder.dim:
        raise EmbeddingSpaceMismatch(
            f"stored vectors were built with {state.embedder} ({state.dim}-d) but the configured "
            f"embedder is {embedder.name} ({embedder.dim}-d): run `medgraph reindex`"
        )


def _fact_texts(facts: Sequence[Fact]) -> list[str]:
    return [
        fact_index_text(f.entity.name if f.entity_id else "", f.content, f.status) for f in facts
    ]


def index_facts(facts: Sequence[Fact]) -> None:
    if facts:
        _index_session_and_facts(None, facts)


def index_session(session: Session, facts: Sequence[Fact] = ()) -> None:
    """(Re)build the session's turn pairs and index them with its new facts."""
    _index_session_and_facts(session, facts)


def _index_session_and_facts(session: Session | None, facts: Sequence[Fact]) -> None:
    pairs = _rebuild_turn_pairs(session) if session is not None else []
    fact_texts = _fact_texts(facts)
    pair_texts = [p.text for p in pairs]
    if not fact_texts and not pair_texts:
        return
    embedder = current_embedder()
    check_embedding_space(embedder)
    # One encoder call per session: batching amortises the encoder's per-call cost.
    vectors = embed_texts(embedder, fact_texts + pair_texts)
    n = len(fact_texts)
    if n:
        _write_index("memory_fact", [f.pk for f in facts], fact_texts, vectors[:n])
    if pairs:
        _write_index("memory_turnpair", [p.pk for p in pairs], pair_texts, vectors[n:])


def _rebuild_turn_pairs(session: Session) -> list[TurnPair]:
    TurnPair.objects.filter(session=session).delete()
    turns = list(session.turns.order_by("index"))
    pairs = []
    for i in range(0, len(turns), 2):
        chunk = turns[i : i + 2]
        text = "\n".join(f"{t.speaker}: {t.text}" for t in chunk)
        pairs.append(
            TurnPair(
                session=session,
                patient_id=session.patient_id,
                first_turn=chunk[0].index,
                last_turn=chunk[-1].index,
                text=text,
            )
        )
    return TurnPair.objects.bulk_create(pairs)


def _write_index(table: str, ids: list[int], texts: list[str], vectors: np.ndarray) -> None:
    rows = [
        (tsvector_text(text), np.asarray(vec, dtype=np.float32), pk)
        for pk, text, vec in zip(ids, texts, vectors, strict=True)
    ]
    with vector_cursor() as cur:
        cur.executemany(
            f"UPDATE {table} SET search = to_tsvector('simple', %s), embedding = %s WHERE id = %s",
            rows,
        )


# --- switching embedders -----------------------------------------------------

_BATCH = 512
Progress = Callable[[int], None]


def reindex_all(
    embedder: Embedder, progress: Callable[[str, int], Progress] | None = None
) -> dict[str, int]:
    """Rebuild vector columns, their HNSW indexes and every embedding for `embedder`.

    The column type and the HNSW index change through Django's schema editor, with
    the same field and index definitions the migrations use, so the schema stays one
    Django can migrate. Runs in the caller's transaction: facts and turns are never
    touched, and no reader ever sees vectors of two models at once.
    `progress(label, total)` returns a callback advanced by each embedded batch.
    """
    for model in vector_columns.VECTOR_MODELS:
        # The width comes from the catalog, not from IndexState or the models.
        vector_columns.retype(model, embedder.dim)
    counts = {
        "facts": _reembed(
            Fact.objects.select_related("entity").order_by("pk"), embedder, _fact_text, progress
        ),
        "turn_pairs": _reembed(
            TurnPair.objects.order_by("pk"), embedder, lambda p: p.text, progress
        ),
    }
    for model in vector_columns.VECTOR_MODELS:
        vector_columns.add_hnsw_index(model)
    IndexState.objects.update_or_create(
        singleton=True, defaults={"embedder": embedder.name, "dim": embedder.dim}
    )
    return counts


def _fact_text(fact: Fact) -> str:
    return fact_index_text(fact.entity.name if fact.entity_id else "", fact.content, fact.status)


def _reembed(queryset, embedder: Embedder, text_of, progress=None) -> int:  # type: ignore[no-untyped-def]
    table = queryset.model._meta.db_table
    advance = progress(table, queryset.count()) if progress else (lambda n: None)
    total = 0
    batch: list = []
    for obj in queryset.iterator(chunk_size=_BATCH):
        batch.append(obj)
        if len(batch) == _BATCH:
            total += _embed_batch(table, batch, embedder, text_of)
            advance(len(batch))
            batch = []
    if batch:
        total += _embed_batch(table, batch, embedder, text_of)
        advance(len(batch))
    return total


def _embed_batch(table: str, objs: list, embedder: Embedder, text_of) -> int:  # type: ignore[no-untyped-def]
    texts = [text_of(o) for o in objs]
    _write_index(table, [o.pk for o in objs], texts, embed_texts(embedder, texts))
    return len(objs)
