"""One JSON error shape for the whole API: {"error": {"code", "message", "fields"}}.

`fields` maps a request field (dot path for nested ones) to its messages, so a
client can show each message next to the field it concerns. Upload errors
also carry `file`, `location` and `problem`, exactly what the CLI prints.
"""

from __future__ import annotations

import logging
import sys
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views import defaults
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from memory import unavailable
from memory.importing import ImportFormatError
from memory.indexing import EmbeddingSpaceMismatch
from memory.security_audit import audit_denied


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "Request body too large."
    default_code = "too_large"


class Conflict(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = "The request conflicts with the stored state; nothing was changed."
    default_code = "conflict"


class PreconditionRequired(exceptions.APIException):
    """A correction without the fact's ETag in If-Match: without it a read-edit-write
    cycle would silently overwrite a colleague's change made in between."""

    status_code = status.HTTP_428_PRECONDITION_REQUIRED
    default_detail = (
        "If-Match is required: send the fact's ETag (from GET .../facts/<id>/), "
        'e.g. If-Match: "3". Nothing was changed.'
    )
    default_code = "precondition_required"


class DatabaseUnavailable(exceptions.APIException):
    """PostgreSQL cannot be reached (memory.unavailable): 503 with Retry-After."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_detail = unavailable.MESSAGE
    default_code = "database_unavailable"
    wait = unavailable.RETRY_AFTER_S  # DRF sends it as Retry-After


class IndexOutOfDate(exceptions.APIException):
    """The stored vectors were built by another embedder: an operator must reindex."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "index_mismatch"


class UploadRejected(exceptions.APIException):
    """An upload the importers refused; nothing from it was stored."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "invalid_upload"

    def __init__(self, error: ImportFormatError) -> None:
        super().__init__(str(error))
        self.error = error


log = logging.getLogger(__name__)
SERVER_ERROR = {
    "code": "server_error",
    "message": "Internal server error; it has been logged. Nothing was changed.",
    "fields": {},
}


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, RequestDataTooBig):
        exc = PayloadTooLarge()
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif unavailable.is_outage(exc):
        request = context.get("request")
        unavailable.log.warning("database unavailable on %s: %s", getattr(request, "path", "?"),
                                str(exc).strip()[:300])  # fmt: skip
        if request is not None:
            unavailable.detach_session(request._request)
        exc = DatabaseUnavailable()
    elif isinstance(exc, EmbeddingSpaceMismatch):
        log.error("API ask refused: %s", exc)
        exc = IndexOutOfDate(str(exc))
    response = exception_handler(exc, context)
    if response is None:
        # A genuine server error: logged with its traceback, answered in the API's
        # error shape (no HTML, no traceback to the client).
        request = context.get("request")
        log.error("API error on %s", getattr(request, "path", "?"), exc_info=exc)
        return Response({"error": SERVER_ERROR}, status=status.HTTP_500_INTERNAL_SERVER_ERROR)
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed
                  | exceptions.PermissionDenied) and "request" in context:  # fmt: skip
        audit_denied(context["request"], "api", f"{response.status_code}: {exc}")
    response.data = {"error": error_body(exc)}
    return response


# Django's error handlers (medgraph_web.urls): the JSON error shape under /api/,
# Django's pages elsewhere. They answer what never reached an API view: an
# unknown route, a malformed request, an error in middleware.


def server_error(request: HttpRequest) -> HttpResponse:
    # Django calls this inside its handler of the uncaught exception: a database
    # outage met outside a view (middleware, session, user) is a 503, not a 500.
    exc = sys.exc_info()[1]
    if unavailable.is_outage(exc):
        return unavailable.response_for(request, exc)  # type: ignore[arg-type]
    if _is_api(request):
        return JsonResponse({"error": SERVER_ERROR}, status=500)
    return defaults.server_error(request)


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return _json_error(404, "not_found", "Not found.")
    return defaults.page_not_found(request, exception)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return _json_error(400, "bad_request", "Bad request.")
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    if _is_api(request):
        return _json_error(403, "permission_denied", "Not allowed.")
    return defaults.permission_denied(request, exception)


def _is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def _json_error(code: int, name: str, message: str) -> JsonResponse:
    return JsonResponse({"error": {"code": name, "message": message, "fields": {}}}, status=code)


def error_body(exc: Exception) -> dict[str, Any]:
    if isinstance(exc, UploadRejected):
        e = exc.error
        return {
            "code": "invalid_upload",
            "message": str(e),
            "fields": {"files": [str(e)]},
            "file": e.source,
            "location": e.location,
            "problem": e.problem,
        }
    if isinstance(exc, exceptions.ValidationError):
        fields = _flatten(exc.detail)
        first = next(iter(fields.values()), ["Invalid input."])[0]
        return {"code": "invalid", "message": first, "fields": fields}
    if isinstance(exc, Conflict) and hasattr(exc, "current"):
        # A stale correction: the client sees what the fact is now.
        return {
            "code": "conflict",
            "message": str(exc.detail),
            "fields": {},
            "current": exc.current,
        }
    if isinstance(exc, exceptions.APIException):
        code = exc.get_codes() if isinstance(exc.get_codes(), str) else exc.default_code
        return {"code": str(code), "message": str(exc.detail), "fields": {}}
    return {"code": "error", "message": str(exc), "fields": {}}


def _flatten(detail: Any, prefix: str = "") -> dict[str, list[str]]:
    """DRF's nested error detail as {"field.sub": [messages]}."""
    if isinstance(detail, dict):
        out: dict[str, list[str]] = {}
        for key, value in detail.items():
            name = f"{prefix}.{key}" if prefix else str(key)
            out.update(_flatten(value, name))
        return out
    if isinstance(detail, list) and any(isinstance(d, dict | list) for d in detail):
        out = {}
        for index, value in enumerate(detail):
            out.update(_flatten(value, f"{prefix}[{index}]" if prefix else f"[{index}]"))
        return out
    messages = [str(d) for d in detail] if isinstance(detail, list) else [str(detail)]
    return {prefix or "non_field_errors": messages}
