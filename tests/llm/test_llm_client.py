"""ChatClient against the real fake HTTP server: retries, fallbacks, errors."""

from __future__ import annotations

import pytest

from memory.llm.client import ChatClient, LLMError
from tests.fakes.openai_server import FakeOpenAIServer, SleepLog

MESSAGES = [{"role": "user", "content": "Say {} in JSON"}]


def client(make_config, sleeps: SleepLog, **overrides) -> ChatClient:
    return ChatClient(make_config(**overrides), sleep=sleeps, rng=lambda: 0.0)


def test_reply_text_model_and_usage_come_from_the_server(fake_openai, make_config, sleeps) -> None:
    fake_openai.reply("{}", usage=(120, 7))
    reply = client(make_config, sleeps).complete(MESSAGES)
    assert (reply.text, reply.model, reply.prompt_tokens, reply.completion_tokens) == (
        "{}",
        "fake-extractor-1",
        120,
        7,
    )


def test_request_carries_model_messages_and_api_key(fake_openai, make_config, sleeps) -> None:
    fake_openai.reply("{}")
    client(make_config, sleeps).complete(MESSAGES)
    sent = fake_openai.requests[0]
    assert (sent.body["model"], sent.messages, sent.headers["authorization"]) == (
        "fake-extractor-1",
        MESSAGES,
        "Bearer test-key-123",
    )


def test_json_mode_sends_response_format(fake_openai, make_config, sleeps) -> None:
    fake_openai.reply("{}")
    client(make_config, sleeps).complete(MESSAGES, json_mode=True)
    assert fake_openai.requests[0].body["response_format"] == {"type": "json_object"}


def test_plain_mode_sends_no_response_format(fake_openai, make_config, sleeps) -> None:
    fake_openai.reply("hello")
    client(make_config, sleeps).complete(MESSAGES, json_mode=False)
    assert "response_format" not in fake_openai.requests[0].body


def test_server_error_is_retried_then_succeeds(fake_openai, make_config, sleeps) -> None:
    fake_openai.error(500, "upstream crashed").reply("{}")
    reply = client(make_config, sleeps).complete(MESSAGES)
    assert (reply.text, reply.attempts, fake_openai.calls) == ("{}", 2, 2)


def test_backoff_doubles_between_retries(fake_openai, make_config, sleeps) -> None:
    fake_openai.error(503).error(502).reply("{}")
    client(make_config, sleeps, backoff_s=0.5).complete(MESSAGES)
    assert sleeps.waits == [0.5, 1.0]


def test_jitter_lengthens_the_wait_by_at_most_a_quarter(fake_openai, make_config, sleeps) -> None:
    fake_openai.error(500).reply("{}")
    ChatClient(make_config(backoff_s=2.0), sleep=sleeps, rng=lambda: 1.0).complete(MESSAGES)
    assert sleeps.waits == [2.5]


def test_rate_limit_waits_as_long_as_retry_after_says(fake_openai, make_config, sleeps) -> None:
    fake_openai.error(429, "slow down", retry_after="7").reply("{}")
    reply = client(make_config, sleeps, backoff_s=0.1).complete(MESSAGES)
    assert (reply.text, sleeps.waits) == ("{}", [7.0])


def test_retry_after_is_capped(fake_openai, make_config, sleeps) -> None:
    fake_openai.error(429, retry_after="86400").reply("{}")
    client(make_config, sleeps).complete(MESSAGES)
    assert sleeps.waits == [60.0]


def test_persistent_server_errors_give_up_after_max_attempts(
    fake_openai, make_config, sleeps
) -> None:
    fake_openai.error(500).error(500).error(500).reply("{}")
    with pytest.raises(LLMError):
        client(make_config, sleeps, max_attempts=3).complete(MESSAGES)
    assert fake_openai.calls == 3


def test_error_names_endpoint_model_and_cause(fake_openai, make_config, sleeps) -> None:
    fake_openai.error(500, "GPU on fire").error(500, "GPU on fire")
    with pytest.raises(LLMError) as info:
        client(make_config, sleeps, max_attempts=2).complete(MESSAGES)
    reason = info.value.reason
    named = [part in reason for part in (fake_openai.base_url, "fake-extractor-1", "GPU on fire")]
    assert named == [True, True, True]


def test_client_error_is_not_retried(fake_openai, make_config, sleeps) -> None:
    fake_openai.error(401, "invalid api key").reply("{}")
    with pytest.raises(LLMError, match="HTTP 401: invalid api key"):
        client(make_config, sleeps).complete(MESSAGES)
    assert fake_openai.calls == 1


