"""Web actions on sessions: dismissing one that is not in memory (with a reason)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from memory.actions.sessions import DismissError, do_dismiss_session
from memory.web.guards import patient_or_403, session_or_none


@require_POST
@login_required
def session_dismiss(request: HttpRequest, pid: str, sid: str) -> HttpResponse:
    patient = patient_or_403(request, pid)
    session = session_or_none(request, patient, sid)
    if session is None:
        raise Http404
    try:
        do_dismiss_session(
            session, actor=request.user, reason=request.POST.get("reason", ""), channel="web"
        )
    except DismissError as exc:
        messages.error(request, str(exc))
    return redirect("patient-overview", pid)
