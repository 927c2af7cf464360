"""The embedder contract shared by every backend.

The database records `Embedder.name` next to each vector and refuses to mix
vectors of two models in one column, so `name` must identify the model
exactly, and `dim` must be the true width of the vectors `embed` returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np


class EmbedderUnavailable(RuntimeError):
    """An embedder spec is unknown or its model cannot be loaded offline."""


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalized float32 vectors of shape (n, dim)."""

    @property
    def name(self) -> str:
        """Exact model identity, stored beside every vector."""
        ...

    @property
    def dim(self) -> int:
        """Width of the vectors `embed` returns."""
        ...

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


def l2_normalize(vectors: np.ndarray) -> np.ndarray:
    """Return float32 rows of unit length; an all-zero row stays zero.

    Cosine similarity then equals the inner product, which is what the
    pgvector HNSW index (vector_ip_ops / vector_cosine_ops) compares.
    """
    out = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    norms[norms == 0.0] = 1.0
    return (out / norms).astype(np.float32, copy=False)


def empty_matrix(dim: int) -> np.ndarray:
    """The (0, dim) result for an empty input, so callers never special-case it."""
    return np.zeros((0, dim), dtype=np.float32)


def check_texts(texts: Sequence[str]) -> list[str]:
    """Reject a bare string (a common slip that would embed its characters)."""
    if isinstance(texts, str):
        raise TypeError("embed() takes a sequence of strings, not a single string")
    batch = list(texts)
    for i, text in enumerate(batch):
        if not isinstance(text, str):
            raise TypeError(f"embed() item {i} is {type(text).__name__}, expected str")
    return batch
