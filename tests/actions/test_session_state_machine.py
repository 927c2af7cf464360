"""Session status changes go through the state machine in memory.actions.sessions."""

from __future__ import annotations

import pytest

from memory.actions.imports import store_sessions
from memory.actions.sessions import (
    IllegalTransition,
    do_fail_session,
    do_finish_session,
    do_queue_sessions,
    do_start_extraction,
)
from memory.importing import parse_text
from memory.models import Session
from memory.pipeline.construction import construct_pending

pytestmark = pytest.mark.django_db

VISIT = "Date: 2024-03-01\nDoctor: Any allergies?\nPatient: Penicillin gives me a rash.\n"


@pytest.fixture
def queued() -> Session:
    report = store_sessions(parse_text(VISIT, "s1.txt", patient_id="p-sm"))
    return report.stored[0]


def test_a_queued_session_cannot_be_marked_done_and_nothing_changes(queued):
    with pytest.raises(IllegalTransition):
        do_finish_session(queued.pk, fact_count=3)
    queued.refresh_from_db()
    assert (queued.status, queued.fact_count, queued.finished_at) == ("queued", 0, None)


def test_a_done_session_cannot_fail_without_a_new_extraction(queued):
    construct_pending(queued.pk)
    with pytest.raises(IllegalTransition):
        do_fail_session(queued.pk, "late failure")
    queued.refresh_from_db()
    assert queued.status == "done" and queued.status_reason == ""


def test_construction_goes_queued_extracting_done(queued):
    started = do_start_extraction(queued.pk)
    assert started.status == "extracting" and started.started_at is not None
    construct_pending(queued.pk)
    queued.refresh_from_db()
    assert queued.status == "done" and queued.finished_at >= queued.started_at


def test_a_failure_keeps_its_reason_and_the_session_can_be_queued_again(queued):
    do_start_extraction(queued.pk)
    failed = do_fail_session(queued.pk, "LLM reply did not validate")
    assert (failed.status, failed.status_reason) == ("failed", "LLM reply did not validate")
    do_queue_sessions([queued.pk])
    queued.refresh_from_db()
    assert (queued.status, queued.status_reason) == ("queued", "")
