"""Faults during construction: a worker SIGKILLed, PostgreSQL stopped and restarted.

A real Celery worker runs as a subprocess on this test run's queue and test
database. After the fault, every session is constructed, and a killed worker
leaves exactly the memory a clean run builds.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from medgraph_web.supervision import start_postgres
from memory.actions.imports import store_sessions
from memory.importing import parse_text
from memory.models import Fact, Session
from memory.pipeline.construction import construct_pending
from memory.pipeline.enqueue import queue_construction

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.celery, pytest.mark.django_db(transaction=True)]
SESSIONS = 5
LINES = (
    "Patient: I have been taking metformin {n}00 mg twice a day for my diabetes.\n"
    "Doctor: Any side effects? Your fasting glucose today is {n}.2 mmol/L.\n"
    "Patient: My father also has diabetes and takes insulin.\n"
    "Doctor: Let us continue metformin and start amlodipine 5 mg for blood pressure.\n"
)


def transcript(n: int) -> str:
    return f"Date: 2024-0{1 + n % 9}-1{n % 10}\n" + LINES.format(n=n + 1) * 3


def store(pid: str, *, queue: bool) -> list[int]:
    ids: list[int] = []
    for n in range(SESSIONS):
        parsed = parse_text(transcript(n), f"v{n}.txt", patient_id=pid)
        ids += store_sessions(parsed, enqueue=queue_construction if queue else None).stored_ids
    return ids


def start_worker(
    concurrency: int = 1, log: Path | None = None, **extra_env: str
) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="medgraph_web.settings_test",
        MEDGRAPH_TEST_RUN=settings.CELERY_TASK_DEFAULT_QUEUE.removeprefix("test-"),
        MEDGRAPH_EMBEDDED_DB=connection.settings_dict["NAME"],
        MEDGRAPH_STUCK_AFTER_S="1",
        **extra_env,
    )
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "medgraph_web",
        "worker",
        "--loglevel=WARNING",
        f"--concurrency={concurrency}",
        "-Q",
        settings.CELERY_TASK_DEFAULT_QUEUE,
    ]
    out = log.open("ab") if log else subprocess.DEVNULL
    return subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True,
                            stdout=out, stderr=subprocess.STDOUT)  # fmt: skip


def stop(worker: subprocess.Popen[bytes], sig: int = signal.SIGTERM) -> None:
    try:
        os.killpg(worker.pid, sig)
    except ProcessLookupError:
        return
    try:
        worker.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(worker.pid, signal.SIGKILL)
        worker.wait(timeout=10)


def statuses(ids: list[int]) -> list[str]:
    return list(Session.objects.filter(pk__in=ids).order_by("seq").values_list("status", flat=True))


def wait_until(check, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.2)
    return False


def memory_of(pid: str) -> list[tuple]:
    facts = Fact.objects.filter(patient__external_id=pid).select_related("subject", "session")
    return sorted(
        (f.session.external_id, f.fact_type, f.subject.key, f.content, f.status, f.value,
         f.unit, f.chain_position, f.valid_to)
        for f in facts
    )  # fmt: skip


def test_sigkilled_worker_leaves_everything_done_and_identical_to_a_clean_run():
    ids = store("p-kill", queue=True)
    worker = start_worker()
    try:
        started = wait_until(lambda: "done" in statuses(ids), 180)
        before_kill = statuses(ids)
        stop(worker, signal.SIGKILL)
    finally:
        stop(worker, signal.SIGKILL)
    assert started and before_kill.count("done") < SESSIONS, before_kill
    worker = start_worker()  # its start-up check finds the sessions the dead one left
    try:
        finished = wait_until(lambda: set(statuses(ids)) == {"done"}, 240)
    finally:
        stop(worker)
    assert finished, statuses(ids)
    clean = store("p-clean", queue=False)
    construct_pending(clean[-1])
    assert memory_of("p-kill") == memory_of("p-clean")


def test_postgres_stopped_and_restarted_mid_construction_leaves_everything_done():
    ids = store("p-pg", queue=True)
    worker = start_worker()
    try:
        assert wait_until(lambda: "done" in statuses(ids), 180), statuses(ids)
        connection.close()
        stop_postgres()
        time.sleep(3)
        start_postgres(settings.VAR_DIR)
        connection.close()
        finished = wait_until(lambda: set(statuses(ids)) == {"done"}, 300)
    finally:
        stop(worker)
    assert finished, statuses(ids)


def stop_postgres() -> None:
    """Stop only PostgreSQL (Redis keeps the queue): what an outage of the database is."""
    from pgserver._commands import pg_ctl

    user = "pgserver" if os.geteuid() == 0 else None
    pg_ctl(["-w", "stop", "-m", "fast"], pgdata=settings.VAR_DIR / "pgdata", user=user)
