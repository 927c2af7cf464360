"""Issuing API tokens: a random key shown once, stored as its SHA-256 digest."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from memory.actions.audit import record
from memory.domain.tokens import token_digest
from memory.models import ApiToken


def do_issue_token(
    user: Any, *, channel: str = "api", ttl_hours: int | None = None
) -> tuple[str, ApiToken]:
    """(key, token row) for `user`; the key is never stored and cannot be shown again."""
    key = secrets.token_urlsafe(32)
    hours = ttl_hours or settings.API_TOKEN_TTL_HOURS
    with transaction.atomic():
        token = ApiToken.objects.create(
            user=user, prefix=key[:8], digest=token_digest(key),
            expires_at=timezone.now() + timedelta(hours=hours),
        )  # fmt: skip
        after = {"prefix": token.prefix, "expires_at": token.expires_at.isoformat()}
        record("auth.token_issued", actor=user, channel=channel, after=after)
    return key, token


def do_touch_token(token: ApiToken, now: datetime) -> None:
    """Note when a token was last used, at most once a minute (not audited: the
    request it authenticates is)."""
    if token.last_used_at is None or (now - token.last_used_at).total_seconds() > 60:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
