"""20 concurrent replaces of one session while a real worker constructs it crash no
task, and the session ends built from the turns it was last given (issue 33 item 4)."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from django.db import connection

from memory.actions.imports import store_sessions
from memory.importing import parse_text
from memory.models import Fact, Session
from memory.pipeline.enqueue import queue_construction
from tests.fakes.openai_server import FakeOpenAIServer, fake_openai
from tests.pipeline.conftest import fact, reply
from tests.reliability.test_faults import start_worker, stop, wait_until

__all__ = ["fake_openai"]

pytestmark = [pytest.mark.celery, pytest.mark.django_db(transaction=True)]
REPLACES = 20
VISIT = (
    "Date: 2024-06-11\n"
    "Patient: I have been taking metformin {dose} mg twice a day for my diabetes.\n"
    "Doctor: Good. Keep metformin {dose} mg with meals.\n"
)


def upload(dose: int, *, replace: bool) -> None:
    parsed = parse_text(VISIT.format(dose=dose), "visit-20.txt", patient_id="p-replaces")
    try:
        store_sessions(parsed, enqueue=queue_construction, replace=replace)
    finally:
        connection.close()


def replace_concurrently(tmp_path: Path, **env: str) -> tuple[Session, str]:
    log = tmp_path / "worker.log"
    worker = start_worker(concurrency=2, log=log, **env)
    try:
        upload(100, replace=False)
        assert wait_until(lambda: built().status == "done", 180)  # the worker is up
        upload(150, replace=True)
        # The replace left it queued; once a construction has taken it (still extracting
        # with a slow model, or already done with the fast rule extractor) the other
        # replaces land on a session that a worker is or was just constructing.
        assert wait_until(lambda: built().status in ("extracting", "done"), 30)
        threads = [
            threading.Thread(target=upload, args=(100 + 50 * n,), kwargs={"replace": True})
            for n in range(2, REPLACES + 2)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        settled = wait_until(lambda: built().status in ("done", "failed"), 180)
    finally:
        stop(worker)
    assert settled, built().status
    return built(), log.read_text(errors="replace")


def built() -> Session:
    return Session.objects.get(patient__external_id="p-replaces", external_id="visit-20")


def slow_llm(server: FakeOpenAIServer) -> dict[str, str]:
    """The worker extracts through the fake LLM, each reply held 0.5 s: replaces then
    land while constructions run, as they do in production with a real model."""
    answer = reply(fact(entity="metformin", content="metformin", status="active"))
    for _ in range(4 * REPLACES):
        server.slow(0.5, answer)
    return {"LLM_BASE_URL": server.base_url, "LLM_API_KEY": "k",
            "LLM_EXTRACTION_MODEL": "fake-extractor", "LLM_MAX_ATTEMPTS": "1"}  # fmt: skip


def test_concurrent_replaces_crash_no_construction_task(tmp_path, fake_openai) -> None:
    _, log = replace_concurrently(tmp_path, **slow_llm(fake_openai))
    # Celery logs a task that raised as "raised unexpected"; the worker's own shutdown
    # at the end of the test (SIGTERM to its pool) is not a task's crash.
    assert "raised unexpected" not in log and "IllegalTransition" not in log, log[-3000:]


def test_the_session_ends_built_from_its_last_turns(tmp_path) -> None:
    session, _ = replace_concurrently(tmp_path)
    stored_dose = re.search(r"metformin (\d+) mg", session.turns.first().text).group(1)
    doses = {f.value for f in Fact.objects.filter(session=session, entity__name="metformin")}
    assert session.status == "done" and doses == {stored_dose}, doses
