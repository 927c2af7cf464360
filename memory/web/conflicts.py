"""Medication–safety conflicts on the patient pages, and their resolution.

Detection lives in memory.queries.conflicts (shared with the API and the FHIR
export); the change in memory.actions.conflicts. An HTMX post gets the
refreshed alert region back (or the form with its error, status 422).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from memory.actions.conflicts import do_resolve_conflict
from memory.actions.corrections import CorrectionError
from memory.web.guards import fact_or_403, patient_or_403
from memory.web.views import is_partial, overview_live


@require_POST
@login_required
def resolve(request: HttpRequest, pid: str, med_id: int, safety_id: int) -> HttpResponse:
    patient = patient_or_403(request, pid)
    # Both records must be this patient's: another patient's id is a refusal (audited).
    fact_or_403(request, patient, med_id)
    fact_or_403(request, patient, safety_id)
    action = request.POST.get("action", "")
    reason = request.POST.get("reason", "")
    error = None
    try:
        do_resolve_conflict(
            patient, med_id, safety_id, action, reason=reason, actor=request.user, channel="web"
        )
    except CorrectionError as exc:
        error = {"key": f"{med_id}-{safety_id}", "message": _friendly(str(exc))}
    if not is_partial(request):
        return redirect("patient-overview", pid)
    context = {**overview_live(patient), "conflict_error": error}
    if error is None:
        context["resolved_note"] = _("Conflict resolved and recorded in the audit log.")
    return render(request, "memory/_overview_live.html", context, status=422 if error else 200)


def _friendly(message: str) -> str:
    if message.startswith("reason:"):
        return _("A reason is required.")
    return message
