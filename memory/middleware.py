"""Request guards that sit under every route.

RejectUnstorableCharacters: a path or query string holding a NUL or a lone
surrogate is answered 400 before any view (or database query) sees it: no id,
search or date ever contains one, and PostgreSQL cannot store or compare it.

AuditRefusals: every 403 writes an access.denied event, also one raised where no
view audited it (CSRF failure, a permission check added later), so that a
refusal is never silent.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse

from memory.importing.limits import bad_char
from memory.security_audit import audit_denied, channel_of, refusal_audited


class RejectUnstorableCharacters:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        problem = _problem(request)
        if problem is None:
            return self.get_response(request)
        if request.path_info.startswith("/api/"):
            body = {"code": "invalid", "message": problem, "fields": {}}
            return JsonResponse({"error": body}, status=400)
        return HttpResponseBadRequest(problem, content_type="text/plain; charset=utf-8")


def _problem(request: HttpRequest) -> str | None:
    found = bad_char(request.path_info)
    if found is not None:
        return f"path: {found[1]} at position {found[0]}"
    for key, values in request.GET.lists():
        for text, what in [(key, f"query parameter name {key!r}")] + [
            (v, f"query parameter {key!r}") for v in values
        ]:
            found = bad_char(text)
            if found is not None:
                return f"{what}: {found[1]} at position {found[0]}"
    return None


class AuditRefusals:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code == 403 and not refusal_audited(request):
            reason = f"403 {response.reason_phrase}: refused (no view-level reason)"
            audit_denied(request, channel_of(request), reason)
        return response
