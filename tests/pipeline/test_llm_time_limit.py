"""A session whose LLM work outlives the task's soft time limit is built by the rule
extractor, not failed with no facts (issue 35 item 2).

Celery's soft limit raises SoftTimeLimitExceeded asynchronously in the working
thread, from a signal handler; the test arms a real timer signal the same way while
the real client waits on a slow endpoint."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from celery.exceptions import SoftTimeLimitExceeded

from memory.models import Fact

from .conftest import construct

pytestmark = pytest.mark.django_db


@contextmanager
def soft_limit_during_llm_call(server) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """Raise SoftTimeLimitExceeded in this thread once the endpoint has the request."""

    def expire(signum: int, frame: object) -> None:
        raise SoftTimeLimitExceeded()

    def watch() -> None:
        for _ in range(1000):
            if server.requests:
                os.kill(os.getpid(), signal.SIGALRM)
                return
            stop.wait(0.01)

    stop = threading.Event()
    previous = signal.signal(signal.SIGALRM, expire)
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        yield
    finally:
        stop.set()
        watcher.join(5)
        signal.signal(signal.SIGALRM, previous)


def test_a_session_past_the_soft_limit_is_built_by_rules(llm, add_session) -> None:
    llm.slow(4.0, "{}")
    session = add_session("2024-01-10", "Patient: I am allergic to penicillin.")
    with soft_limit_during_llm_call(llm):
        session = construct(session)
    assert (session.status, session.extractor) == ("done", "rules after llm failure")


def test_the_rule_built_session_has_the_allergy(llm, add_session) -> None:
    llm.slow(4.0, "{}")
    session = add_session("2024-01-10", "Patient: I am allergic to penicillin.")
    with soft_limit_during_llm_call(llm):
        construct(session)
    assert Fact.objects.filter(safety_kind="allergy", entity__name="penicillin").exists()


def test_the_reason_names_the_time_limit_variables(llm, add_session) -> None:
    llm.slow(4.0, "{}")
    session = add_session("2024-01-10", "Patient: I am allergic to penicillin.")
    with soft_limit_during_llm_call(llm):
        session = construct(session)
    assert "MEDGRAPH_TASK_SOFT_TIME_LIMIT_S" in session.status_reason
