"""Table 1 update policy, end to end: extraction reply -> writes -> stored graph."""

from __future__ import annotations

import datetime as dt

import pytest

from memory.models import Chain, Fact, FactEdge

from .conftest import construct, fact, reply

pytestmark = pytest.mark.django_db


def _valsartan(content: str, status: str, subject: str = "patient", date: str | None = None):
    return fact(entity="valsartan", content=content, status=status, subject=subject, date=date)


def test_newer_dose_supersedes_older(llm, add_session):
    llm.reply(reply(_valsartan("Started valsartan 80 mg daily", "active")))
    llm.reply(reply(_valsartan("Valsartan raised from 80 mg to 160 mg", "dose_changed")))
    construct(add_session("2024-01-10"))
    construct(add_session("2024-03-05"))
    old, new = Fact.objects.order_by("chain_position")
    assert FactEdge.objects.filter(src=new, dst=old, kind="supersedes").exists()


def test_older_dose_validity_ends_at_the_change(llm, add_session):
    llm.reply(reply(_valsartan("Started valsartan 80 mg daily", "active")))
    llm.reply(reply(_valsartan("Valsartan raised from 80 mg to 160 mg", "dose_changed")))
    construct(add_session("2024-01-10"))
    construct(add_session("2024-03-05"))
    old = Fact.objects.order_by("chain_position").first()
    assert (old.valid_from, old.valid_to) == (dt.date(2024, 1, 10), dt.date(2024, 3, 5))


def test_chain_tail_is_the_latest_record(llm, add_session):
    llm.reply(reply(_valsartan("Started valsartan 80 mg daily", "active")))
    llm.reply(reply(_valsartan("Valsartan raised from 80 mg to 160 mg", "dose_changed")))
    construct(add_session("2024-01-10"))
    construct(add_session("2024-03-05"))
    assert Chain.objects.get().tail.content == "Valsartan raised from 80 mg to 160 mg"


def test_repeated_mention_updates_the_tail_without_a_new_record(llm, add_session):
    llm.reply(reply(_valsartan("Takes valsartan 80 mg daily", "active")))
    llm.reply(reply(_valsartan("Still on valsartan 80 mg", "active")))
    construct(add_session("2024-01-10"))
    construct(add_session("2024-02-10"))
    only = Fact.objects.get()
    assert (only.mention_count, only.last_mentioned) == (2, dt.date(2024, 2, 10))


def test_friends_valsartan_forms_its_own_chain(llm, add_session):
    llm.reply(
        reply(
            _valsartan("Takes valsartan 80 mg", "active"),
            _valsartan(
                "Her friend takes valsartan 80 mg, raised to 160 mg", "dose_changed", "other:friend"
            ),
            subject="mixed",
        )
    )  # fmt: skip
    construct(add_session("2024-01-10"))
    keys = sorted(Chain.objects.values_list("subject__key", flat=True))
    assert keys == ["other:friend", "patient"]


def test_lab_readings_all_stay_valid(llm, add_session):
    for metres in ("380", "400", "420", "410"):
        llm.reply(
            reply(
                fact(type="lab_result", entity="six-minute walk", value=metres, unit="m",
                     content=f"Six-minute walk distance {metres} m")
            )
        )  # fmt: skip
    for month in ("01", "02", "03", "04"):
        construct(add_session(f"2024-{month}-15"))
    assert Fact.objects.filter(valid_to__isnull=False).count() == 0 and Fact.objects.count() == 4


def test_safety_fact_never_joins_a_chain(llm, add_session):
    llm.reply(
        reply(
            fact(type="safety", entity="penicillin", safety_kind="allergy",
                 content="Allergic to penicillin: rash")
        )
    )  # fmt: skip
    construct(add_session("2024-01-10"))
    assert Fact.objects.get().chain is None


def test_negated_allergy_is_stored_as_negated_not_present(llm, add_session):
    llm.reply(
        reply(
            fact(type="safety", entity="penicillin", safety_kind="allergy", negated=True,
                 assertion="negated", content="Denies penicillin allergy")
        )
    )  # fmt: skip
    construct(add_session("2024-01-10"))
    assert Fact.objects.get().assertion == "negated"


def test_causes_index_becomes_a_cause_to_effect_edge(llm, add_session):
    llm.reply(
        reply(
            fact(type="symptom", entity="cough", content="Dry cough for two weeks"),
            _valsartan("Stopped because of cough", "stopped") | {"causes": [0]},
        )
    )  # fmt: skip
    construct(add_session("2024-01-10"))
    edge = FactEdge.objects.get(kind="causes")
    assert (edge.src.fact_type, edge.dst.fact_type) == ("symptom", "medication_status")


def test_general_knowledge_creates_no_fact(llm, add_session):
    llm.reply(reply(fact(type="event", subject="none", content="ARBs lower blood pressure")))
    construct(add_session("2024-01-10"))
    assert Fact.objects.count() == 0


def test_relative_date_in_reply_is_kept_as_event_date(llm, add_session):
    llm.reply(reply(_valsartan("Stopped valsartan two weeks ago", "stopped", date="2024-02-26")))
    construct(add_session("2024-03-11"))
    assert Fact.objects.get().event_date == dt.date(2024, 2, 26)


def test_sessions_are_constructed_in_arrival_order(llm, add_session):
    llm.reply(reply(_valsartan("Started valsartan 80 mg daily", "active")))
    llm.reply(reply(_valsartan("Stopped valsartan", "stopped")))
    first = add_session("2024-01-10")
    second = add_session("2024-02-10")
    construct(second)  # drains the patient's queue: the first session goes first
    assert Chain.objects.get().tail.session_id == second.pk and first.pk != second.pk
