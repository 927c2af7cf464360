"""LLMExtractor end to end against the fake OpenAI server (recorded replies)."""

from __future__ import annotations

import json
from datetime import date

import pytest

from memory.domain.types import Turn
from memory.extraction.base import ExtractionFailed, SessionText
from memory.extraction.llm import LLMExtractor
from tests.fakes.openai_server import SleepLog, recorded_session, reply_text

MALFORMED = "I'm sorry, here are the facts: the patient takes lisinopril."


def extractor(
    make_config, sleeps: SleepLog, lang: str = "auto", version: str = "v1", **overrides
) -> LLMExtractor:
    """The recorded replies used below answer prompt v1 (no assertion asked)."""
    return LLMExtractor(make_config(**overrides), lang=lang, prompt_version=version, sleep=sleeps)


def test_valid_reply_becomes_an_extraction(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_med_change_allergy")
    fake_openai.reply(reply)
    result = extractor(make_config, sleeps).extract(session)
    assert [f.status for f in result.extraction.facts if f.entity == "lisinopril"] == [
        "dose_changed"
    ]


def test_family_consultation_attributes_facts_to_the_father(
    fake_openai, make_config, sleeps
) -> None:
    session, reply = recorded_session("zh_family_father")
    fake_openai.reply(reply)
    result = extractor(make_config, sleeps).extract(session)
    assert (result.extraction.session_subject, {f.subject for f in result.extraction.facts}) == (
        "family:father",
        {"family:father"},
    )


def test_causes_survive_dropping_general_knowledge(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("zh_causes_general_knowledge")
    fake_openai.reply(reply)
    facts = extractor(make_config, sleeps).extract(session).extraction.facts
    stop = next(f for f in facts if f.status == "stopped")
    assert facts[stop.causes[0]].safety_kind == "contraindication"


def test_result_records_extractor_model_and_prompt_version(
    fake_openai, make_config, sleeps
) -> None:
    session, reply = recorded_session("zh_family_father")
    fake_openai.reply(reply)
    result = extractor(make_config, sleeps).extract(session)
    assert (result.extractor, result.model, result.prompt_version) == (
        "llm",
        "fake-extractor-1",
        "extract/v1.zh",
    )


def test_token_usage_is_summed_over_attempts(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_med_change_allergy")
    fake_openai.reply(MALFORMED, usage=(1000, 20)).reply(reply, usage=(1100, 300))
    result = extractor(make_config, sleeps).extract(session)
    assert (result.prompt_tokens, result.completion_tokens) == (2100, 320)


def test_raw_reply_of_the_accepted_attempt_is_kept(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_med_change_allergy")
    fake_openai.reply(reply)
    assert extractor(make_config, sleeps).extract(session).raw_reply == reply_text(reply)


def test_malformed_then_valid_succeeds_on_attempt_two(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_med_change_allergy")
    fake_openai.reply(MALFORMED).reply(reply)
    assert extractor(make_config, sleeps).extract(session).attempts == 2


def test_retry_message_feeds_back_the_validation_error(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_med_change_allergy")
    bad = json.loads(json.dumps(reply))
    bad["facts"][1]["status"] = "ongoing"
    fake_openai.reply(bad).reply(reply)
    extractor(make_config, sleeps).extract(session)
    follow_up = fake_openai.requests[1].messages[-1]["content"]
    assert "facts[1].status: 'ongoing' is not one of" in follow_up


def test_retry_conversation_includes_the_rejected_reply(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_med_change_allergy")
    fake_openai.reply(MALFORMED).reply(reply)
    extractor(make_config, sleeps).extract(session)
    roles = [(m["role"], m["content"]) for m in fake_openai.requests[1].messages[:2]]
    assert roles[1] == ("assistant", MALFORMED)


def test_always_malformed_fails_with_reason_and_raw_reply(fake_openai, make_config, sleeps) -> None:
    session, _ = recorded_session("en_med_change_allergy")
    fake_openai.reply(MALFORMED).reply(MALFORMED).reply(MALFORMED)
    with pytest.raises(ExtractionFailed) as info:
        extractor(make_config, sleeps, max_attempts=3).extract(session)
    failed = info.value
    assert (failed.raw_reply, failed.attempts, "no JSON object" in failed.reason) == (
        MALFORMED,
        3,
        True,
    )


def test_failure_stops_after_max_attempts(fake_openai, make_config, sleeps) -> None:
    session, _ = recorded_session("en_med_change_allergy")
    fake_openai.reply(MALFORMED).reply(MALFORMED).reply(MALFORMED)
    with pytest.raises(ExtractionFailed):
        extractor(make_config, sleeps, max_attempts=2).extract(session)
    assert fake_openai.calls == 2


def test_truncated_reply_is_retried(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("zh_family_father")
    fake_openai.truncated(reply).reply(reply)
    result = extractor(make_config, sleeps).extract(session)
    assert (result.attempts, len(result.extraction.facts)) == (2, 7)


def test_truncated_reply_feedback_says_it_was_cut_off(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("zh_family_father")
    fake_openai.truncated(reply).reply(reply)
    extractor(make_config, sleeps).extract(session)
    assert "finish_reason=length" in fake_openai.requests[1].messages[-1]["content"]


def test_server_error_then_valid_reply_succeeds(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_med_change_allergy")
    fake_openai.error(500).reply(reply)
    result = extractor(make_config, sleeps).extract(session)
    assert (result.attempts, fake_openai.calls) == (2, 2)  # attempts count HTTP requests


def test_retries_and_re_asks_share_one_request_budget(fake_openai, make_config, sleeps) -> None:
    # Two timeouts and one invalid reply spend the 3 requests: never 3 x 3.
    session, _ = recorded_session("en_med_change_allergy")
    fake_openai.slow(1.5).slow(1.5).reply("not json").reply("not json").reply("not json")
    with pytest.raises(ExtractionFailed) as caught:
        extractor(make_config, sleeps, timeout_s=0.2, max_attempts=3).extract(session)
    assert (fake_openai.calls, caught.value.attempts) == (3, 3)


def test_an_invalid_reply_names_its_kind(fake_openai, make_config, sleeps) -> None:
    session, _ = recorded_session("en_med_change_allergy")
    fake_openai.reply("not json").reply("not json").reply("not json")
    with pytest.raises(ExtractionFailed) as caught:
        extractor(make_config, sleeps).extract(session)
    assert caught.value.kind == "invalid_reply"


def test_rate_limit_is_honored_during_extraction(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_med_change_allergy")
    fake_openai.error(429, retry_after="3").reply(reply)
    extractor(make_config, sleeps, backoff_s=0.1).extract(session)
    assert sleeps.waits == [3.0]


def test_timeouts_fail_the_extraction_naming_the_timeout(fake_openai, make_config, sleeps) -> None:
    session, _ = recorded_session("en_med_change_allergy")
    fake_openai.slow(1.5).slow(1.5)
    with pytest.raises(ExtractionFailed, match="timeout"):
        extractor(make_config, sleeps, timeout_s=0.2, max_attempts=2).extract(session)


def test_server_without_json_mode_still_extracts(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_med_change_allergy")
    fake_openai.reject_response_format().reply(reply)
    result = extractor(make_config, sleeps).extract(session)
    assert len(result.extraction.facts) == 5


def test_prompt_contains_the_session_date(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_med_change_allergy")
    fake_openai.reply(reply)
    extractor(make_config, sleeps).extract(session)
    assert "[Dialogue date] 2023-11-02" in fake_openai.requests[0].prompt


def test_prompt_numbers_the_turns_from_one(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_med_change_allergy")
    fake_openai.reply(reply)
    extractor(make_config, sleeps).extract(session)
    prompt = fake_openai.requests[0].prompt
    assert "1. Doctor: How have you been doing with the lisinopril?\n2. Patient: Okay" in prompt


def test_undated_session_is_sent_as_unknown_date(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_negated_allergy_relative")
    fake_openai.reply(reply)
    extractor(make_config, sleeps).extract(session)
    assert "[Dialogue date] unknown" in fake_openai.requests[0].prompt


def test_session_header_is_sent_before_the_turns(fake_openai, make_config, sleeps) -> None:
    turns = (Turn(1, "patient", "He has had a cough for a week."),)
    header = "[Health consultation record about Wang Jun(father)]"
    fake_openai.reply({"session_subject": "family:father", "facts": []})
    extractor(make_config, sleeps).extract(SessionText(date(2024, 5, 1), turns, title=header))
    assert f"{header}\n1. Patient: He has had a cough" in fake_openai.requests[0].prompt


def test_chinese_dialogue_gets_the_chinese_prompt(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("zh_family_father")
    fake_openai.reply(reply)
    extractor(make_config, sleeps).extract(session)
    assert "【对话日期】2024-03-12" in fake_openai.requests[0].prompt


def test_fixed_language_overrides_detection(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("zh_family_father")
    fake_openai.reply(reply)
    result = extractor(make_config, sleeps, lang="en").extract(session)
    assert result.prompt_version == "extract/v1.en"


def test_model_name_from_config_is_sent(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("zh_family_father")
    fake_openai.reply(reply)
    extractor(make_config, sleeps, model="qwen3-30b").extract(session)
    assert fake_openai.requests[0].body["model"] == "qwen3-30b"


def test_unknown_language_setting_is_rejected(make_config) -> None:
    with pytest.raises(ValueError, match="lang"):
        LLMExtractor(make_config(), lang="fr")
