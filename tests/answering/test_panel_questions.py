"""A question naming a test panel ("kidney function", 肾功能) is answered by the values
of its member tests (lexicon/data/panels.tsv)."""

from __future__ import annotations

import dataclasses
from datetime import date

import pytest

from memory.answering import answer
from tests.retrieval.graph import GraphBuilder, fact

pytestmark = pytest.mark.django_db


@pytest.fixture
def graph() -> GraphBuilder:
    egfr = dataclasses.replace(
        fact("lab_result", "egfr", "Kidney numbers: eGFR 84, all fine."),
        value="84",
        unit="mL/min/1.73m2",
        slots={"value": 84, "unit": "mL/min/1.73m2"},
    )
    g = GraphBuilder("p-panels")
    g.session(date(2024, 9, 2), [egfr])
    return g


def test_kidney_function_in_english_is_answered_by_the_egfr(graph: GraphBuilder) -> None:
    first = answer(graph.patient, "What is the patient's kidney function?").text.splitlines()[0]
    assert "84" in first


def test_kidney_function_in_chinese_is_answered_by_the_egfr(graph: GraphBuilder) -> None:
    first = answer(graph.patient, "患者的肾功能怎么样？").text.splitlines()[0]
    assert "84" in first


def test_a_panel_without_member_values_has_no_record(graph: GraphBuilder) -> None:
    first = answer(graph.patient, "What is the patient's liver function?").text.splitlines()[0]
    assert first.startswith("No record of")
