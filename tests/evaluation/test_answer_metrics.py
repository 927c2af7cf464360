"""Answer-level metrics of `medgraph eval`: questions, judging, and the LLM path.

The history is a small hand-written one (no dataset record); the LLM path runs
through the fake OpenAI-compatible server with scripted replies.
"""

from __future__ import annotations

from datetime import date

import pytest
from django.test import override_settings

from memory.answering import answer
from memory.domain.types import Turn
from memory.evaluation import gold as g
from memory.evaluation.answers import (
    AnswerQuestion,
    answer_questions,
    judge_answer,
    judge_history,
    summarize_answers,
)
from memory.evaluation.history_types import History, HistorySession, Question
from tests.fakes.openai_server import fake_openai
from tests.retrieval.graph import GraphBuilder, fact

__all__ = ["fake_openai"]

NOTE = "CHIEF COMPLAINT\nFollow-up.\n\nMEDICATIONS\nLisinopril 20 mg daily.\n"
TURNS = (
    Turn(1, "doctor", "Are you still taking the lisinopril?"),
    Turn(2, "patient", "Yes, lisinopril 20 mg every day."),
)


def history() -> History:
    core = HistorySession("core", "patient", TURNS, date(2024, 5, 1),
                          source="ACI-Bench X1", note=NOTE)  # fmt: skip
    hist = History("p-eval", "Alex", [core])
    hist.questions = [
        Question("p-eval/q1", "current", "What medications is Alex on now?",
                 (g.GoldItem("lisinopril", "lisinopril"),), "core"),
        Question("p-eval/q2", "safety", "I am about to prescribe a new medication for Alex.",
                 (g.GoldItem("penicillin", "penicillin"),), "core", "allergy"),
        Question("p-eval/q3", "relatives", "Does Alex personally have any history of asthma?",
                 (g.GoldItem("asthma", "asthma"),), "core"),
    ]  # fmt: skip
    return hist


def test_value_question_comes_from_a_dose_the_note_and_dialogue_share() -> None:
    values = [q for q in answer_questions(history()) if q.kind == "value"]
    assert [(q.text, q.value) for q in values] == [
        ("What dose of Lisinopril is Alex taking?", "20"),
        ("Alex的赖诺普利剂量是多少？", "20"),
    ]


def test_vital_sign_question_comes_from_the_note_and_a_spoken_reading() -> None:
    note = "VITALS\nBlood pressure: 128/72 mmHg\nHeart rate: 64 bpm\n"
    turns = (Turn(1, "doctor", "Your blood pressure was one twenty eight over seventy two."),)
    core = HistorySession("core", "patient", turns, date(2024, 5, 1),
                          source="ACI-Bench X2", note=note)  # fmt: skip
    values = [q for q in answer_questions(History("p-bp", "Alex", [core])) if q.kind == "value"]
    assert [(q.text, q.value) for q in values] == [
        ("What is Alex's latest blood pressure?", "128/72"),
        ("Alex最近一次的血压是多少？", "128/72"),
    ]  # the heart rate is never said in the dialogue: no question


def test_date_bound_reading_question_names_the_visit_date() -> None:
    note = "RESULTS\nHemoglobin A1c is 7.2. Creatinine 1.1.\n"
    turns = (Turn(1, "doctor", "Your a1c came back at 7.2 and creatinine 1.1."),)
    core = HistorySession("core", "patient", turns, date(2024, 5, 1),
                          source="ACI-Bench X3", note=note)  # fmt: skip
    texts = [q.text for q in answer_questions(History("p-lab", "Alex", [core]))
             if q.kind == "value" and q.lang == "en"]  # fmt: skip
    assert texts == ["What is Alex's latest hemoglobin A1c?",
                     "What was Alex's creatinine on 2024-05-01?"]  # fmt: skip


def test_reading_is_right_without_a_unit_but_a_dose_needs_one() -> None:
    reading = AnswerQuestion("r", "value", "bp?", value="128/72", unit_needed=False)
    dose = AnswerQuestion("d", "value", "dose?", value="500")
    said = [judge_answer(reading, "Blood pressure 128/72 mmHg measured 2024-05-01 [E1]", "t"),
            judge_answer(dose, "Metformin 500 since 2024-05-01 [E1]", "t")]  # fmt: skip
    assert [j.right for j in said] == [True, False]


def test_drug_question_asks_a_class_sibling_of_the_allergen() -> None:
    drugs = [q.text for q in answer_questions(history()) if q.kind == "drug"]
    assert drugs[0].startswith("I am about to prescribe") and drugs[1].startswith("Can I prescribe")


def test_every_history_gets_an_absent_item_question() -> None:
    abstain = [q.qid for q in answer_questions(history()) if q.kind == "abstain"]
    assert abstain == ["p-eval/q3", "p-eval/absent"]


def test_value_is_right_only_when_the_first_line_states_it() -> None:
    q = AnswerQuestion("v", "value", "dose?", value="20")
    right = judge_answer(q, "Lisinopril 20 mg daily since 2024-05-01 [E1]", "tune").right
    late = judge_answer(q, "Lisinopril (active)\n- said 20 mg", "tune").right
    assert (right, late) == (True, False)


def test_abstention_accepts_no_record_and_whose_record_but_never_yes() -> None:
    q = AnswerQuestion("a", "abstain", "asthma?")
    said = [judge_answer(q, text, "check").right for text in (
        "No record of asthma for the patient.", "Yes: Asthma since 2020 [E1]",
        "Asthma (chronic) since 2020 [E1]")]  # fmt: skip
    assert said == [True, False, False]


def test_summary_reports_each_part_apart() -> None:
    q = AnswerQuestion("a", "abstain", "asthma?")
    out = summarize_answers([judge_answer(q, "No record of asthma.", "tune"),
                             judge_answer(q, "Asthma [E1]", "check")])  # fmt: skip
    assert (out["tune"]["abstain"]["right"], out["check"]["abstain"]["right"]) == (1.0, 0.0)


@pytest.mark.django_db
def test_llm_reader_answers_are_judged_with_the_same_metrics(fake_openai) -> None:
    graph = GraphBuilder("p-eval")
    graph.session(date(2024, 5, 1), [
        fact("medication_status", "lisinopril", "Lisinopril 20 mg every day.", status="active"),
        fact("safety", "penicillin", "Penicillin allergy: rash.", safety_kind="allergy", turn=2),
    ])  # fmt: skip
    hist = history()
    replies = {
        "value": "Lisinopril 20 mg daily since 2024-05-01 [E1].",
        "list": "Lisinopril 20 mg daily [E1].",
        "abstain": "No record of that for the patient.",
        "drug": "CAUTION: penicillin allergy [profile].",
    }
    for q in answer_questions(hist):
        fake_openai.reply(replies[q.kind])
    with override_settings(LLM_BASE_URL=fake_openai.base_url, LLM_READER_MODEL="fake",
                           LLM_MAX_ATTEMPTS=1):  # fmt: skip
        judged = judge_history(hist, lambda q: answer(graph.patient, q).text, "check")
    summary = summarize_answers(judged)["check"]
    assert {k: v["right"] for k, v in summary.items()} == {
        "value": 1.0,
        "list": 1.0,
        "abstain": 1.0,
        "drug": 1.0,
    }
    assert fake_openai.calls == len(judged)
