"""Administration pages: the safety-fact audit and the audit log (staff only).

The safety audit lists every allergy, contraindication, interaction and
surgical history across the user's patients, with its verification and who
last changed it, so a ruled-out allergy can always be traced to a person and
a reason.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from memory.access import patients_for
from memory.actions.audit import record
from memory.audit import visible_events
from memory.queries.audit_trail import last_changes, safety_facts
from memory.security_audit import audit_denied
from memory.web.audit_diff import audit_diff
from memory.web.forms import SafetyFilter
from memory.web.views import is_partial


@require_GET
@login_required
def safety_audit(request: HttpRequest) -> HttpResponse:
    form = SafetyFilter(request.GET or None)
    wanted = form.cleaned_data if form.is_valid() else {}
    facts = safety_facts(
        patients_for(request.user), wanted.get("kind") or "", wanted.get("verification") or ""
    )
    shown = sorted({f.patient.external_id for f in facts})
    record("safety.view", actor=request.user, channel="web",
           after={"page": "safety", "patients": shown[:200], "facts": len(facts)})  # fmt: skip
    last = last_changes(f.pk for f in facts)
    rows = [(f, last.get(str(f.pk))) for f in facts]
    context = {"form": form, "rows": rows}
    if is_partial(request):
        return render(request, "memory/_safety_rows.html", context)
    return render(request, "memory/safety_audit.html", context)


@require_GET
@login_required
def audit_log(request: HttpRequest) -> HttpResponse:
    if not request.user.is_staff:
        # A plain 403, not a detour to the admin login, naming the real reason:
        # the audit log is for auditors, whatever care teams the user is on.
        audit_denied(request, "web", "audit log: staff only")
        reason = _("The audit log is open to auditors (staff accounts) only.")
        return render(request, "403.html", {"reason": reason}, status=403)
    events = visible_events(request.user).select_related("actor", "patient")
    action = request.GET.get("action", "").strip()
    patient = request.GET.get("patient", "").strip()
    if action:
        events = events.filter(action__startswith=action)
    if patient:
        events = events.filter(patient__external_id=patient)
    page = Paginator(events, 100).get_page(request.GET.get("page"))
    for event in page:
        event.diff = audit_diff(event.before, event.after)
    context = {"page": page, "action": action, "patient_q": patient}
    return render(request, "memory/audit_log.html", context)
