"""Audit of access itself: logins, logouts, failed logins and refused requests.

A failed login records the user name tried (never the password) and the
address; a refused request records who (or "anonymous"), where and why.
Connected in MemoryConfig.ready().
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in, user_logged_out, user_login_failed
from django.http import HttpRequest

from memory.actions.audit import record


def client_address(request: HttpRequest | None) -> str:
    if request is None:
        return ""
    return str(request.META.get("REMOTE_ADDR", ""))[:64]


AUDITED_MARK = "_medgraph_refusal_audited"


def audit_denied(request: Any, channel: str, reason: str) -> None:
    """A refused request (403, or a care-team 404), with the user and path.

    Marks the request so that AuditRefusals (the net under every route) does not
    record the same refusal twice."""
    user = getattr(request, "user", None)
    setattr(getattr(request, "_request", request), AUDITED_MARK, True)
    record(
        "access.denied", actor=user, channel=channel, reason=reason,
        after={"path": str(getattr(request, "path", ""))[:300],
               "method": getattr(request, "method", ""),
               "user": getattr(user, "username", "") or "anonymous",
               "address": client_address(getattr(request, "_request", request))},
    )  # fmt: skip


def refusal_audited(request: HttpRequest) -> bool:
    return bool(getattr(request, AUDITED_MARK, False))


def channel_of(request: HttpRequest | None) -> str:
    path = getattr(request, "path", "") or ""
    if path.startswith("/api/"):
        return "api"
    return "admin" if path.startswith("/admin/") else "web"


def _logged_in(sender: object, request: HttpRequest, user: Any, **_: object) -> None:
    record("auth.login", actor=user, channel=channel_of(request),
           after={"address": client_address(request)})  # fmt: skip


def _logged_out(sender: object, request: HttpRequest, user: Any, **_: object) -> None:
    record("auth.logout", actor=user, channel=channel_of(request),
           after={"address": client_address(request)})  # fmt: skip


def _login_failed(
    sender: object, credentials: dict[str, Any], request: HttpRequest | None = None, **_: object
) -> None:
    username = str(credentials.get("username", ""))[:150]
    record("auth.login_failed", channel=channel_of(request),
           after={"username": username, "address": client_address(request)})  # fmt: skip


def connect() -> None:
    user_logged_in.connect(_logged_in, dispatch_uid="memory.audit.login")
    user_logged_out.connect(_logged_out, dispatch_uid="memory.audit.logout")
    user_login_failed.connect(_login_failed, dispatch_uid="memory.audit.login_failed")
