"""A configured LLM reader whose reply cannot stand gives way to the extractive answer,
caution lines first, and says why (issue 35 item 1)."""

from __future__ import annotations

from datetime import date

import pytest

from memory.answering import answer
from tests.retrieval.graph import fact, llm_reader

pytestmark = pytest.mark.django_db


@pytest.fixture
def allergic(graph):
    graph.session(
        date(2024, 1, 8),
        [fact("medication_status", "valsartan", "Valsartan 80 mg every morning.", status="active"),
         fact("safety", "penicillin", "Penicillin allergy: hives.", safety_kind="allergy", turn=2)],
        external_id="visit-1",
    )  # fmt: skip
    return graph


def _ask(graph, fake_openai, reply: str, question: str = "Can I prescribe amoxicillin?"):
    fake_openai.reply(reply)
    with llm_reader(fake_openai.base_url):
        return answer(graph.patient, question)


@pytest.mark.parametrize("reply", ["", "   \n  "])
def test_an_empty_reply_gives_the_extractive_answer(allergic, fake_openai, reply) -> None:
    result = _ask(allergic, fake_openai, reply)
    assert (result.reader, result.failure) == ("extractive", "reader model fake-reader "
                                                   "returned an empty reply")  # fmt: skip


def test_an_empty_reply_still_gives_the_allergy_caution_first(allergic, fake_openai) -> None:
    result = _ask(allergic, fake_openai, "")
    assert result.text.splitlines()[0].startswith("CAUTION:") and "enicillin" in result.text


def test_a_reply_citing_nothing_gives_the_extractive_answer(allergic, fake_openai) -> None:
    result = _ask(allergic, fake_openai, "Amoxicillin is fine to prescribe for this patient.")
    assert result.reader == "extractive" and "cited no evidence line" in result.failure


def test_a_cited_reply_stands(allergic, fake_openai) -> None:
    result = _ask(allergic, fake_openai, "No: the patient is allergic to penicillin [E1].")
    assert (result.reader, result.failure) == ("llm", "")


def test_an_abstaining_reply_is_no_failure(allergic, fake_openai) -> None:
    result = _ask(allergic, fake_openai, "The record does not contain his weight.", "Weight?")
    assert result.reader == "llm"


def test_the_fallback_never_says_no_llm_is_configured(allergic, fake_openai) -> None:
    result = _ask(allergic, fake_openai, "")
    assert "no LLM configured" not in result.text and "the LLM reader failed" in result.text


def test_a_chinese_fallback_says_the_llm_failed(allergic, fake_openai) -> None:
    result = _ask(allergic, fake_openai, "", "可以开阿莫西林吗？")
    assert "大模型回答失败" in result.text and "未配置大模型" not in result.text


def test_ask_json_names_the_reader_model_and_prompt_version(allergic, fake_openai) -> None:
    payload = _ask(allergic, fake_openai, "No: penicillin allergy [E1].").to_payload()
    assert (payload["reader_model"], payload["reader_prompt_version"]) == (
        "fake-reader", "answer/v3.en",
    )  # fmt: skip
