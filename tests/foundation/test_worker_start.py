"""A web worker is ready before its first request: models, views, templates, database pool."""

from __future__ import annotations

import importlib
import logging
import os
from types import ModuleType, SimpleNamespace

import pytest

from tests.wsgi_probe import subset, wsgi_start_state


def _conf(monkeypatch: pytest.MonkeyPatch, **env: str | None) -> ModuleType:
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", "/tmp/unused-prometheus-dir")
    for name, value in env.items():
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    return importlib.reload(importlib.import_module("medgraph_web.gunicorn_conf"))


def test_importing_the_wsgi_application_loads_views_and_templates() -> None:
    state = subset(wsgi_start_state(), "views", "schema_views", "templates")
    assert state == {"views": True, "schema_views": True, "templates": ["memory/ask.html"]}


def test_each_worker_gets_a_connection_pool_sized_to_its_threads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    conf = _conf(monkeypatch, MEDGRAPH_DB_POOL=None, GUNICORN_THREADS="6")
    assert conf.raw_env == ["MEDGRAPH_DB_POOL=6"]
    assert "MEDGRAPH_DB_POOL" not in os.environ  # the test process itself is untouched


def test_an_explicit_pool_size_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _conf(monkeypatch, MEDGRAPH_DB_POOL="3").raw_env == []


def test_cpu_bound_asks_get_one_worker_process_per_core(monkeypatch: pytest.MonkeyPatch) -> None:
    conf = _conf(monkeypatch, WEB_CONCURRENCY=None)
    assert conf.workers == max(2, os.cpu_count() or 2)
    assert _conf(monkeypatch, WEB_CONCURRENCY="5").workers == 5


@pytest.mark.django_db(transaction=True)
def test_worker_connects_to_the_database_before_serving(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from django.db import connection

    from memory.indexing import vector_cursor

    conf = _conf(monkeypatch)
    connection.close()
    worker = SimpleNamespace(log=logging.getLogger("gunicorn.error"))
    with caplog.at_level(logging.INFO):
        conf.post_worker_init(worker)
    messages = [r.getMessage() for r in caplog.records]
    assert any(m.startswith("database warm-up done") for m in messages)
    assert not any("failed" in m for m in messages)
    with vector_cursor() as cur:  # the adapter works on the next connection too
        cur.execute("SELECT 1")
        assert cur.fetchone() == (1,)
