"""Appendix C budgets: 8 units, 4 causal neighbours, 12 + 4 date records, raw fallback."""

from __future__ import annotations

from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from memory.models import Fact
from memory.queries.facts import patient_person, views
from memory.retrieval import retrieve
from memory.retrieval.context import causal_items
from tests.retrieval.graph import fact

pytestmark = pytest.mark.django_db

DRUGS = ["metformin", "valsartan", "amlodipine", "atorvastatin", "aspirin", "omeprazole",
         "sertraline", "levothyroxine", "bisoprolol", "furosemide", "warfarin"]  # fmt: skip


def test_never_more_than_eight_units(graph) -> None:
    graph.session(
        date(2024, 1, 5),
        [fact("medication_status", d, f"Takes {d} 10 mg daily for his pain.", status="active",
              turn=i + 1) for i, d in enumerate(DRUGS)]
        + [fact("symptom", None, f"Pain number {i} in the knee.", turn=i + 1) for i in range(6)],
    )  # fmt: skip
    evidence = retrieve(graph.patient, "Which drugs does he take daily for pain?")
    assert len({i.unit for i in evidence.fact_items if i.unit}) == len(evidence.units) == 8


def test_at_most_four_causal_neighbours(graph) -> None:
    words = ["rash", "nausea", "cough", "itch", "fatigue", "cramp"]
    cause = fact("medication_status", "zolpidem", "Started zolpidem 5 mg.", status="active")
    effects = [
        fact("symptom", None, f"Side effect {i}: {w}.", turn=i + 2, causes=(0,))
        for i, w in enumerate(words)
    ]
    graph.session(date(2024, 1, 5), [cause, *effects])
    matched = views(Fact.objects.filter(patient=graph.patient, entity__name="zolpidem"))
    person = patient_person(graph.patient)
    assert len(causal_items(matched, person.pk, {matched[0].fact_id})) == 4


def test_causal_neighbours_and_their_records_take_one_query(graph) -> None:
    cause = fact("medication_status", "zolpidem", "Started zolpidem 5 mg.", status="active")
    graph.session(date(2024, 1, 5), [cause, fact("symptom", None, "Rash.", turn=2, causes=(0,))])
    matched = views(Fact.objects.filter(patient=graph.patient, entity__name="zolpidem"))
    person = patient_person(graph.patient)
    with CaptureQueriesContext(connection) as ctx:
        found = causal_items(matched, person.pk, {matched[0].fact_id})
    assert ([i.fact.content for i in found], len(ctx.captured_queries)) == (["Rash."], 1)


def test_causal_neighbour_of_a_matched_fact_is_added(graph) -> None:
    graph.session(
        date(2024, 1, 5),
        [
            fact("medication_status", "lisinopril", "Started lisinopril 10 mg.", status="active"),
            fact("symptom", None, "A dry tickle keeps him awake.", turn=2, causes=(0,)),
        ]
        + [fact("vital", "weight", f"Weight {70 + i} kg.", turn=3 + i) for i in range(12)],
    )  # fmt: skip
    evidence = retrieve(graph.patient, "lisinopril")
    texts = {i.fact.content for i in evidence.fact_items}
    assert "A dry tickle keeps him awake." in texts


def _busy_day(graph):
    graph.session(
        date(2024, 1, 5),
        [fact("medication_status", d, f"Takes {d}.", status="active", turn=i + 1)
         for i, d in enumerate(DRUGS)],
    )  # fmt: skip
    graph.session(
        date(2024, 3, 20),
        [fact("symptom", None, f"Complaint {i} on the day.", turn=i + 1) for i in range(20)],
    )


def test_date_channel_adds_at_most_twelve_dated_records(graph) -> None:
    _busy_day(graph)
    evidence = retrieve(graph.patient, "unrelated words", at=date(2024, 3, 20))
    dated = [i for i in evidence.role("date") if i.marks[0].startswith("dated")]
    assert len(dated) == 12


def test_date_channel_adds_at_most_four_records_in_force(graph) -> None:
    _busy_day(graph)
    evidence = retrieve(graph.patient, "unrelated words", at=date(2024, 3, 20))
    in_force = [i for i in evidence.role("date") if i.marks[0].startswith("in force")]
    assert len(in_force) == 4


def test_no_date_channel_without_a_date(graph) -> None:
    _busy_day(graph)
    assert retrieve(graph.patient, "complaint").role("date") == []


def test_source_windows_for_the_top_three_matched_facts(graph) -> None:
    _busy_day(graph)
    evidence = retrieve(graph.patient, "Which complaint on the day?")
    assert len(evidence.role("source")) == 3


def test_raw_fallback_never_comes_from_a_relatives_session(graph) -> None:
    graph.session(
        date(2024, 2, 1),
        [fact("medication_status", "digoxin", "My mother takes digoxin for her heart.",
              subject="family:mother", status="active")],
        turns=("My mother takes digoxin for her heart palpitations.", "Digoxin needs levels."),
        subject="family:mother",
    )  # fmt: skip
    graph.session(
        date(2024, 3, 1),
        [],
        turns=("I have heart palpitations at night sometimes.", "How often?"),
        subject="patient",
    )
    fallback = retrieve(graph.patient, "heart palpitations digoxin").role("fallback")
    assert [i.session_id for i in fallback] == ["s02"]


def test_raw_fallback_never_comes_from_a_general_knowledge_session(graph) -> None:
    graph.session(
        None, [], turns=("Is salt bad for blood pressure?", "Yes, salt raises it."), subject="none"
    )
    assert retrieve(graph.patient, "salt blood pressure").role("fallback") == []
