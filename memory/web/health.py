"""Readiness for load balancers and docker-compose: database, pgvector, broker, live workers.

Each check reports its own line; the status is 503 when any fails, so a web
container whose workers are all gone is not reported healthy.
"""

from __future__ import annotations

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse


def _database() -> dict[str, object]:
    try:
        with connection.cursor() as cur:
            cur.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
            row = cur.fetchone()
    except Exception as exc:  # a health endpoint reports, never raises
        return {"database": f"error: {exc.__class__.__name__}"}
    return {"database": "ok", "pgvector": row[0] if row else "missing"}


def _broker() -> dict[str, object]:
    from medgraph_web import broker

    try:
        client = broker.redis_client()
        client.ping()
        workers = broker.live_workers(client, settings.CELERY_TASK_DEFAULT_QUEUE)
    except Exception as exc:
        return {"redis": f"error: {exc.__class__.__name__}", "workers": 0}
    return {"redis": "ok", "workers": len(workers)}


def healthz(request: HttpRequest) -> JsonResponse:
    checks = {**_database(), **_broker()}
    healthy = (
        checks["database"] == "ok"
        and checks.get("pgvector") not in (None, "missing")
        and checks["redis"] == "ok"
        and int(checks["workers"]) > 0  # type: ignore[call-overload]
    )
    return JsonResponse(
        {"status": "ok" if healthy else "error", **checks}, status=200 if healthy else 503
    )
