"""The paper's cases, each on a graph built through the real write path."""

from __future__ import annotations

from datetime import date

import pytest

from memory.answering import answer
from memory.reading.profile import render_profile
from memory.retrieval import retrieve
from tests.retrieval.graph import fact

pytestmark = pytest.mark.django_db


def _father_and_patient(graph):
    graph.session(
        date(2024, 2, 26),
        [
            fact("medication_status", "indapamide", "My father takes indapamide 2.5 mg for his "
                 "blood pressure.", subject="family:father", status="active"),
            fact("medication_status", "amlodipine", "My father also takes amlodipine 10 mg for "
                 "blood pressure.", subject="family:father", status="active"),
            fact("condition", "hypertension", "My father has high blood pressure.",
                 subject="family:father", status="chronic"),
        ],
        subject="mixed",
    )  # fmt: skip
    graph.session(
        date(2024, 3, 4),
        [fact("medication_status", "valsartan", "Valsartan 80 mg every morning for blood "
              "pressure.", status="active")],
    )  # fmt: skip


def test_fathers_blood_pressure_drugs_never_enter_patient_evidence(graph) -> None:
    # Table 6: the question names the father's drug; it must still not be evidence.
    _father_and_patient(graph)
    father = {f.pk for f in graph.facts(subject__key="family:father")}
    evidence = retrieve(graph.patient, "Which blood pressure pills, indapamide or amlodipine?")
    assert {i.fact_id for i in evidence.items} & father == set()


def test_every_evidence_fact_is_the_patients(graph) -> None:
    _father_and_patient(graph)
    evidence = retrieve(graph.patient, "What does he take for blood pressure?")
    assert {i.fact.subject for i in evidence.fact_items} == {"patient"}


def test_fathers_drug_never_in_the_patients_profile(graph) -> None:
    _father_and_patient(graph)
    assert "indapamide" not in render_profile(graph.patient).text


def _metformin_history(graph):
    graph.session(
        date(2024, 1, 10),
        [fact("medication_status", "metformin", "Start metformin 500 mg twice daily.",
              status="active")],
    )  # fmt: skip
    graph.session(
        date(2024, 3, 20),
        [
            fact("vital", "blood pressure", "Blood pressure today 138/86.", turn=1),
            fact("symptom", "dizziness", "Some dizziness in the mornings.", turn=2),
        ],
    )
    graph.session(
        date(2024, 5, 2),
        [fact("medication_status", "metformin", "Raise metformin to 1000 mg twice daily.",
              status="dose_changed")],
    )  # fmt: skip


def test_dated_question_gets_that_days_records(graph) -> None:
    # Table 8: a question dated 2024-03-20 gets the records of that day.
    _metformin_history(graph)
    evidence = retrieve(graph.patient, "How was he on 2024-03-20?")
    day = {"Blood pressure today 138/86.", "Some dizziness in the mornings."}
    assert day <= {i.fact.content for i in evidence.fact_items}


def test_dated_question_reads_each_chain_at_that_date(graph) -> None:
    # Table 8: the metformin chain is read at 2024-03-20 -> 500 mg, not the later 1000 mg.
    _metformin_history(graph)
    evidence = retrieve(graph.patient, "What metformin dose was he on at 2024-03-20?")
    anchors = [
        i.fact.content for i in evidence.items if i.is_anchor and i.fact.entity == "metformin"
    ]
    assert anchors == ["Start metformin 500 mg twice daily."]


def test_chinese_dated_question_reads_the_chain_at_that_date(graph) -> None:
    _metformin_history(graph)
    evidence = retrieve(graph.patient, "2024年3月20日二甲双胍吃多少？")
    anchors = [
        i.fact.content for i in evidence.items if i.is_anchor and i.fact.entity == "metformin"
    ]
    assert anchors == ["Start metformin 500 mg twice daily."]


