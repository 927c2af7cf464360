"""A real Celery worker on the embedded Redis constructs an uploaded session."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from celery.contrib.testing.worker import start_worker
from django.conf import settings as settings_module

from medgraph_web import broker
from medgraph_web.broker import with_db
from medgraph_web.celery import app
from memory.actions.imports import store_sessions
from memory.importing import parse_text
from memory.models import Fact, Session
from memory.pipeline.enqueue import queue_construction
from memory.pipeline.waiting import wait_for_sessions, workers_available

TRANSCRIPT = (
    "Date: 2024-04-02\nPatient: I'm allergic to penicillin, it gives me hives.\n"
    "Doctor: Noted. Keep taking metformin 500 mg twice a day.\n"
)


@pytest.mark.celery
@pytest.mark.django_db(transaction=True)
def test_uploaded_session_is_constructed_by_a_worker(settings):
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=30):
        stored = store_sessions(
            parse_text(TRANSCRIPT, "v1.txt", patient_id="cel-1"), enqueue=queue_construction
        ).stored[0]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if Session.objects.get(pk=stored.pk).status in ("done", "failed"):
                break
            time.sleep(0.2)
    session = Session.objects.get(pk=stored.pk)
    assert session.status == "done" and Fact.objects.filter(session=session).exists()


@pytest.fixture(scope="module")
def app_worker(tmp_path_factory):
    """A worker started exactly as `medgraph run` starts one: the app's settings, not the
    tests'. One for the module: it starts in ~10 s, and neither test changes it."""
    tmp_path = tmp_path_factory.mktemp("app-worker")
    from tests.foundation.cli_helpers import ROOT

    env = {
        k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE", "MEDGRAPH_CLI")
    }
    env.update(DJANGO_SETTINGS_MODULE="medgraph_web.settings", SECRET_KEY="app-key-" + "x" * 40)
    log = open(tmp_path / "app-worker.log", "w")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "medgraph_web", "worker", "--pool=solo",
         "--loglevel=INFO", "--hostname", f"app-{os.getpid()}@%h"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    app_broker = broker.redis_client(with_db(settings_module.REDIS_URL, 0))
    deadline = time.monotonic() + 90
    while not broker.live_workers(app_broker, "medgraph") and time.monotonic() < deadline:
        assert proc.poll() is None, (tmp_path / "app-worker.log").read_text()[-2000:]
        time.sleep(0.5)
    assert broker.live_workers(app_broker, "medgraph"), "the app's worker never beat"
    yield tmp_path / "app-worker.log"
    proc.terminate()
    proc.wait(timeout=30)
    log.close()


@pytest.mark.celery
@pytest.mark.django_db(transaction=True)
def test_a_running_apps_worker_never_takes_or_answers_for_test_tasks(app_worker):
    assert not workers_available()
    stored = store_sessions(
        parse_text(TRANSCRIPT, "v2.txt", patient_id="cel-2"), enqueue=queue_construction
    ).stored[0]
    outcome = wait_for_sessions([stored.pk], timeout_s=120)
    assert outcome.mode == "in-process" and [s.pk for s in outcome.done] == [stored.pk]
    assert "Task memory.construct_session[" not in app_worker.read_text()  # never received


@pytest.mark.celery
@pytest.mark.django_db(transaction=True)
def test_roundtrip_through_the_test_worker_while_the_app_worker_runs(app_worker):
    test_uploaded_session_is_constructed_by_a_worker(None)
