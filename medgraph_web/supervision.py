"""Keep the embedded PostgreSQL and Redis up while `medgraph run` runs.

Each check asks the server itself (a connection for PostgreSQL, PING for
Redis); a server that does not answer is started again by the same code that
started it at launch. Services configured by URL (DATABASE_URL, REDIS_URL)
belong to their operator and are left alone.
"""

from __future__ import annotations

import logging
from pathlib import Path

from django.conf import settings
from django.db import connections

from medgraph_web import embedded

log = logging.getLogger(__name__)
SERVICE_CHECK_S = 5.0


def restart_dead_services() -> list[str]:
    """Names of the embedded services that were down and have been restarted."""
    restarted: list[str] = []
    if settings.EMBEDDED_POSTGRES and not _postgres_alive():
        start_postgres(settings.VAR_DIR)
        restarted.append("postgres")
    if settings.EMBEDDED_REDIS:
        sock = embedded.redis_socket_path(settings.VAR_DIR)
        if not embedded._redis_alive(sock):
            embedded.ensure_redis(settings.VAR_DIR)
            restarted.append("redis")
    return restarted


def start_postgres(var_dir: Path) -> None:
    """Start the embedded server again (pgserver caches its handle per process, so
    asking for the server is not enough: the handle is told to ensure it runs)."""
    import pgserver

    embedded.ensure_postgres(var_dir)  # the runtime dir and the handle, first time
    server = pgserver.get_server(var_dir / "pgdata", cleanup_mode=None)
    with server._lock:
        server.ensure_postgres_running()


def _postgres_alive() -> bool:
    conn = connections["default"]
    try:
        conn.close()  # always a fresh connection: the old one may point at a dead server
        with conn.cursor() as cur:
            cur.execute("SELECT 1")
        return True
    except Exception:
        log.warning("embedded PostgreSQL does not answer", exc_info=True)
        return False
    finally:
        conn.close()
