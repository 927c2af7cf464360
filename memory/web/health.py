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
    # A failing LLM leaves the service up (the rule extractor builds every session), so it
    # degrades the status without failing the check.
    checks["llm"] = _llm()
    degraded = checks["llm"] not in ("ok", "off")
    status = "error" if not healthy else ("degraded" if degraded else "ok")
    return JsonResponse({"status": status, **checks}, status=200 if healthy else 503)


def _llm() -> str:
    from memory.queries.llm_health import llm_state

    try:
        return llm_state()
    except Exception as exc:  # a health endpoint reports, never raises
        return f"error: {exc.__class__.__name__}"
