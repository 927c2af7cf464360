"""The demo questions (memory/fixtures/demo/questions.json) point at real evidence."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

FOLDER = Path(__file__).resolve().parents[2] / "memory" / "fixtures" / "demo"


@pytest.fixture(scope="module")
def patient() -> dict[str, Any]:
    return json.loads((FOLDER / "demo_patient.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def questions() -> list[dict[str, Any]]:
    doc = json.loads((FOLDER / "questions.json").read_text(encoding="utf-8"))
    return doc["questions"]


def _evidence(questions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for q in questions for e in q["evidence"]]


def test_there_are_at_least_fifteen_questions(questions: list[dict[str, Any]]) -> None:
    assert len(questions) >= 15


def test_question_ids_are_unique(questions: list[dict[str, Any]]) -> None:
    assert len({q["id"] for q in questions}) == len(questions)


def test_questions_are_asked_in_both_languages(questions: list[dict[str, Any]]) -> None:
    assert {q["language"] for q in questions} == {"en", "zh"}


def test_every_question_has_an_answer_and_evidence(questions: list[dict[str, Any]]) -> None:
    assert all(q["question"] and q["expected_answer"] and q["evidence"] for q in questions)


def test_evidence_sessions_exist(questions: list[dict[str, Any]], patient: dict[str, Any]) -> None:
    ids = {s["id"] for s in patient["sessions"]}
    assert {e["session"] for e in _evidence(questions)} <= ids


def test_evidence_turn_contains_its_quote(
    questions: list[dict[str, Any]], patient: dict[str, Any]
) -> None:
    sessions = {s["id"]: s["turns"] for s in patient["sessions"]}
    missing = [
        e
        for e in _evidence(questions)
        if e["quote"] not in sessions[e["session"]][e["turn"] - 1]["text"]
    ]
    assert missing == []


def test_safety_relative_and_false_premise_kinds_are_covered(
    questions: list[dict[str, Any]],
) -> None:
    assert {"safety", "relatives", "false_premise"} <= {q["kind"] for q in questions}
