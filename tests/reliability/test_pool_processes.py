"""A Celery worker's pool processes die: the worker replaces them and keeps building.

A real prefork worker with two pool processes runs as a subprocess on this test
run's queue. Killing one or both pool processes (not the worker) must leave the
next uploaded session constructed within 30 s, and /healthz must say 503 while
no pool process can take a task, though the worker's main process is alive.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from django.test import Client

from memory.actions.imports import store_sessions
from memory.importing import parse_text
from memory.pipeline.enqueue import queue_construction
from tests.reliability.test_faults import start_worker, statuses, stop, wait_until

pytestmark = [pytest.mark.celery, pytest.mark.django_db(transaction=True)]
POOL = 2
BOUND_S = 30
BEAT_S = 1
VISIT = (
    "Date: 2024-03-14\n"
    "Patient: My ankles swell by evening since the new tablet.\n"
    "Doctor: You take nifedipine 30 mg every morning? We will lower it to 20 mg.\n"
    "病人：我每天早上吃硝苯地平三十毫克。\n"
)


@pytest.fixture(scope="module")
def started_worker(django_db_setup, django_db_blocker):
    """One worker for the module: starting one warms its models (~10 s), and every
    test below leaves its pool whole again (the `worker` fixture waits for that)."""
    process = start_worker(concurrency=POOL, MEDGRAPH_HEARTBEAT_EVERY_S=str(BEAT_S))
    try:
        # Ready when it has built a session: killing the pool while the worker still
        # starts is another fault (billiard gives up: "Could not start worker processes").
        with django_db_blocker.unblock():
            ids = upload("p-pool-ready")
            assert wait_until(lambda: statuses(ids) == ["done"], 180), statuses(ids)
        yield process
    finally:
        stop(process)


@pytest.fixture
def worker(started_worker):
    """The module's worker, its pool whole and able to build (a test may have killed it)."""
    assert wait_until(lambda: len(pool_of(started_worker)) == POOL, BOUND_S)
    return started_worker


def pool_of(process: subprocess.Popen[bytes]) -> list[int]:
    """The worker's pool processes: its main process's children."""
    path = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    try:
        return [int(pid) for pid in path.read_text().split()]
    except FileNotFoundError:
        return []


def healthz() -> int:
    return Client().get("/healthz").status_code


def upload(pid: str) -> list[int]:
    return store_sessions(
        parse_text(VISIT, "visit.txt", patient_id=pid), enqueue=queue_construction
    ).stored_ids


def kill_and_upload(process: subprocess.Popen[bytes], victims: list[int], pid: str) -> float:
    """SIGKILL `victims`, upload one session at once; seconds until it is constructed."""
    for victim in victims:
        os.kill(victim, signal.SIGKILL)
    killed = time.monotonic()
    ids = upload(pid)
    assert wait_until(lambda: statuses(ids) == ["done"], BOUND_S), statuses(ids)
    return time.monotonic() - killed


def test_one_killed_pool_process_leaves_the_next_session_constructed_within_30_s(worker):
    assert kill_and_upload(worker, pool_of(worker)[:1], "p-pool-one") < BOUND_S


def test_both_killed_pool_processes_leave_the_next_session_constructed_within_30_s(worker):
    assert kill_and_upload(worker, pool_of(worker), "p-pool-both") < BOUND_S


def test_killed_pool_processes_are_replaced_by_processes_that_stay_up(worker):
    killed = pool_of(worker)
    for victim in killed:
        os.kill(victim, signal.SIGKILL)
    # Replacements that missed Celery's start-up deadline were killed and respawned without end.
    assert wait_until(lambda: len(set(pool_of(worker)) - set(killed)) == POOL, BOUND_S)
    survivors = pool_of(worker)
    time.sleep(6)  # longer than Celery's 4 s deadline for a new process to report up
    assert pool_of(worker) == survivors


def test_healthz_is_ok_while_the_pool_can_take_tasks(worker):
    time.sleep(3 * BEAT_S + 1)  # the beats of the pool, not the start-up's, keep it live
    assert healthz() == 200


def test_healthz_is_503_while_no_pool_process_can_take_a_task(worker):
    pool = pool_of(worker)
    for member in pool:
        os.kill(member, signal.SIGSTOP)  # alive but unable to take a task
    try:
        unhealthy = wait_until(lambda: healthz() == 503, 45)
        dispatcher_alive = worker.poll() is None
    finally:
        for member in pool:
            os.kill(member, signal.SIGCONT)
    assert unhealthy and dispatcher_alive
