"""A failure reason in the profile line names the cause, not the endpoint URL."""

from __future__ import annotations

from memory.domain.pending import short_reason

AUTH = (
    "LLM extraction failed (auth): LLM call to https://llm.hospital.example/v1 (model "
    "qwen2.5-72b-instruct) failed: HTTP 401: Incorrect API key provided; check LLM_API_KEY"
)


def test_an_llm_failure_reads_as_its_kind_and_cause() -> None:
    assert short_reason(AUTH) == (
        "LLM failed (auth): HTTP 401: Incorrect API key provided; check LLM_API_KEY"
    )


def test_a_retried_failure_keeps_its_cause() -> None:
    reason = AUTH.replace("failed: HTTP 401", "failed after 3 requests: HTTP 401")
    assert short_reason(reason).endswith("check LLM_API_KEY")


def test_a_long_reason_is_cut_at_a_word_with_an_ellipsis() -> None:
    cut = short_reason("extractor error: " + "word " * 60, limit=40)
    assert cut.endswith("word…") and len(cut) <= 41


def test_a_short_other_reason_is_kept_whole() -> None:
    assert short_reason("extractor error: KeyError('x')") == "extractor error: KeyError('x')"
