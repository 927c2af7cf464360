"""Refuse a request whose path or query string holds a NUL or a lone surrogate.

No id, search or date ever contains one, and PostgreSQL cannot store or compare
it: such a request is answered 400 before any view (or database query) sees it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse

from memory.importing.limits import bad_char


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
