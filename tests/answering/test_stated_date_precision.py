"""A list answer gives a record's date to the precision it was told with."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from memory.answering import answer
from tests.retrieval.graph import GraphBuilder, fact

pytestmark = pytest.mark.django_db


@pytest.fixture
def graph() -> GraphBuilder:
    g = GraphBuilder("p-precision")
    g.session(
        date(2024, 6, 3),
        [fact("medication_status", "sertraline", "I take sertraline 50 mg.", status="active")],
    )
    stopped = fact(
        "medication_status",
        "sertraline",
        "I stopped the sertraline back in September.",
        status="stopped",
        when="2024-09-01",
    )
    g.session(date(2024, 11, 20), [replace(stopped, date_precision="month")])
    return g


def test_a_stop_told_by_month_is_answered_by_month(graph: GraphBuilder) -> None:
    text = answer(graph.patient, "What medications is the patient taking?").text
    assert "stopped 2024-09 " in text + " "


def test_a_stop_told_by_month_is_never_given_a_day(graph: GraphBuilder) -> None:
    text = answer(graph.patient, "What medications is the patient taking?").text
    assert "2024-09-01" not in text
