"""Regressions: corrected facts in retrieval, raw windows from relatives, date channel."""

from __future__ import annotations

from datetime import date

import pytest
from django.db import transaction

from memory.actions.corrections import set_verification
from memory.answering import answer
from memory.domain.dates import parse_explicit_date
from memory.models import Fact
from memory.retrieval import retrieve
from memory.retrieval.context import date_items
from tests.retrieval.graph import fact

pytestmark = pytest.mark.django_db

MED = "medication_status"


def _strike(content: str, clinician, verification: str = "entered_in_error") -> None:
    with transaction.atomic():
        set_verification(
            Fact.objects.get(content=content), verification, actor=clinician, reason="wrong",
            channel="web",
        )  # fmt: skip


# --- 4. asking crashes after a correction -----------------------------------------


def test_asking_after_a_chain_member_is_entered_in_error_does_not_crash(graph, clinician):
    graph.session(
        date(2024, 1, 10), [fact(MED, "warfarin", "warfarin 5 mg daily", status="active")]
    )
    graph.session(
        date(2024, 3, 1),
        [fact(MED, "warfarin", "warfarin raised to 7.5 mg", status="dose_changed")],
    )
    _strike("warfarin raised to 7.5 mg", clinician)
    result = answer(graph.patient, "warfarin raised to 7.5 mg?")
    assert "warfarin 5 mg daily" in result.text


def test_corrected_fact_is_never_ranked(graph, clinician):
    graph.session(
        date(2024, 1, 10), [fact(MED, "warfarin", "warfarin 5 mg daily", status="active")]
    )
    graph.session(
        date(2024, 3, 1),
        [fact(MED, "warfarin", "warfarin raised to 7.5 mg", status="dose_changed")],
    )
    _strike("warfarin raised to 7.5 mg", clinician, "refuted")
    evidence = retrieve(graph.patient, "warfarin raised to 7.5 mg")
    assert all(i.fact.content != "warfarin raised to 7.5 mg" for i in evidence.role("matched"))


# --- 6. raw text from relatives reaches the patient --------------------------------


def test_mixed_session_about_two_relatives_never_supplies_fallback_text(graph):
    graph.session(
        date(2024, 1, 10),
        [
            fact("condition", "gout", "father has gout", subject="family:father"),
            fact("condition", "asthma", "mother has asthma", subject="family:mother"),
        ],
        turns=("My father has gout and takes zyloprim.", "And your mother?",
               "My mother has asthma, zyloprim does not help her."),
        subject="mixed",
    )  # fmt: skip
    evidence = retrieve(graph.patient, "zyloprim")
    assert evidence.role("fallback") == []


def test_fallback_windows_name_the_session_focus_and_speakers(graph):
    graph.session(
        date(2024, 1, 10), [], turns=("I sometimes take zyloprim.", "How often?"), subject="patient"
    )
    windows = retrieve(graph.patient, "zyloprim").role("fallback")
    assert windows and windows[0].text.startswith("[session focus: patient")
    assert "patient: I sometimes take zyloprim." in windows[0].text


# --- 8. date channel ---------------------------------------------------------------


NOTATIONS = ["２０２４年３月２０日在吃什么药", "2024年三月二十日在吃什么药", "What on 3/20/2024?"]


@pytest.mark.parametrize("question", NOTATIONS)
def test_question_dates_in_other_notations_open_the_channel(question):
    assert parse_explicit_date(question) == (date(2024, 3, 20), "day")


def test_in_force_records_are_ranked_by_relevance_not_type(graph):
    conditions = [
        fact("condition", name, f"{name} diagnosed", status="chronic", when="2023-01-01")
        for name in ("hypertension", "diabetes", "gout", "asthma", "hypothyroidism")
    ]
    graph.session(date(2023, 1, 5), conditions)
    graph.session(
        date(2023, 2, 1),
        [fact(MED, "apixaban", "apixaban 5 mg twice daily", status="active", when="2023-02-01")],
    )
    apixaban = Fact.objects.get(entity__name__iexact="apixaban")
    person = apixaban.subject_id
    window = (date(2024, 3, 20), date(2024, 3, 20))
    items = date_items(graph.patient.pk, person, window, set(), {apixaban.pk: 0})
    assert [i.fact.fact_id for i in items][:1] == [apixaban.pk] and len(items) == 4
