"""A history question lists every stored record of the item's chain, not only the
three the evidence budget gives a chain (matched, anchor, relation): a history of
three readings out of six reads as if the others were never taken."""

from __future__ import annotations

import dataclasses
from datetime import date

import pytest

from memory.answering import answer
from tests.retrieval.graph import GraphBuilder, fact

pytestmark = pytest.mark.django_db
READINGS = ("152/96", "148/92", "144/90", "138/88", "132/84", "128/80")


def _reading(value: str) -> object:
    systolic, diastolic = value.split("/")
    return dataclasses.replace(
        fact("vital", "blood pressure", f"Blood pressure today {value}."),
        value=value,
        unit="mmHg",
        slots={"systolic": int(systolic), "diastolic": int(diastolic), "unit": "mmHg"},
    )


@pytest.fixture
def graph() -> GraphBuilder:
    g = GraphBuilder("p-history")
    for month, value in enumerate(READINGS, start=1):
        g.session(date(2024, month, 10), [_reading(value)])
    return g


def test_a_history_question_lists_every_reading_in_english(graph: GraphBuilder) -> None:
    text = answer(graph.patient, "How has the blood pressure changed over time?").text
    assert [v for v in READINGS if v in text] == list(READINGS)


def test_a_history_question_lists_every_reading_in_chinese(graph: GraphBuilder) -> None:
    text = answer(graph.patient, "血压这段时间的变化怎么样？").text
    assert [v for v in READINGS if v in text] == list(READINGS)


def test_a_history_lists_the_readings_by_date(graph: GraphBuilder) -> None:
    text = answer(graph.patient, "How has the blood pressure changed over time?").text
    listed = [line for line in text.splitlines() if line.startswith("- Blood pressure")]
    assert [next(v for v in READINGS if v in line) for line in listed] == list(READINGS)
