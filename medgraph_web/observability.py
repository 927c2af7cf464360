"""Request ids, request/ask latency and the Prometheus /metrics endpoint.

Latency histograms live in the serving process; under gunicorn they are
shared through PROMETHEUS_MULTIPROC_DIR (set by medgraph_web.gunicorn_conf).
Figures owned by the database or the broker (sessions by status,
construction durations, queue depth, live workers) are computed at scrape
time, so they are right whichever process constructed the sessions.
"""

from __future__ import annotations

import hmac
import logging
import os
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, HistogramMetricFamily
from prometheus_client.multiprocess import MultiProcessCollector

from medgraph_web.logconfig import request_id

log = logging.getLogger("medgraph.request")

REQUEST_SECONDS = Histogram(
    "medgraph_http_request_duration_seconds",
    "Web and API request latency by route.",
    ["method", "route", "status"],
)
ASK_SECONDS = Histogram(
    "medgraph_ask_duration_seconds",
    "Latency of answering a question (retrieval + reader), web and API.",
    ["route"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300),
)
ASK_ROUTES = frozenset({"patient-ask", "api-ask"})
CONSTRUCT_BUCKETS_S = (0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600)


class RequestContextMiddleware:
    """Give each request an id (or keep the proxy's X-Request-ID), time it, log it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        rid = (request.headers.get("X-Request-ID") or "")[:64] or uuid.uuid4().hex
        token = request_id.set(rid)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
        finally:
            request_id.reset(token)
        elapsed = time.perf_counter() - started
        match = getattr(request, "resolver_match", None)
        route = match.view_name if match else "unmatched"
        REQUEST_SECONDS.labels(request.method, route, str(response.status_code)).observe(elapsed)
        if route in ASK_ROUTES and request.method == "POST":
            ASK_SECONDS.labels(route).observe(elapsed)
        response["X-Request-ID"] = rid
        return response


class StoreCollector:
    """Sessions by status and construction durations from the database; broker figures."""

    def collect(self) -> Iterator[Any]:
        yield from _session_metrics()
        yield from _llm_metrics()
        yield from _broker_metrics()

    def describe(self) -> list[Any]:
        return []


def _session_metrics() -> Iterator[Any]:
    from django.db import connection

    by_status = GaugeMetricFamily(
        "medgraph_sessions", "Sessions by construction status.", labels=["status"]
    )
    with connection.cursor() as cur:
        cur.execute("SELECT status, count(*) FROM memory_session GROUP BY status")
        counts = dict(cur.fetchall())
        for status in ("queued", "extracting", "done", "failed"):
            by_status.add_metric([status], counts.get(status, 0))
        yield by_status
        failed = GaugeMetricFamily("medgraph_failed_sessions", "Sessions that failed construction.")
        failed.add_metric([], counts.get("failed", 0))
        yield failed
        filters = ", ".join(
            f"count(*) FILTER (WHERE construct_ms <= {b * 1000:g})" for b in CONSTRUCT_BUCKETS_S
        )
        cur.execute(
            f"SELECT {filters}, count(*), coalesce(sum(construct_ms), 0) / 1000.0 "
            "FROM memory_session WHERE construct_ms IS NOT NULL"
        )
        row = cur.fetchone()
    buckets = [(f"{b:g}", row[i]) for i, b in enumerate(CONSTRUCT_BUCKETS_S)]
    buckets.append(("+Inf", row[len(CONSTRUCT_BUCKETS_S)]))
    hist = HistogramMetricFamily(
        "medgraph_construction_duration_seconds",
        "Time to construct one session (extraction, writes, indexing).",
    )
    hist.add_metric([], buckets, float(row[-1]))
    yield hist


def _llm_metrics() -> Iterator[Any]:
    from memory.queries.llm_health import llm_counts

    counts = llm_counts()
    requests = GaugeMetricFamily(
        "medgraph_llm_requests", "LLM extraction requests made for the sessions in memory."
    )
    requests.add_metric([], counts["requests"])
    yield requests
    fallback = GaugeMetricFamily(
        "medgraph_llm_fallback_sessions",
        "Sessions built by the rule extractor after the LLM failed, by kind of failure.",
        labels=["kind"],
    )
    for kind, n in sorted(counts["fallback_by_kind"].items()):
        fallback.add_metric([kind], n)
    yield fallback


def _broker_metrics() -> Iterator[Any]:
    from medgraph_web import broker

    queue = settings.CELERY_TASK_DEFAULT_QUEUE
    depth = GaugeMetricFamily(
        "medgraph_queue_depth", "Tasks waiting in the queue.", labels=["queue"]
    )
    workers = GaugeMetricFamily("medgraph_live_workers", "Workers with a recent heartbeat.")
    try:
        client = broker.redis_client()
        depth.add_metric([queue], broker.queue_depth(client, queue))
        workers.add_metric([], len(broker.live_workers(client, queue)))
    except Exception as exc:  # the scrape still reports what it can
        log.warning("metrics: broker unavailable: %s", exc)
        return
    yield depth
    yield workers


def _registry() -> CollectorRegistry:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        MultiProcessCollector(registry)
    else:
        registry = CollectorRegistry()
        registry.register(_ProcessRegistry())
    registry.register(StoreCollector())
    return registry


class _ProcessRegistry:
    """The default registry's metrics (this process), re-exposed in a fresh registry."""

    def collect(self) -> Iterator[Any]:
        yield from REGISTRY.collect()

    def describe(self) -> list[Any]:
        return []


def _authorised(request: HttpRequest) -> bool:
    if request.user.is_authenticated and request.user.is_staff:
        return True
    token = settings.METRICS_TOKEN
    given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    return bool(token and given and hmac.compare_digest(token, given))


def metrics(request: HttpRequest) -> HttpResponse:
    if not _authorised(request):
        return HttpResponse("staff login or METRICS_TOKEN required\n", status=403)
    return HttpResponse(generate_latest(_registry()), content_type=CONTENT_TYPE_LATEST)
