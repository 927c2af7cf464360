"""A database outage answered promptly and honestly: 503 with Retry-After.

PostgreSQL stopped, restarting or unreachable surfaces as Django's
OperationalError / InterfaceError (connect_timeout bounds the wait, see
medgraph_web.hardening). The API answers it in its error shape, the pages with a
"database unavailable" page; neither touches the database to do so (no session,
no user, no audit), and nothing was changed by the refused request.
"""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string

log = logging.getLogger(__name__)
RETRY_AFTER_S = 5
MESSAGE = "The database is unavailable; nothing was changed. Try again in a few seconds."
DATABASE_ERRORS = (OperationalError, InterfaceError)


def is_outage(exc: BaseException | None) -> bool:
    return isinstance(exc, DATABASE_ERRORS)


def api_body() -> dict[str, object]:
    return {"code": "database_unavailable", "message": MESSAGE, "fields": {}}


def detach_session(request: HttpRequest) -> None:
    """Drop the request's session: it could not be loaded, and without it the session
    middleware leaves the response alone instead of trying the database once more
    (another connect timeout) on the way out."""
    if "session" in request.__dict__:
        del request.session


def response_for(request: HttpRequest, exc: BaseException) -> HttpResponse:
    log.warning("database unavailable on %s: %s", request.path, str(exc).strip()[:300])
    detach_session(request)
    if request.path_info.startswith("/api/"):
        response: HttpResponse = JsonResponse({"error": api_body()}, status=503)
    else:
        # Rendered without the request: context processors would load the user and
        # the session, that is the database again.
        response = HttpResponse(render_to_string("503.html"), status=503)
    response["Retry-After"] = str(RETRY_AFTER_S)
    return response
