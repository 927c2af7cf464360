"""One chain per diagnosis: a general disease name joins the person's one specific form.

Extraction replies come from the fake LLM server; the chains are the stored graph.
"""

from __future__ import annotations

import pytest
from django.db import transaction

from memory.actions.corrections import set_verification
from memory.models import Chain, Fact
from memory.pipeline.construction import construct_session

from .conftest import construct, fact, reply

pytestmark = pytest.mark.django_db


def _condition(entity: str, content: str, subject: str = "patient", status: str = "confirmed"):
    return fact(type="condition", entity=entity, content=content, status=status, subject=subject)


T2 = _condition("type 2 diabetes", "Diagnosed with type 2 diabetes")
GENERAL = _condition("diabetes", "Her diabetes is well controlled", status="improved")


def _chains(subject: str = "patient") -> list[str]:
    chains = Chain.objects.filter(subject__key=subject, fact_type="condition")
    return sorted(chains.values_list("entity__name", flat=True))


def test_general_name_after_the_specific_form_joins_its_chain(llm, add_session):
    llm.reply(reply(T2)).reply(reply(GENERAL))
    construct(add_session("2024-01-10"))
    construct(add_session("2024-03-05"))
    assert _chains() == ["type 2 diabetes"]


def test_specific_form_after_the_general_name_takes_its_records(llm, add_session):
    llm.reply(reply(GENERAL)).reply(reply(T2))
    construct(add_session("2024-01-10"))
    construct(add_session("2024-03-05"))
    assert _chains() == ["type 2 diabetes"]


def test_joined_chain_keeps_both_records_in_date_order(llm, add_session):
    llm.reply(reply(GENERAL)).reply(reply(T2))
    construct(add_session("2024-01-10"))
    construct(add_session("2024-03-05"))
    tail = Chain.objects.get(fact_type="condition").tail
    assert (tail.content, Fact.objects.filter(fact_type="condition").count()) == (
        "Diagnosed with type 2 diabetes",
        2,
    )


def test_reconstructing_the_general_session_keeps_one_chain(llm, add_session):
    llm.reply(reply(GENERAL)).reply(reply(T2)).reply(reply(GENERAL))
    first = construct(add_session("2024-01-10"))
    construct(add_session("2024-03-05"))
    construct_session(first.pk)
    assert _chains() == ["type 2 diabetes"]


def test_chinese_general_name_joins_the_specific_form(llm, add_session):
    llm.reply(reply(_condition("2型糖尿病", "确诊2型糖尿病")))
    llm.reply(reply(_condition("糖尿病", "糖尿病控制得不错", status="improved")))
    construct(add_session("2024-01-10"))
    construct(add_session("2024-03-05"))
    assert _chains() == ["type 2 diabetes"]


def test_two_specific_forms_leave_the_general_name_apart(llm, add_session):
    t1 = _condition("type 1 diabetes", "Type 1 diabetes since childhood")
    llm.reply(reply(T2)).reply(reply(t1)).reply(reply(GENERAL))
    for day in ("2024-01-10", "2024-02-10", "2024-03-05"):
        construct(add_session(day))
    assert _chains() == ["diabetes", "type 1 diabetes", "type 2 diabetes"]


def test_type_1_never_joins_type_2(llm, add_session):
    t1 = _condition("type 1 diabetes", "Type 1 diabetes since childhood")
    llm.reply(reply(T2)).reply(reply(t1))
    construct(add_session("2024-01-10"))
    construct(add_session("2024-03-05"))
    assert _chains() == ["type 1 diabetes", "type 2 diabetes"]


def test_hypothyroidism_never_joins_hyperthyroidism(llm, add_session):
    hypo = _condition("hypothyroidism", "On levothyroxine for hypothyroidism")
    hyper = _condition("hyperthyroidism", "Treated for hyperthyroidism")
    llm.reply(reply(hypo)).reply(reply(hyper))
    construct(add_session("2024-01-10"))
    construct(add_session("2024-03-05"))
    assert _chains() == ["hyperthyroidism", "hypothyroidism"]


def test_general_thyroid_name_joins_the_one_thyroid_diagnosis(llm, add_session):
    hypo = _condition("hypothyroidism", "On levothyroxine for hypothyroidism")
    llm.reply(reply(hypo)).reply(reply(_condition("thyroid problems", "Her thyroid problems")))
    construct(add_session("2024-01-10"))
    construct(add_session("2024-03-05"))
    assert _chains() == ["hypothyroidism"]


def test_a_relatives_specific_form_leaves_the_patients_name_alone(llm, add_session):
    mother = _condition("type 2 diabetes", "Her mother has type 2 diabetes", "family:mother")
    llm.reply(reply(mother, subject="mixed")).reply(reply(GENERAL))
    construct(add_session("2024-01-10"))
    construct(add_session("2024-03-05"))
    assert (_chains(), _chains("family:mother")) == (["diabetes"], ["type 2 diabetes"])


def test_a_corrected_general_record_keeps_its_item(llm, add_session, clinician):
    llm.reply(reply(GENERAL)).reply(reply(T2))
    construct(add_session("2024-01-10"))
    with transaction.atomic():
        set_verification(Fact.objects.get(), "refuted", actor=clinician, reason="no", channel="web")
    construct(add_session("2024-03-05"))
    assert _chains() == ["diabetes", "type 2 diabetes"]


def test_reextraction_after_joining_never_resurrects_a_corrected_record(
    llm, add_session, clinician
):
    llm.reply(reply(T2)).reply(reply(GENERAL)).reply(reply(GENERAL))
    construct(add_session("2024-01-10"))
    second = construct(add_session("2024-03-05"))
    joined = Fact.objects.get(session=second)
    with transaction.atomic():
        set_verification(joined, "entered_in_error", actor=clinician, reason="x", channel="web")
    construct_session(second.pk)
    assert list(Fact.objects.filter(session=second).values_list("verification", flat=True)) == [
        "entered_in_error"
    ]
