"""PostgreSQL backend that starts (or finds) the embedded server when it first connects.

Importing the settings therefore starts nothing; `medgraph services stop` on
an idle machine stays idle, and `--help` needs no database.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.db.backends.postgresql import base as postgresql

from medgraph_web import embedded


class DatabaseWrapper(postgresql.DatabaseWrapper):
    def get_connection_params(self) -> dict[str, Any]:
        info = embedded.postgres_location(
            Path(self.settings_dict["EMBEDDED"]["VAR_DIR"]), self.settings_dict["EMBEDDED"]["DB"]
        )
        self.settings_dict["HOST"] = info["HOST"]
        self.settings_dict["PORT"] = info["PORT"]
        return super().get_connection_params()
