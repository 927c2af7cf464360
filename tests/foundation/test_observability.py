"""/healthz checks every dependency; /metrics is Prometheus text for staff or a token."""

from __future__ import annotations

import json
import logging

import pytest
from celery.contrib.testing.worker import start_worker
from pythonjsonlogger.json import JsonFormatter

from medgraph_web.celery import app
from medgraph_web.logconfig import ContextFilter, logging_config

pytestmark = pytest.mark.django_db


def test_healthz_is_unhealthy_without_a_live_worker(client):
    body = client.get("/healthz").json()
    assert (body["status"], body["database"], body["redis"], body["workers"]) == (
        "error", "ok", "ok", 0,
    )  # fmt: skip
    assert body["pgvector"] not in ("missing", None)


@pytest.mark.celery
@pytest.mark.django_db(transaction=True)
def test_healthz_is_healthy_with_database_pgvector_redis_and_a_worker(client):
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=30):
        response = client.get("/healthz")
    assert response.status_code == 200 and response.json()["workers"] == 1, response.json()


def test_metrics_are_refused_to_anonymous_and_non_staff(client, clinician):
    assert client.get("/metrics").status_code == 403
    client.force_login(clinician)
    assert client.get("/metrics").status_code == 403


def test_metrics_answer_a_scraper_with_the_token(client, settings):
    settings.METRICS_TOKEN = "scrape-" + "t" * 30
    client.get("/healthz")  # one request observed before the scrape
    text = client.get("/metrics", HTTP_AUTHORIZATION=f"Bearer {settings.METRICS_TOKEN}")
    body = text.content.decode()
    for name in (
        "medgraph_http_request_duration_seconds_bucket",
        "medgraph_construction_duration_seconds_bucket",
        "medgraph_queue_depth",
        "medgraph_failed_sessions",
        "medgraph_live_workers",
    ):
        assert name in body, name


def test_metrics_refuse_a_wrong_token(client, settings):
    settings.METRICS_TOKEN = "scrape-" + "t" * 30
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer nope").status_code == 403


def test_every_response_carries_a_request_id_and_keeps_the_callers(client):
    given = client.get("/healthz", HTTP_X_REQUEST_ID="abc-123")
    fresh = client.get("/healthz")
    assert given["X-Request-ID"] == "abc-123" and len(fresh["X-Request-ID"]) == 32


def test_log_lines_are_json_with_request_and_task_ids():
    config = logging_config("json", "INFO")
    spec = {k: v for k, v in config["formatters"]["main"].items() if k != "()"}
    record = logging.LogRecord("memory.construction", logging.INFO, __file__, 1, "done", (), None)
    ContextFilter().filter(record)
    line = json.loads(JsonFormatter(**spec).format(record))
    assert {"time", "level", "logger", "message", "request_id", "task_id"} <= set(line)
