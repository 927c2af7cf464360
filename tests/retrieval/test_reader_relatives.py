"""A question about a relative gives the LLM reader that relative's records, labelled
as theirs; a question about the patient never does (issue 35 item 5)."""

from __future__ import annotations

from datetime import date

import pytest

from memory.answering import answer
from tests.retrieval.graph import fact, llm_reader

pytestmark = pytest.mark.django_db


@pytest.fixture
def family(graph):
    graph.session(
        date(2024, 2, 26),
        [fact("condition", "stroke", "His father had a stroke in 2019.", status="confirmed",
              subject="family:father"),
         fact("medication_status", "valsartan", "Valsartan 80 mg every morning.",
              status="active", turn=2)],
        external_id="visit-1",
    )  # fmt: skip
    return graph


def _ask(graph, fake_openai, question: str, reply: str = "Yes [R1]."):
    fake_openai.reply(reply)
    with llm_reader(fake_openai.base_url):
        return answer(graph.patient, question)


def _section(prompt: str) -> str:
    start = prompt.index("[Relatives' records]")
    return prompt[start : prompt.index("[Question]")]


def test_a_question_about_the_father_carries_his_records(family, fake_openai) -> None:
    _ask(family, fake_openai, "Does the patient's father have a stroke history?")
    section = _section(fake_openai.requests[0].prompt)
    assert "[R1] family:father" in section and "stroke" in section


def test_a_question_about_the_patient_carries_no_relative_record(family, fake_openai) -> None:
    _ask(family, fake_openai, "Has the patient had a stroke?", "No record of a stroke.")
    assert _section(fake_openai.requests[0].prompt).strip().endswith("\n-")


def test_a_question_about_another_relative_carries_none_of_the_fathers(family, fake_openai) -> None:
    _ask(family, fake_openai, "Does his mother have a stroke history?", "No record [profile].")
    assert "family:father" not in _section(fake_openai.requests[0].prompt)


def test_an_answer_citing_relatives_records_stands(family, fake_openai) -> None:
    result = _ask(family, fake_openai, "Does the patient's father have a stroke history?")
    assert (result.reader, result.text) == ("llm", "Yes [R1].")


def test_a_chinese_question_about_the_father_carries_his_records(family, fake_openai) -> None:
    _ask(family, fake_openai, "患者的父亲有中风史吗？", "有 [R1]。")
    prompt = fake_openai.requests[0].prompt
    assert "[R1] family:father" in prompt[prompt.index("【家属记录】") :]