def test_timeout_is_retried_then_reported(fake_openai, make_config, sleeps) -> None:
    fake_openai.slow(1.5).slow(1.5)
    with pytest.raises(LLMError, match=r"timeout after 0\.2 s"):
        client(make_config, sleeps, timeout_s=0.2, max_attempts=2).complete(MESSAGES)
    assert fake_openai.calls == 2


def test_timeout_then_success_returns_the_reply(fake_openai, make_config, sleeps) -> None:
    fake_openai.slow(1.5).reply('{"ok": true}')
    reply = client(make_config, sleeps, timeout_s=0.2).complete(MESSAGES)
    assert (reply.text, reply.attempts) == ('{"ok": true}', 2)


def test_refused_connection_is_a_clear_error(make_config, sleeps) -> None:
    config = make_config(base_url="http://127.0.0.1:9/v1", max_attempts=2)
    with pytest.raises(
        LLMError, match=r"127\.0\.0\.1:9/v1 .*connection error: .*refused.*LLM_BASE_URL"
    ):
        ChatClient(config, sleep=sleeps).complete(MESSAGES)


def test_rejected_response_format_falls_back_to_plain_mode(
    fake_openai: FakeOpenAIServer, make_config, sleeps
) -> None:
    fake_openai.reject_response_format().reply("{}")
    reply = client(make_config, sleeps).complete(MESSAGES)
    sent = ["response_format" in r.body for r in fake_openai.requests]
    assert (reply.text, sent) == ("{}", [True, False])


def test_fallback_is_remembered_for_later_calls(fake_openai, make_config, sleeps) -> None:
    fake_openai.reject_response_format().reply("{}").reply("{}")
    chat = client(make_config, sleeps)
    chat.complete(MESSAGES)
    chat.complete(MESSAGES)
    assert fake_openai.calls == 3


def test_other_bad_request_is_not_retried_without_response_format(
    fake_openai, make_config, sleeps
) -> None:
    fake_openai.error(400, "context length exceeded").reply("{}")
    with pytest.raises(LLMError, match="context length exceeded"):
        client(make_config, sleeps).complete(MESSAGES)
    assert fake_openai.calls == 1


def test_finish_reason_length_is_reported(fake_openai, make_config, sleeps) -> None:
    fake_openai.truncated('{"session_subject": "patient", "facts": []}')
    assert client(make_config, sleeps).complete(MESSAGES).finish_reason == "length"


def test_a_rejected_key_names_llm_api_key(
    fake_openai: FakeOpenAIServer, make_config, sleeps
) -> None:
    fake_openai.error(401, "Incorrect API key provided")
    with pytest.raises(LLMError, match=r"HTTP 401: Incorrect API key provided; check LLM_API_KEY"):
        client(make_config, sleeps).complete(MESSAGES)


def test_an_unknown_model_names_the_model_variables(
    fake_openai: FakeOpenAIServer, make_config, sleeps
) -> None:
    fake_openai.error(404, "The model `gpt-9` does not exist or you do not have access to it.")
    with pytest.raises(LLMError, match=r"HTTP 404: .*LLM_EXTRACTION_MODEL / LLM_READER_MODEL"):
        client(make_config, sleeps).complete(MESSAGES)


def test_a_wrong_path_says_the_base_url_should_end_in_v1(
    fake_openai: FakeOpenAIServer, make_config, sleeps
) -> None:
    config = make_config(base_url=fake_openai.base_url.removesuffix("/v1"))
    with pytest.raises(LLMError, match=r"HTTP 404: .*LLM_BASE_URL ends in /v1"):
        ChatClient(config, sleep=sleeps).complete(MESSAGES)


def test_a_single_request_failure_claims_no_repeated_attempts(
    fake_openai: FakeOpenAIServer, make_config, sleeps
) -> None:
    fake_openai.error(500, "boom")
    with pytest.raises(LLMError) as caught:
        client(make_config, sleeps, max_attempts=1).complete(MESSAGES)
    assert "after" not in caught.value.reason and caught.value.requests == 1


def test_failures_carry_their_kind_for_the_counters(
    fake_openai: FakeOpenAIServer, make_config, sleeps
) -> None:
    fake_openai.error(401, "bad key")
    with pytest.raises(LLMError) as caught:
        client(make_config, sleeps).complete(MESSAGES)
    assert caught.value.kind == "auth"


def test_max_requests_bounds_one_completion(
    fake_openai: FakeOpenAIServer, make_config, sleeps
) -> None:
    fake_openai.error(500).error(500).error(500)
    with pytest.raises(LLMError):
        client(make_config, sleeps, max_attempts=3).complete(MESSAGES, max_requests=2)
    assert fake_openai.calls == 2
