"""medgraph services status|start|stop — the embedded PostgreSQL and Redis under var/.

`status` and `stop` never start anything; the servers otherwise start by
themselves on the first connection that needs them.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db import connection

from medgraph_web import embedded


class Command(BaseCommand):
    help = "Show, start or stop the embedded PostgreSQL/Redis servers kept under var/."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "action", nargs="?", default="status", choices=["status", "start", "stop"],
            help="status (default): what is running; start: start both now; stop: stop both",
        )  # fmt: skip

    def handle(self, *args: Any, **opts: Any) -> None:
        var = settings.VAR_DIR
        if opts["action"] == "stop":
            connection.close()
            stopped = embedded.stop_all(var)
            self.stdout.write("stopped: " + (", ".join(stopped) or "nothing was running"))
            return
        if opts["action"] == "start":
            if settings.EMBEDDED_POSTGRES:
                connection.ensure_connection()
            if settings.EMBEDDED_REDIS:
                embedded.ensure_redis(var)
        self._status()

    def _status(self) -> None:
        var = settings.VAR_DIR
        db = settings.DATABASES["default"]
        if settings.EMBEDDED_POSTGRES:
            state = "running" if embedded.postgres_running(var) else "stopped"
            self.stdout.write(f"postgres (embedded, {state}): {var / 'pgdata'} db={db['NAME']}")
        else:
            self.stdout.write(f"postgres (external): {db.get('HOST')} db={db.get('NAME')}")
        if settings.EMBEDDED_REDIS:
            state = "running" if embedded.redis_running(var) else "stopped"
            self.stdout.write(f"redis (embedded, {state}): {settings.REDIS_URL}")
        else:
            self.stdout.write(f"redis (external): {settings.REDIS_URL}")
