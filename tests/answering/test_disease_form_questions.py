"""A question naming a disease generally is answered by the record of its specific form."""

from __future__ import annotations

from datetime import date

import pytest

from memory.answering import answer
from tests.retrieval.graph import GraphBuilder, fact

pytestmark = pytest.mark.django_db


@pytest.fixture
def graph() -> GraphBuilder:
    g = GraphBuilder("p-forms")
    g.session(
        date(2024, 2, 5),
        [fact("condition", "type 2 diabetes", "确诊2型糖尿病", status="confirmed")],
    )
    g.session(
        date(2024, 5, 20),
        [
            fact(
                "condition",
                "hypothyroidism",
                "Her mother has hypothyroidism",
                subject="family:mother",
                status="confirmed",
            )
        ],
        subject="mixed",
    )
    return g


def test_general_name_in_english_finds_the_specific_record(graph: GraphBuilder) -> None:
    first = answer(graph.patient, "Does the patient have diabetes?").text.splitlines()[0]
    assert first.startswith("Yes") and "Type 2 diabetes" in first


def test_general_name_in_chinese_finds_the_specific_record(graph: GraphBuilder) -> None:
    first = answer(graph.patient, "患者有糖尿病吗？").text.splitlines()[0]
    assert first.startswith("是") and "2型糖尿病" in first


def test_another_specific_form_is_no_record(graph: GraphBuilder) -> None:
    first = answer(graph.patient, "Does the patient have type 1 diabetes?").text.splitlines()[0]
    assert first.startswith("No record of type 1 diabetes")


def test_a_relatives_specific_form_answers_a_general_name_as_theirs(graph: GraphBuilder) -> None:
    text = answer(graph.patient, "Does the patient have thyroid disease?").text
    assert "Thyroid disease is recorded for the mother, not the patient." in text
