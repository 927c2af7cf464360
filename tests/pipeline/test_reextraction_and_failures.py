"""Idempotent re-extraction, corrections that stick, and failures that keep L1 intact."""

from __future__ import annotations

import pytest
from django.db import transaction

from memory.actions.corrections import set_verification
from memory.models import AuditEvent, Chain, Fact, Turn
from memory.pipeline.construction import construct_session
from tests.corrections.moves import reassign

from .conftest import construct, fact, reply

pytestmark = pytest.mark.django_db

ALLERGY = fact(
    type="safety", entity="penicillin", safety_kind="allergy", content="Penicillin: hives"
)
DRUG = fact(entity="valsartan", content="Takes valsartan 80 mg", status="active")


def test_reextraction_replaces_the_previous_extraction(llm, add_session):
    llm.reply(reply(ALLERGY, DRUG))
    llm.reply(reply(DRUG))
    session = construct(add_session("2024-01-10"))
    construct_session(session.pk)
    assert list(Fact.objects.values_list("fact_type", flat=True)) == ["medication_status"]


def test_reextraction_with_the_same_reply_is_idempotent(llm, add_session):
    llm.reply(reply(ALLERGY, DRUG))
    llm.reply(reply(ALLERGY, DRUG))
    session = construct(add_session("2024-01-10"))
    construct_session(session.pk)
    assert Fact.objects.count() == 2 and Chain.objects.get().length == 1


def test_reextraction_never_resurrects_a_refuted_fact(llm, add_session, clinician):
    llm.reply(reply(ALLERGY))
    llm.reply(reply(ALLERGY))
    session = construct(add_session("2024-01-10"))
    with transaction.atomic():
        set_verification(
            Fact.objects.get(), "entered_in_error", actor=clinician, reason="wrong", channel="web"
        )
    construct_session(session.pk)
    assert list(Fact.objects.values_list("verification", flat=True)) == ["entered_in_error"]


def test_reextraction_keeps_a_reassigned_fact_with_its_new_person(llm, add_session, clinician):
    llm.reply(reply(DRUG))
    llm.reply(reply(DRUG))
    session = construct(add_session("2024-01-10"))
    reassign(Fact.objects.get().pk, "family:father", actor=clinician, reason="dad's", channel="web")
    construct_session(session.pk)
    assert list(Fact.objects.values_list("subject__key", flat=True)) == ["family:father"]


def test_reextraction_undoes_its_own_repeated_mention(llm, add_session):
    llm.reply(reply(DRUG))
    llm.reply(reply(DRUG))
    llm.reply(reply())
    construct(add_session("2024-01-10"))
    second = construct(add_session("2024-02-10"))
    construct_session(second.pk)  # now says nothing about valsartan
    assert Fact.objects.get().mention_count == 1


def test_reassigned_fact_moves_into_the_relatives_chain(llm, add_session, clinician):
    llm.reply(reply(DRUG))
    construct(add_session("2024-01-10"))
    moved = reassign(Fact.objects.get().pk, "我爸", actor=clinician, reason="father's")
    assert (
        moved.chain.subject.key == "family:father"
        and not Chain.objects.filter(subject__key="patient").exists()
    )


def test_correction_is_audited_with_before_and_after(llm, add_session, clinician):
    llm.reply(reply(DRUG))
    construct(add_session("2024-01-10"))
    reassign(Fact.objects.get().pk, "family:mother", actor=clinician, reason="mum's", channel="web")
    event = AuditEvent.objects.get(action="fact.reassign")
    assert (event.before["subject"], event.after["subject"], event.actor) == (
        "patient", "family:mother", clinician,
    )  # fmt: skip


def test_malformed_replies_are_constructed_by_rules_keeping_the_reason(llm, add_session):
    llm.reply("Sorry, I cannot help with that.")
    llm.reply("still not json")
    session = construct(add_session("2024-01-10"))
    assert session.status == "done" and session.extractor == "rules after llm failure"
    assert session.status_reason.startswith("LLM extraction failed (invalid_reply): ")


def test_failed_session_keeps_its_raw_turns(llm, add_session):
    llm.reply("not json")
    llm.reply("not json")
    session = construct(add_session("2024-01-10", "Patient: I am allergic to sulfa."))
    assert Turn.objects.get(session=session, index=1).text == "I am allergic to sulfa."


def test_failed_session_keeps_the_raw_reply(llm, add_session):
    llm.reply("not json at all")
    llm.reply("not json at all")
    session = construct(add_session("2024-01-10"))
    assert "not json at all" in session.raw_reply


def test_a_write_failure_midway_leaves_no_half_built_graph(llm, add_session):
    # A NUL passes the reply validation but no PostgreSQL text column stores it: the
    # third fact's write fails after two facts were written.
    unstorable = fact(type="vital", entity="weight", content="Weight", value="9\x00")
    llm.reply(reply(ALLERGY, DRUG, unstorable))
    session = construct(add_session("2024-01-10"))
    assert session.status == "failed" and Fact.objects.count() == 0
