"""An API token and its user in one fixed, prepared statement (every API call reads it)."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.contrib.auth import get_user_model

from memory.models import ApiToken
from memory.queries import prepared


@cache
def _sql() -> str:
    user = get_user_model()
    return (
        f"SELECT {prepared.columns(ApiToken, 't')}, {prepared.columns(user, 'u')} "
        f"FROM {ApiToken._meta.db_table} t JOIN {user._meta.db_table} u ON u.id = t.user_id "
        "WHERE t.digest = %s"
    )


def token_with_user(digest: str) -> ApiToken | None:
    """The token stored under `digest`, its `user` loaded (one round trip), or None."""
    with prepared.cursor() as cur:
        cur.execute(_sql(), [digest])
        row: Any = cur.fetchone()
    if row is None:
        return None
    width = len(ApiToken._meta.concrete_fields)
    token = prepared.instance(ApiToken, row[:width])
    token.user = prepared.instance(get_user_model(), row[width:])
    return token
