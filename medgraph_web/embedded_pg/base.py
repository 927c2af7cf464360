"""PostgreSQL backend that starts (or finds) the embedded server when it first connects.

Importing the settings therefore starts nothing; `medgraph services stop` on
an idle machine stays idle, and `--help` needs no database.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import psycopg
from django.db.backends.postgresql import base as postgresql

from medgraph_web import embedded


class DatabaseWrapper(postgresql.DatabaseWrapper):
    def get_connection_params(self) -> dict[str, Any]:
        var_dir = Path(self.settings_dict["EMBEDDED"]["VAR_DIR"])
        if embedded.lost_postgres(var_dir, self.settings_dict["EMBEDDED"]["DB"]):
            # The server this process was using has stopped: this connection fails now
            # (a 503 for a web request) rather than waiting for whoever restarts it.
            raise psycopg.OperationalError("the embedded PostgreSQL server is not running")
        info = embedded.postgres_location(var_dir, self.settings_dict["EMBEDDED"]["DB"])
        self.settings_dict["HOST"] = info["HOST"]
        self.settings_dict["PORT"] = info["PORT"]
        return super().get_connection_params()
