"""Per-process memo of question embeddings.

A ward asks the same few questions many times a day ("current medications?",
"allergies?"), and the encoder pass is the largest CPU cost of an ask that
needs no LLM. The key is the embedder's exact name plus the question with its
whitespace collapsed, and the vector is computed from that same normalized
text, so a hit returns exactly what a miss would have computed: a cache hit
can never change an answer. Bounded (LRU) and thread-safe; vectors are
read-only arrays shared between threads. MEDGRAPH_QUERY_CACHE=0 turns it off
(benchmarks use that to report a cold figure).
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict

import numpy as np

from memory.embedding import Embedder

MAX_ENTRIES = 2048

_lock = threading.Lock()
_vectors: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
_stats = {"hits": 0, "misses": 0}


def normalized(text: str) -> str:
    return " ".join(text.split())


def enabled() -> bool:
    return os.environ.get("MEDGRAPH_QUERY_CACHE", "1").strip() not in {"0", "false", "no", "off"}


def cached_query_vector(embedder: Embedder, text: str) -> np.ndarray:
    """The unit vector of `text` under `embedder`, from the memo when seen before."""
    query = normalized(text)
    key = (embedder.name, query)
    if enabled():
        with _lock:
            hit = _vectors.get(key)
            if hit is not None:
                _vectors.move_to_end(key)
                _stats["hits"] += 1
                return hit
    vector = np.array(embedder.embed([query])[0], dtype=np.float32)
    vector.flags.writeable = False
    if enabled():
        with _lock:
            _stats["misses"] += 1
            _vectors[key] = vector
            _vectors.move_to_end(key)
            while len(_vectors) > MAX_ENTRIES:
                _vectors.popitem(last=False)
    return vector


def stats() -> dict[str, int]:
    with _lock:
        return {**_stats, "size": len(_vectors)}


def clear() -> None:
    with _lock:
        _vectors.clear()
        _stats.update(hits=0, misses=0)
