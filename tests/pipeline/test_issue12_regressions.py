"""Regressions: corrections keyed to the clinical item, order-independent reconstruction.

Replies come from the fake OpenAI server; re-extraction replies are REWORDED,
as a real model rewords a session it reads again.
"""

from __future__ import annotations

import pytest
from django.db import transaction

from memory.actions.corrections import set_verification
from memory.models import Chain, Fact
from memory.pipeline.construction import construct_session
from tests.corrections.moves import reassign

from .conftest import construct, fact, reply

pytestmark = pytest.mark.django_db


def med(content: str, value: str, status: str = "active", **kw: object) -> dict:
    return fact(entity="valsartan", content=content, value=value, unit="mg", status=status, **kw)


def _current(subject: str = "patient") -> list[tuple[str, str]]:
    return sorted(Fact.objects.filter(subject__key=subject).values_list("content", "verification"))


# --- 3. corrections come back --------------------------------------------------------


def test_reworded_reextraction_never_resurrects_an_entered_in_error_medication(
    llm, add_session, clinician
):
    llm.reply(reply(med("Takes valsartan 80 mg daily", "80")))
    llm.reply(reply(med("Patient is on valsartan, 80mg once a day", "80")))
    session = construct(add_session("2024-01-10"))
    with transaction.atomic():
        set_verification(
            Fact.objects.get(), "entered_in_error", actor=clinician, reason="not hers",
            channel="web",
        )  # fmt: skip
    construct_session(session.pk)
    assert _current() == [("Takes valsartan 80 mg daily", "entered_in_error")]


def test_reworded_reextraction_never_moves_a_reassigned_fact_back(llm, add_session, clinician):
    llm.reply(reply(med("Takes valsartan 80 mg", "80")))
    llm.reply(reply(med("valsartan 80 mg every morning", "80")))
    session = construct(add_session("2024-01-10"))
    reassign(Fact.objects.get().pk, "family:father", actor=clinician, reason="dad's", channel="web")
    construct_session(session.pk)
    assert _current() == [] and len(_current("family:father")) == 1


def test_reworded_reextraction_of_a_refuted_allergy_keeps_it_refuted(llm, add_session, clinician):
    allergy = {"type": "safety", "entity": "penicillin", "safety_kind": "allergy"}
    llm.reply(reply(fact(**allergy, content="Penicillin: hives")))
    llm.reply(reply(fact(**allergy, content="allergic to penicillin (rash)")))
    session = construct(add_session("2024-01-10"))
    with transaction.atomic():
        set_verification(
            Fact.objects.get(), "refuted", actor=clinician, reason="tolerated", channel="web"
        )
    construct_session(session.pk)
    assert list(Fact.objects.values_list("verification", flat=True)) == ["refuted"]


# --- 5. re-extraction loses history ---------------------------------------------------

JAN = med("valsartan 80 mg daily", "80")
JUN = med("valsartan raised from 80 to 160 mg", "160", "dose_changed", is_state_change=True)
SEP = med("valsartan reduced back to 80 mg", "80", "dose_changed", is_state_change=True)


def _graph() -> list[tuple[str, str, int, str | None, str | None]]:
    rows = Fact.objects.order_by("valid_from", "session__seq").values_list(
        "session__external_id", "content", "mention_count", "valid_from", "valid_to"
    )
    return [(s, c, n, str(a), str(b)) for s, c, n, a, b in rows]


def _history(llm, add_session) -> list:
    llm.reply(reply(JAN)).reply(reply(JUN)).reply(reply(SEP))
    return [construct(add_session(day)) for day in ("2024-01-10", "2024-06-10", "2024-09-10")]


def test_reconstructing_january_keeps_the_january_record(llm, add_session):
    sessions = _history(llm, add_session)
    clean = _graph()
    llm.reply(reply(JAN))
    construct_session(sessions[0].pk)
    assert _graph() == clean and len(clean) == 3


def test_reconstructing_every_session_in_reverse_order_gives_the_clean_graph(llm, add_session):
    sessions = _history(llm, add_session)
    clean = _graph()
    for s, r in zip(reversed(sessions), (SEP, JUN, JAN), strict=True):
        llm.reply(reply(r))
        construct_session(s.pk)
    assert _graph() == clean
    assert not Fact.objects.exclude(order_note="").exists()  # no false "reported late"


def test_mention_folded_into_a_reconstructed_record_survives(llm, add_session):
    still = med("still on valsartan 80 mg", "80")
    llm.reply(reply(JAN)).reply(reply(still))
    first = construct(add_session("2024-01-10"))
    construct(add_session("2024-02-10"))
    assert Fact.objects.get().mention_count == 2
    llm.reply(reply(med("valsartan 80 mg once daily", "80")))
    construct_session(first.pk)
    assert Fact.objects.get().mention_count == 2 and Chain.objects.get().length == 1
