"""A question about a relative is never answered from the patient's own records."""

from __future__ import annotations

from datetime import date

from memory.answering.extractive import extractive_answer
from memory.answering.intents import classify
from memory.answering.lookup import ItemRecords
from memory.answering.relatives import asked_relative
from memory.domain.evidence import EvidenceItem, FactView, ProfileData

OWN_DIABETES = FactView(
    fact_id=7, session_id="s03", subject="patient", fact_type="condition", entity="diabetes",
    content="You have type 2 diabetes", status="confirmed", date=date(2024, 2, 5),
    session_date=date(2024, 2, 5),
)  # fmt: skip
EVIDENCE = [EvidenceItem("anchor", OWN_DIABETES, unit="chain:1", is_anchor=True)]
PROFILE = ProfileData(cutoff=date(2025, 12, 8), at=None)


def _answer(question: str, lang: str, others: list[str]) -> str:
    item = classify(question).items[0].canonical
    records = ItemRecords(own={item: [OWN_DIABETES]}, others={item: others})
    return extractive_answer(question, lang, PROFILE, EVIDENCE, None, records=records)


def test_relatives_record_is_reported_as_theirs_not_a_yes_from_the_patients():
    text = _answer("Does his mother have diabetes?", "en", ["family:mother"])
    assert text.startswith("Diabetes is recorded for the mother")
    assert "Yes" not in text and "[E1]" not in text


def test_relative_without_a_record_gets_no_record_even_if_the_patient_has_it():
    text = _answer("Does his father have diabetes?", "en", ["family:mother"])
    assert text.startswith("No record of diabetes for the father.")
    assert "Yes" not in text


def test_chinese_question_about_a_relative():
    text = _answer("他母亲有糖尿病吗？", "zh", ["family:mother"])
    assert text.startswith("母亲名下有糖尿病的记录") and "是：" not in text


def test_the_patient_and_a_bare_relation_word_stay_questions_about_the_patient():
    assert asked_relative("Does he have diabetes?") is None
    assert asked_relative("孩子现在吃什么药？") is None  # a caregiver's child may be the patient
    assert asked_relative("Does her son have asthma?") == "son"
    assert asked_relative("患者的父亲血压高吗") == "father"
