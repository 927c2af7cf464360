"""get_embedder: spec parsing, caching and clear errors."""

from __future__ import annotations

import pytest

from memory.embedding import EmbedderUnavailable, get_embedder


def test_same_spec_returns_the_same_instance() -> None:
    assert get_embedder("use-multilingual") is get_embedder("use-multilingual")


def test_unknown_spec_raises_a_clear_error_naming_it() -> None:
    with pytest.raises(EmbedderUnavailable, match="unknown embedder spec 'word2vec'"):
        get_embedder("word2vec")


def test_model_not_available_offline_names_the_model_and_the_install() -> None:
    with pytest.raises(EmbedderUnavailable, match=r"no-such-org/no-such-model.*pip install"):
        get_embedder("st:no-such-org/no-such-model")


def test_missing_local_model_directory_is_reported_not_downloaded(tmp_path) -> None:
    missing = tmp_path / "model-dir-that-does-not-exist"
    with pytest.raises(EmbedderUnavailable, match="neither a local directory"):
        get_embedder(f"st:{missing}")


def test_empty_sentence_transformers_name_is_rejected() -> None:
    with pytest.raises(EmbedderUnavailable, match="empty sentence-transformers model name"):
        get_embedder("st:")
