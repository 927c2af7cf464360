"""medgraph services status|stop — the embedded PostgreSQL and Redis under var/."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db import connection

from medgraph_web import embedded


class Command(BaseCommand):
    help = "Show or stop the embedded PostgreSQL/Redis servers."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("action", choices=["status", "stop"])

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["action"] == "stop":
            connection.close()
            stopped = embedded.stop_all(settings.VAR_DIR)
            self.stdout.write("stopped: " + (", ".join(stopped) or "nothing was running"))
            return
        db = settings.DATABASES["default"]
        mode = "embedded" if settings.EMBEDDED_POSTGRES else "external"
        self.stdout.write(f"postgres ({mode}): {db.get('HOST')} db={db.get('NAME')}")
        with connection.cursor() as cur:
            cur.execute("SELECT version()")
            self.stdout.write("  " + cur.fetchone()[0].split(" on ")[0])
        self.stdout.write(
            f"redis ({'embedded' if settings.EMBEDDED_REDIS else 'external'}): {settings.REDIS_URL}"
        )
