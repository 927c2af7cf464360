"""Liveness/readiness for load balancers and docker-compose healthchecks."""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest, JsonResponse


def healthz(request: HttpRequest) -> JsonResponse:
    checks: dict[str, str] = {}
    try:
        with connection.cursor() as cur:
            cur.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'")
            row = cur.fetchone()
        checks["database"] = "ok"
        checks["pgvector"] = row[0] if row else "missing"
    except Exception as exc:  # a health endpoint reports, never raises
        checks["database"] = f"error: {exc.__class__.__name__}"
    healthy = checks.get("database") == "ok" and checks.get("pgvector") != "missing"
    return JsonResponse(
        {"status": "ok" if healthy else "error", **checks}, status=200 if healthy else 503
    )
