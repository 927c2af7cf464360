"""A cursor for the fixed SQL texts of the hot paths: server-side binding, prepared.

Django's PostgreSQL backend binds parameters on the client (psycopg's
ClientCursor): every execution quotes each parameter into a new SQL text,
which the server parses and plans again. Planning dominated the database's
CPU per ask (a 0.2-0.4 ms plan for a sub-0.2 ms join), and quoting a
512-float question vector as text cost the web worker more than sending it.
The per-ask statements (fact views, rankings, chain context, token and
care-team lookups, the audit insert) are fixed texts, so they are sent with
server-side binding (binary parameters, vectors included) and prepared once
per connection: later executions skip parsing, and planning whenever the
server's plan cache settles on a generic plan.

Prepared statements live in the server session, so they survive in a
connection pool but not through a transaction-mode pooler (PgBouncer):
MEDGRAPH_DB_PREPARE=0 keeps server-side binding and turns preparing off.
The cursor is Django's wrapper around psycopg's, so Django's error
translation, execute wrappers and query capture (tests count round trips)
apply as for `connection.cursor()`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import psycopg
from django.db import connection
from django.db.backends.postgresql.base import CursorDebugWrapper
from django.db.backends.postgresql.psycopg_any import register_tzloader
from django.db.models import Model
from psycopg.pq import Format

M = TypeVar("M", bound=Model)
_TIMESTAMPTZ_OID = psycopg.adapters.types["timestamptz"].oid
# Django turns psycopg's preparing off (threshold None, for poolers), and psycopg
# then ignores prepare=True. A threshold never reached prepares only what this
# module asks for; everything else on the connection stays unprepared.
_ONLY_WHEN_ASKED = 2**31 - 1


def preparing() -> bool:
    """MEDGRAPH_DB_PREPARE (default on), read at each use."""
    return os.environ.get("MEDGRAPH_DB_PREPARE", "1").strip() not in {"0", "false", "no", "off"}


class _PreparedCursor(psycopg.Cursor):
    """psycopg's server-side-binding cursor, preparing every statement it runs
    when preparing is on: Django's wrapper calls execute(sql, params) only."""

    prepare_all = True

    def execute(self, query: Any, params: Any = None, *, prepare: bool | None = None,
                binary: bool | None = None) -> Any:  # fmt: skip
        chosen = self.prepare_all if prepare is None else prepare
        return super().execute(query, params, prepare=chosen, binary=binary)


class _DebugCursor(CursorDebugWrapper):
    """Django's debug wrapper (DEBUG, or a test capturing queries) logging the SQL
    with its parameters: Django reads it back from a client-binding cursor only."""

    @contextmanager
    def debug_sql(
        self, sql: Any = None, params: Any = None, use_last_executed_query: bool = False,
        many: bool = False,
    ) -> Iterator[None]:  # fmt: skip
        shown = self.db.ops.compose_sql(sql, params) if use_last_executed_query else sql
        with super().debug_sql(shown, params, False, many):
            yield


def cursor() -> Any:
    """A Django cursor wrapper over a prepared, server-side-binding psycopg cursor
    on the default connection (vectors adapted), for fixed SQL texts only."""
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    raw = connection.connection
    # Here, not at module level: memory.indexing imports numpy (~0.25 s), and every
    # audit write comes through this module, also in CLI commands that embed nothing.
    from memory.indexing import ensure_vector_adapter

    ensure_vector_adapter(raw)
    prepare = preparing()
    if prepare and raw.prepare_threshold is None:
        raw.prepare_threshold = _ONLY_WHEN_ASKED
    with connection.wrap_database_errors:
        cur = _PreparedCursor(raw)
        cur.prepare_all = prepare
        # As Django's create_cursor: follow a time zone changed since connecting.
        loader = raw.adapters.get_loader(_TIMESTAMPTZ_OID, Format.TEXT)
        if connection.timezone != getattr(loader, "timezone", None):
            register_tzloader(connection.timezone, cur)
    connection.validate_thread_sharing()
    if connection.queries_logged:
        return _DebugCursor(cur, connection)
    return connection.make_cursor(cur)


def columns(model: type[Model], alias: str) -> str:
    """The model's concrete columns as `alias.column, ...`, in field order."""
    return ", ".join(f"{alias}.{f.column}" for f in model._meta.concrete_fields)


def instance(model: type[M], row: Sequence[Any]) -> M:
    """A model instance from the row of `columns(model, ...)`, as the ORM loads one."""
    names = [f.attname for f in model._meta.concrete_fields]
    return model.from_db(connection.alias, names, row)
