"""`Authorization: Token <key>` against hashed, expiring tokens (memory.models.ApiToken)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from memory.actions.tokens import do_touch_token
from memory.domain.tokens import token_digest
from memory.models import ApiToken
from memory.queries.tokens import token_with_user


class HashedTokenAuthentication(TokenAuthentication):
    keyword = "Token"

    def authenticate_credentials(self, key: str) -> tuple[Any, ApiToken]:
        token = token_with_user(token_digest(key))
        now = timezone.now()
        if token is None or token.expires_at <= now:
            raise AuthenticationFailed("Invalid or expired token.")
        if not token.user.is_active:
            raise AuthenticationFailed("User inactive or deleted.")
        do_touch_token(token, now)
        return token.user, token
