"""Gunicorn settings shared by `medgraph run`, the Docker image and `make scaled-smoke`.

`gunicorn -c python:medgraph_web.gunicorn_conf medgraph_web.wsgi:application`

Threaded workers (gthread): a question may wait on the LLM for
LLM_TIMEOUT_S x LLM_MAX_ATTEMPTS seconds, which must not block the other
requests of the process, and the worker timeout is set above that. An
extractive ask is CPU-bound Python, and threads of one process share one
interpreter lock, so CPU throughput comes from processes: WEB_CONCURRENCY
defaults to the number of cores (at least 2), threads only overlap waits on
the database and the LLM.

Each worker keeps a psycopg connection pool (MEDGRAPH_DB_POOL, default: one
connection per thread) instead of a connection per thread, and opens it with
the pgvector adapter before it serves (post_worker_init), after the embedder,
lexicons, views and templates were loaded by medgraph_web.wsgi.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from medgraph_web import paths


def _float(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name) or default)
    except ValueError:
        return default


bind = (
    os.environ.get("GUNICORN_BIND")
    or f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
)
workers = int(os.environ.get("WEB_CONCURRENCY") or max(2, os.cpu_count() or 2))
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS") or 4)
# Exported to the workers (read by medgraph_web.hardening); an explicit value wins.
raw_env = [] if os.environ.get("MEDGRAPH_DB_POOL") else [f"MEDGRAPH_DB_POOL={threads}"]
timeout = int(_float("LLM_TIMEOUT_S", 60) * _float("LLM_MAX_ATTEMPTS", 3)) + 30
graceful_timeout = 30
keepalive = 5
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or "-"
errorlog = "-"
access_log_format = (
    '{"time": "%(t)s", "logger": "gunicorn.access", "remote": "%(h)s", "method": "%(m)s", '
    '"path": "%(U)s", "status": %(s)s, "bytes": "%(B)s", "duration_ms": %(M)s, '
    '"request_id": "%({x-request-id}o)s", "user_agent": "%(a)s"}'
)

# Histograms of all workers are summed through files in one directory.
_metrics_dir = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or str(
    paths.var_dir() / f"prometheus-{bind.replace(':', '_').replace('/', '_')}"
)
os.environ["PROMETHEUS_MULTIPROC_DIR"] = _metrics_dir


def on_starting(server: Any) -> None:
    shutil.rmtree(_metrics_dir, ignore_errors=True)
    Path(_metrics_dir).mkdir(parents=True, exist_ok=True)


def post_worker_init(worker: Any) -> None:
    from memory.pipeline.warmup import warm_database

    worker.log.info("database warm-up done in %.0f ms", warm_database())


def child_exit(server: Any, worker: Any) -> None:
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)
