"""Prompt extract/v2 end to end against the fake OpenAI server (recorded replies):
assertion required, caregiver sessions, value/dose slots, undated sessions."""

from __future__ import annotations

import copy

import pytest

from memory.extraction.base import ExtractionFailed
from memory.extraction.llm import LLMExtractor
from tests.fakes.openai_server import SleepLog, recorded_session


def extractor(make_config, sleeps: SleepLog, **overrides) -> LLMExtractor:
    """The extractor with prompt v2 (the recorded replies here answer v2)."""
    return LLMExtractor(make_config(**overrides), prompt_version="v2", sleep=sleeps)


def _without_assertion(reply: dict, index: int) -> dict:
    broken = copy.deepcopy(reply)
    del broken["facts"][index]["assertion"]
    return broken


def test_default_prompt_version_is_v3(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_v2_caregiver_values")
    fake_openai.reply(reply)
    result = LLMExtractor(make_config(), sleep=sleeps).extract(session)
    said = fake_openai.requests[0].prompt
    assert (result.prompt_version, "11. allergies" in said) == ("extract/v3.en", True)


def test_prompt_v2_stays_available(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_v2_caregiver_values")
    fake_openai.reply(reply)
    assert extractor(make_config, sleeps).extract(session).prompt_version == "extract/v2.en"


def test_caregiver_session_keeps_the_fathers_facts_off_the_patient(
    fake_openai, make_config, sleeps
) -> None:
    session, reply = recorded_session("en_v2_caregiver_values")
    fake_openai.reply(reply)
    facts = extractor(make_config, sleeps).extract(session).extraction.facts
    assert {(f.entity, f.subject) for f in facts if f.type == "medication_status"} == {
        ("lisinopril", "family:father"),
        ("aspirin", "patient"),
        ("amlodipine", "family:father"),
    }


def test_dose_said_after_the_drug_arrives_as_dose_slots(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_v2_caregiver_values")
    fake_openai.reply(reply)
    facts = extractor(make_config, sleeps).extract(session).extraction.facts
    lisinopril = next(f for f in facts if f.entity == "lisinopril")
    assert lisinopril.slots == {
        "value": 20,
        "unit": "mg",
        "frequency": "once daily",
        "route": "oral",
    }


def test_spoken_blood_pressure_arrives_as_systolic_and_diastolic(
    fake_openai, make_config, sleeps
) -> None:
    session, reply = recorded_session("en_v2_caregiver_values")
    fake_openai.reply(reply)
    facts = extractor(make_config, sleeps).extract(session).extraction.facts
    bp = next(f for f in facts if f.entity == "blood pressure")
    assert (bp.subject, bp.slots) == (
        "family:father",
        {"systolic": 136, "diastolic": 84, "unit": "mmHg"},
    )


def test_negated_and_hypothetical_assertions_are_kept(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_v2_caregiver_values")
    fake_openai.reply(reply)
    facts = extractor(make_config, sleeps).extract(session).extraction.facts
    assert [(f.entity, f.assertion) for f in facts if f.assertion != "present"] == [
        (None, "negated"),
        ("amlodipine", "hypothetical"),
    ]


def test_undated_session_is_sent_with_an_unknown_date(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_v2_caregiver_values")
    fake_openai.reply(reply)
    facts = extractor(make_config, sleeps).extract(session).extraction.facts
    prompt = fake_openai.requests[0].prompt
    assert ("[Dialogue date] unknown" in prompt, {f.date for f in facts}) == (True, {None})


def test_chinese_vitals_and_dose_change_arrive_as_slots(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("zh_v2_vitals_dose_change")
    fake_openai.reply(reply)
    result = extractor(make_config, sleeps).extract(session)
    slots = {f.entity: f.slots for f in result.extraction.facts}
    assert (result.prompt_version, slots["血压"], slots["心率"]["value"], slots["缬沙坦"]) == (
        "extract/v2.zh",
        {"systolic": 150, "diastolic": 95, "unit": "mmHg"},
        88,
        {"value": 160, "unit": "mg", "frequency": "每天一次"},
    )


def test_missing_assertion_is_re_asked_naming_the_fact(fake_openai, make_config, sleeps) -> None:
    session, reply = recorded_session("en_v2_caregiver_values")
    fake_openai.reply(_without_assertion(reply, 3)).reply(reply)
    result = extractor(make_config, sleeps).extract(session)
    follow_up = fake_openai.requests[1].messages[-1]["content"]
    assert (result.attempts, "facts[3].assertion: missing" in follow_up) == (2, True)


def test_missing_assertion_every_time_fails_the_extraction(
    fake_openai, make_config, sleeps
) -> None:
    session, reply = recorded_session("en_v2_caregiver_values")
    broken = _without_assertion(reply, 0)
    fake_openai.reply(broken).reply(broken)
    with pytest.raises(ExtractionFailed, match=r"facts\[0\]\.assertion: missing"):
        extractor(make_config, sleeps, max_attempts=2).extract(session)


def test_v1_reply_without_assertion_still_validates_under_v1(
    fake_openai, make_config, sleeps
) -> None:
    session, reply = recorded_session("en_v2_caregiver_values")
    fake_openai.reply(_without_assertion(reply, 0))
    v1 = LLMExtractor(make_config(), prompt_version="v1", sleep=sleeps)
    result = v1.extract(session)
    assert (result.prompt_version, result.extraction.facts[0].assertion) == (
        "extract/v1.en",
        "present",
    )
