"""The read side of the lexical (tsvector) and dense (pgvector) index: the configured
embedder, the text a fact is indexed on, and a vector-aware cursor.

memory.actions.index writes the index fields. Chinese is segmented with jieba
(medical dictionary) before `to_tsvector('simple', ...)`, so the same tokenizer
serves index and query.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence

import numpy as np
from django.conf import settings
from django.db import connection
from pgvector.psycopg import register_vector

from memory.embedding import Embedder, get_embedder

# The encoder's cost grows quadratically with length (≈20 ms at 400 characters,
# ≈220 ms at 1,600 on 2 cores) and a sentence encoder's vector of a long
# passage is dominated by its start anyway; full text stays in the BM25 index.
EMBED_MAX_CHARS = 400


def embed_texts(embedder: Embedder, texts: Sequence[str]) -> np.ndarray:
    return embedder.embed([t[:EMBED_MAX_CHARS] for t in texts])


class EmbeddingSpaceMismatch(RuntimeError):
    """The configured embedder differs from the one that built the stored vectors."""


def current_embedder() -> Embedder:
    return get_embedder(settings.EMBEDDER)


def fact_index_text(entity_name: str, content: str, status: str) -> str:
    return " ".join(part for part in (entity_name, content, status) if part)


_ADAPTED: weakref.WeakSet = weakref.WeakSet()


def vector_cursor():  # type: ignore[no-untyped-def]
    """A cursor whose connection sends numpy arrays as `vector` through pgvector's adapter.

    Registered lazily per connection: the type exists only once migrations ran.
    """
    connection.ensure_connection()
    ensure_vector_adapter(connection.connection)
    return connection.cursor()


def ensure_vector_adapter(raw: object) -> None:
    """Register pgvector's adapters once on a psycopg connection."""
    if raw not in _ADAPTED:
        register_vector(raw)
        _ADAPTED.add(raw)
