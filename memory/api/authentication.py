"""`Authorization: Token <key>` against hashed, expiring tokens (memory.models.ApiToken)."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from memory.actions.tokens import token_digest
from memory.models import ApiToken


class HashedTokenAuthentication(TokenAuthentication):
    keyword = "Token"

    def authenticate_credentials(self, key: str) -> tuple[Any, ApiToken]:
        token = ApiToken.objects.select_related("user").filter(digest=token_digest(key)).first()
        now = timezone.now()
        if token is None or token.expires_at <= now:
            raise AuthenticationFailed("Invalid or expired token.")
        if not token.user.is_active:
            raise AuthenticationFailed("User inactive or deleted.")
        if token.last_used_at is None or (now - token.last_used_at).total_seconds() > 60:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        return token.user, token
