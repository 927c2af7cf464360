"""llm_answer: one chat completion with the fixed answer prompt."""

from __future__ import annotations

from datetime import date

import pytest

from memory.llm.client import LLMError
from memory.llm.prompts import load_prompt
from memory.llm.reader import llm_answer

PROFILE = "Memory cutoff: 2024-03-01\nSAFETY: allergy penicillin (hives)"
EVIDENCE = "[E1] 2024-03-01 lisinopril 20 mg daily (dose_changed, current)"
QUESTION = "What dose of lisinopril is the patient on now?"


def ask(make_config, sleeps, **overrides):
    return llm_answer(
        make_config(**overrides),
        load_prompt("answer", "v1", "en"),
        QUESTION,
        PROFILE,
        EVIDENCE,
        date(2024, 3, 10),
        sleep=sleeps,
    )


def test_reader_makes_exactly_one_call(fake_openai, make_config, sleeps) -> None:
    fake_openai.reply("20 mg daily [E1]").reply("second answer")
    ask(make_config, sleeps)
    assert fake_openai.calls == 1


def test_reader_returns_the_answer_text(fake_openai, make_config, sleeps) -> None:
    fake_openai.reply("  20 mg daily [E1]\n")
    assert ask(make_config, sleeps).text == "20 mg daily [E1]"


def test_reader_prompt_carries_profile_evidence_question_and_today(
    fake_openai, make_config, sleeps
) -> None:
    fake_openai.reply("20 mg daily [E1]")
    ask(make_config, sleeps)
    prompt = fake_openai.requests[0].prompt
    parts = [PROFILE, EVIDENCE, QUESTION, "2024-03-10"]
    assert [part in prompt for part in parts] == [True] * 4


def test_reader_puts_the_profile_before_the_evidence(fake_openai, make_config, sleeps) -> None:
    fake_openai.reply("ok")
    ask(make_config, sleeps)
    prompt = fake_openai.requests[0].prompt
    assert prompt.index(PROFILE) < prompt.index(EVIDENCE)


def test_reader_does_not_ask_for_json(fake_openai, make_config, sleeps) -> None:
    fake_openai.reply("20 mg daily [E1]")
    ask(make_config, sleeps)
    assert "response_format" not in fake_openai.requests[0].body


def test_reader_reports_prompt_version_and_usage(fake_openai, make_config, sleeps) -> None:
    fake_openai.reply("20 mg daily [E1]", usage=(900, 12))
    reply = ask(make_config, sleeps)
    assert (reply.prompt_version, reply.prompt_tokens, reply.completion_tokens) == (
        "answer/v1.en",
        900,
        12,
    )


def test_reader_returns_the_exact_rendered_prompt(fake_openai, make_config, sleeps) -> None:
    fake_openai.reply("ok")
    reply = ask(make_config, sleeps)
    assert reply.rendered == fake_openai.requests[0].prompt


def test_reader_failure_raises_llm_error(fake_openai, make_config, sleeps) -> None:
    fake_openai.error(500).error(500)
    with pytest.raises(LLMError, match="HTTP 500"):
        ask(make_config, sleeps, max_attempts=2)