def _sertraline(graph):
    graph.session(
        date(2024, 6, 17),
        [fact("medication_status", "sertraline", "Start sertraline 50 mg once daily.",
              status="active")],
    )  # fmt: skip
    graph.session(
        date(2025, 2, 10),
        [fact("medication_status", "sertraline", "I stopped the sertraline myself in September.",
              status="stopped", when="2024-09-15")],
    )  # fmt: skip


def test_false_premise_gets_the_stopped_sertraline_as_current(graph) -> None:
    # Table 7: "since I'm still on sertraline" is false; the tail says stopped.
    _sertraline(graph)
    evidence = retrieve(graph.patient, "Since I'm still on sertraline, can I drink alcohol?")
    current = [i.fact for i in evidence.items if i.is_anchor and i.fact.entity == "sertraline"]
    assert [(f.status, f.date) for f in current] == [("stopped", date(2024, 9, 15))]


def test_false_premise_extractive_answer_quotes_the_stop(graph) -> None:
    _sertraline(graph)
    result = answer(graph.patient, "What dose of sertraline is he taking now?")
    assert "I stopped the sertraline myself in September." in result.text


def _cotrimoxazole_allergy(graph):
    graph.session(
        date(2023, 5, 2),
        [fact("safety", "co-trimoxazole", "Allergic to co-trimoxazole: rash and fever.",
              safety_kind="allergy")],
    )  # fmt: skip
    for month in range(1, 4):  # a later, unrelated history buries the allergy
        graph.session(
            date(2024, month, 3),
            [fact("vital", "weight", f"Weight {80 - month} kg.")],
        )


def test_allergy_in_profile_for_an_unrelated_antibiotic_question(graph) -> None:
    # Figure 1d: the question does not mention the allergy; the profile still has it.
    _cotrimoxazole_allergy(graph)
    result = answer(graph.patient, "Which antibiotic for his urinary infection, nitrofurantoin?")
    assert "Allergic to co-trimoxazole: rash and fever." in result.profile.text


def test_allergy_reaches_the_reader_for_an_unrelated_question(graph) -> None:
    _cotrimoxazole_allergy(graph)
    result = answer(graph.patient, "How is his weight?")
    assert "Allergic to co-trimoxazole" in result.rendered


def _ibuprofen(graph):
    graph.session(
        date(2024, 3, 18),
        [fact("medication_status", "ibuprofen", "I take ibuprofen 400 mg for my knee.",
              status="active")],
    )  # fmt: skip
    graph.session(
        date(2024, 4, 15),
        [
            fact("medication_status", "ibuprofen", "Stop ibuprofen: it harms the kidneys with "
                 "valsartan.", status="stopped", turn=1),
            fact("safety", "ibuprofen", "Ibuprofen interacts with valsartan: kidney risk.",
                 safety_kind="interaction", turn=2),
        ],
    )  # fmt: skip


def test_ibuprofen_question_shows_it_stopped(graph) -> None:
    # Table 4: the current record of ibuprofen is the stop.
    _ibuprofen(graph)
    evidence = retrieve(graph.patient, "Can he take ibuprofen for his knee pain?")
    current = [i.fact.status for i in evidence.items if i.is_anchor and i.fact.entity == "ibuprofen"
               and i.fact.fact_type == "medication_status"]  # fmt: skip
    assert current == ["stopped"]


def test_ibuprofen_answer_carries_the_interaction_warning(graph) -> None:
    _ibuprofen(graph)
    result = answer(graph.patient, "Can he take ibuprofen for his knee pain?")
    assert "Ibuprofen interacts with valsartan: kidney risk." in result.text


def test_amoxicillin_question_answers_with_the_penicillin_allergy(graph) -> None:
    graph.session(
        date(2024, 1, 22),
        [fact("safety", "penicillin", "Penicillin allergy: hives after amoxicillin.",
              safety_kind="allergy")],
    )  # fmt: skip
    result = answer(graph.patient, "Can I prescribe amoxicillin for his tooth infection?")
    applies = result.text.split("Other recorded")[0]
    assert "Penicillin allergy: hives after amoxicillin." in applies
