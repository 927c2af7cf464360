"""The worker heartbeat, written from the processes that run tasks.

/healthz, /metrics and `import --wait` count a worker as live while its key
`medgraph:heartbeat:<hostname>` exists. A prefork worker's main process only
dispatches: it stays up while every pool process is dead, or respawning
without end, so a key written by it said "live" for a worker that could take
no task. Here each pool process refreshes the key from a daemon thread; the
key expires (three missed beats) once no pool process is left to refresh it.
A solo or threads pool runs tasks in the main process, which then beats
itself (medgraph_web.celery.Heartbeat).
"""

from __future__ import annotations

import logging
import os
import threading

log = logging.getLogger(__name__)

# The queues this worker consumes, set in the main process before the pool
# forks, so every pool process inherits them.
_queues: list[str] = []
_main_pid: list[int] = []
_stop = threading.Event()


def remember_queues(queues: list[str]) -> None:
    """Called in the worker's main process before the pool starts."""
    _queues[:] = sorted(queues)
    _main_pid[:] = [os.getpid()]


def start(hostname: str) -> threading.Thread | None:
    """Beat for `hostname` from this pool process until it exits. None in the worker's
    main process: a solo pool announces itself there too, and the main process of a
    solo or threads worker beats through its bootstep (medgraph_web.celery)."""
    if not _main_pid or os.getpid() == _main_pid[0]:
        return None
    _stop.clear()  # a fresh process: an Event inherited across fork may be set
    thread = threading.Thread(target=_run, args=(hostname,), name="medgraph-heartbeat", daemon=True)
    thread.start()
    return thread


def stop() -> None:
    _stop.set()


def _run(hostname: str) -> None:
    from medgraph_web import broker

    client = None
    while not _stop.is_set():
        try:
            client = client or broker.redis_client()
            broker.beat(client, hostname, list(_queues))
        except Exception as exc:  # a missed beat must not kill the pool process
            log.warning("heartbeat failed: %s", exc)
            client = None
        _stop.wait(broker.heartbeat_every_s())
