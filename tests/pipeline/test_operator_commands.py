"""Operator commands: session status listing and re-extraction."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from memory.models import Fact, Session

from .conftest import construct, fact, reply

pytestmark = pytest.mark.django_db


def test_sessions_lists_failure_reasons(llm, add_session, capsys):
    llm.reply("nope")
    llm.reply("nope")
    construct(add_session("2024-01-10"))
    call_command("sessions", "--patient", "p1")
    out = capsys.readouterr().out
    assert "rules after llm failure" in out and "reason: LLM extraction failed" in out


def test_reconstruct_failed_sessions_recovers_them(llm, add_session):
    llm.reply("nope")
    llm.reply("nope")
    construct(add_session("2024-01-10"))
    llm.reply(reply(fact(entity="valsartan", content="Takes valsartan 80 mg", status="active")))
    call_command("reconstruct", "--patient", "p1", "--failed", "--wait")
    assert Session.objects.get().status == "done" and Fact.objects.count() == 1


def test_reconstruct_of_unknown_patient_is_an_error():
    with pytest.raises(CommandError, match="unknown patient 'ghost'"):
        call_command("reconstruct", "--patient", "ghost")
