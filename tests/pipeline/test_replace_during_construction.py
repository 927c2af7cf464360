"""A replace of a session whose construction is running cancels that construction
through the state machine, never crashes it (issue 33 item 4).

The construction runs in its own thread and database connection while the fake LLM
holds its reply; the replace (`--replace`, `?replace=1`) lands meanwhile.
"""

from __future__ import annotations

import threading
import time

import pytest

from memory.actions.imports import store_sessions
from memory.importing import parse_text
from memory.models import Fact, Session
from memory.pipeline.construction import construct_pending

from .conftest import fact, reply

pytestmark = pytest.mark.django_db(transaction=True)
FIRST = "Date: 2024-05-02\nPatient: I take metformin 500 mg twice a day.\nDoctor: Noted.\n"
SECOND = "Date: 2024-05-02\nPatient: 我每天吃二甲双胍一千毫克。\nDoctor: Noted.\n"
STALE = reply(fact(entity="metformin", content="metformin 500 mg", value=500.0, unit="mg"))


def upload(text: str, *, replace: bool = False) -> Session:
    parsed = parse_text(text, "visit-7.txt", patient_id="p-replace")
    return store_sessions(parsed, replace=replace).stored[0]


def replace_while_extracting(llm) -> tuple[Session, list[BaseException]]:  # type: ignore[no-untyped-def]
    """Upload, construct in a thread with a slow LLM, replace once the LLM has the request."""
    llm.slow(3.0, STALE)
    session = upload(FIRST)
    errors: list[BaseException] = []

    def construct() -> None:
        from django.db import connection

        try:
            construct_pending(session.pk)
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    worker = threading.Thread(target=construct)
    worker.start()
    deadline = time.monotonic() + 20
    while not llm.requests and time.monotonic() < deadline:
        time.sleep(0.05)
    upload(SECOND, replace=True)
    worker.join(60)
    return Session.objects.get(pk=session.pk), errors


def test_a_replace_during_extraction_crashes_no_construction(llm) -> None:
    _, errors = replace_while_extracting(llm)
    assert errors == []


def test_the_replaced_session_stays_queued_for_its_new_turns(llm) -> None:
    session, _ = replace_while_extracting(llm)
    assert session.status == Session.Status.QUEUED


def test_the_extraction_of_the_old_turns_is_not_stored(llm) -> None:
    session, _ = replace_while_extracting(llm)
    assert not Fact.objects.filter(session=session).exists()


def test_the_positive_control_without_a_replace_stores_that_extraction(llm) -> None:
    llm.slow(0.1, STALE)
    session = upload(FIRST)
    construct_pending(session.pk)
    assert Fact.objects.filter(session=session, entity__name="metformin").exists()
