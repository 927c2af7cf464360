"""One fact: its page, and the clinician corrections made on it.

Changes go through memory.actions.corrections.do_correct_fact only (row lock,
version check, audit, one transaction). An HTMX request gets the updated fact
partial (or the form with its errors, status 422); a plain form post is
redirected back to the fact page, so corrections work without JavaScript too.
When the fact changed since the form was loaded, nothing is saved and the form
comes back with the fact's current state shown (409; 422 for HTMX, which swaps
only that error status).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from memory.actions.corrections import CorrectionError, StaleFact, do_correct_fact
from memory.actions.retarget import do_retarget_fact
from memory.models import AuditEvent, Fact
from memory.queries.audit_trail import fact_history, latest_fact_event
from memory.web.audit_diff import audit_diff
from memory.web.forms import EditForm, ReassignForm, VerifyForm
from memory.web.guards import audit_view, fact_or_403, patient_or_403
from memory.web.views import is_partial

FORMS: dict[str, type[forms.Form]] = {
    "reassign": ReassignForm,
    "edit": EditForm,
    "verify": VerifyForm,
}


def _make_form(kind: str, fact: Fact, data: object = None) -> forms.Form:
    cls = FORMS[kind]
    # One page shows the three forms: ids must stay unique (label/for pairs).
    auto_id = f"id_{kind}_{fact.pk}_%s"
    if cls is VerifyForm:
        return cls(data, fact=fact, initial={"verification": fact.verification}, auto_id=auto_id)
    return cls(data, fact=fact, auto_id=auto_id)


@require_http_methods(["GET"])
@login_required
def fact_detail(request: HttpRequest, pid: str, fact_id: int) -> HttpResponse:
    patient = patient_or_403(request, pid)
    fact = fact_or_403(request, patient, fact_id)
    audit_view(request, patient, "fact", fact=fact.pk)
    if is_partial(request):
        return render(request, "memory/_fact.html", {"patient": patient, "fact": fact})
    context = {
        "patient": patient,
        "fact": fact,
        "forms": {kind: _make_form(kind, fact) for kind in FORMS},
        "history": _with_diff(fact_history(fact.pk)),
    }
    return render(request, "memory/fact_page.html", context)


@require_http_methods(["GET", "POST"])
@login_required
def fact_correct(request: HttpRequest, pid: str, fact_id: int, kind: str) -> HttpResponse:
    patient = patient_or_403(request, pid)
    fact = fact_or_403(request, patient, fact_id)
    if kind not in FORMS:
        return HttpResponse(status=404)
    if request.method == "GET":
        if not is_partial(request):
            return redirect(reverse("fact-detail", args=[pid, fact.pk]) + f"#{kind}")
        form = _make_form(kind, fact)
        return _form_response(request, patient, fact, kind, form)
    form = _make_form(kind, fact, request.POST)
    if form.is_valid():
        try:
            fact = _apply(kind, form, fact, request)
        except StaleFact:
            return _stale_response(request, patient, fact_id, kind)
        except CorrectionError as exc:
            form.add_error(None, str(exc))
            fact = fact_or_403(request, patient, fact_id)
    if form.errors:
        return _form_response(request, patient, fact, kind, form, status=422)
    if is_partial(request):
        return _changed_partial(request, patient, fact_or_403(request, patient, fact.pk))
    return redirect("fact-detail", pid, fact.pk)


def _changed_partial(request: HttpRequest, patient: object, fact: Fact) -> HttpResponse:
    """The corrected card; on the fact page also, out of band, every other part that
    shows the fact or its owner (heading, forms with the new version, history)."""
    context: dict[str, Any] = {"patient": patient, "fact": fact, "just_changed": True}
    page = reverse("fact-detail", args=[patient.external_id, fact.pk])  # type: ignore[attr-defined]
    on_page = urlsplit(request.headers.get("HX-Current-URL", "")).path == page
    if on_page:
        context["forms"] = {kind: _make_form(kind, fact) for kind in FORMS}
        context["history"] = _with_diff(fact_history(fact.pk))
    html = render_to_string("memory/_fact.html", context, request)
    if on_page:
        html += render_to_string("memory/_fact_page_parts.html", {**context, "oob": True}, request)
    return HttpResponse(html)


def _apply(kind: str, form: forms.Form, fact: Fact, request: HttpRequest) -> Fact:
    data = form.cleaned_data
    reason = data.get("reason") or ""
    retarget = form.retarget() if kind == "edit" else None  # type: ignore[attr-defined]
    payload: dict[str, Any] = {
        "reassign": lambda: {"to_subject": data.get("target", "")},
        "edit": lambda: {"changes": form.changes()},  # type: ignore[attr-defined]
        "verify": lambda: {"verification": data["verification"]},
    }[kind]()
    if kind == "edit" and not payload["changes"] and not retarget:
        raise CorrectionError(_("Nothing was changed."))
    version = data["version"]
    if kind != "edit" or payload["changes"]:
        fact = do_correct_fact(
            fact.patient, fact.pk, kind, payload, version=version, actor=request.user,
            channel="web", reason=reason,
        )  # fmt: skip
        version = fact.version  # this request's own change, checked and locked above
    if retarget:
        fact = do_retarget_fact(
            fact, **retarget, actor=request.user, channel="web", reason=reason, version=version
        )
    return fact


def _stale_response(request: HttpRequest, patient: object, fact_id: int, kind: str) -> HttpResponse:
    """The form again, on the fact as it is now, with what changed since it was loaded.

    The clinician's typed values are kept; the hidden version is the current one,
    so submitting again is a deliberate decision made on the newer value.
    """
    fact = fact_or_403(request, patient, fact_id)  # type: ignore[arg-type]
    data = request.POST.copy()
    data["version"] = str(fact.version)
    form = _make_form(kind, fact, data)
    form.is_valid()
    form.add_error(None, stale_message(fact))
    status = 422 if is_partial(request) else 409
    return _form_response(request, patient, fact, kind, form, status=status)


def stale_message(fact: Fact) -> str:
    last = latest_fact_event(fact.pk)
    who = last.actor.get_username() if last is not None and last.actor is not None else "someone"
    return _(
        "This fact was changed by %(who)s while you were editing; nothing was saved. "
        "It now reads: “%(content)s” (value %(value)s %(unit)s, status %(status)s, "
        "verification %(verification)s). Review and submit again if your change still applies."
    ) % {
        "who": who,
        "content": fact.content,
        "value": fact.value or "—",
        "unit": fact.unit,
        "status": fact.status or "—",
        "verification": fact.verification,
    }


def _form_response(
    request: HttpRequest,
    patient: object,
    fact: Fact,
    kind: str,
    form: forms.Form,
    status: int = 200,
) -> HttpResponse:
    context = {"patient": patient, "fact": fact, "kind": kind, "form": form}
    if is_partial(request):
        return render(request, "memory/_fact_form.html", context, status=status)
    context["forms"] = {k: (form if k == kind else _make_form(k, fact)) for k in FORMS}
    context["history"] = _with_diff(fact_history(fact.pk))
    return render(request, "memory/fact_page.html", context, status=status)


def _with_diff(events: Iterable[AuditEvent]) -> list[AuditEvent]:
    rows = list(events)
    for event in rows:
        event.diff = audit_diff(event.before, event.after)
    return rows
