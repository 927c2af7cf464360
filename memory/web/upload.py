"""Upload sessions (files or a pasted transcript) and watch them being built.

All-or-nothing, like the CLI: every file is parsed first, and one importer
error rejects the whole upload, so nothing is stored. Sessions of a patient
the user is not on the care team of are refused the same way; a new patient
gets the uploader on its care team. Construction runs in Celery; the progress
partial polls itself every 2 s until every session is done or failed.
"""

from __future__ import annotations

import hashlib
from datetime import date

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from memory.access import patients_for
from memory.domain.types import ParsedSession
from memory.importing import ImportFormatError, parse_text
from memory.ingest import IngestError, store_sessions
from memory.models import Patient, Session
from memory.web.forms import UploadForm
from memory.web.views import is_partial

FINISHED = (Session.Status.DONE, Session.Status.FAILED)


class UploadRejected(Exception):
    """Shown to the user as is; nothing was stored."""


@require_http_methods(["GET", "POST"])
@login_required
def upload(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = UploadForm(request.POST, request.FILES)
    else:
        form = UploadForm(initial={"patient_id": request.GET.get("patient", "")})
    if form.is_bound and form.is_valid():
        try:
            parsed = _parse(form, form.cleaned_data["files"])
            _check_access(request, parsed)
            with transaction.atomic():
                report = store_sessions(parsed, actor=request.user, channel="web", queue=True)
                for pid in report.patients_created:
                    Patient.objects.get(external_id=pid).care_team.add(request.user)
        except (ImportFormatError, IngestError, UploadRejected) as exc:
            form.add_error(None, str(exc))
        else:
            for note in report.skipped:
                messages.warning(request, note)
            if not report.stored:
                form.add_error(None, _("Nothing new to import: every session was already stored."))
            else:
                ids = "-".join(str(pk) for pk in report.stored_ids)
                return redirect(reverse("upload-progress") + f"?s={ids}")
    status = 400 if form.errors else 200
    return render(request, "memory/upload.html", {"form": form}, status=status)


def _parse(form: UploadForm, files: list[UploadedFile]) -> list[ParsedSession]:
    data = form.cleaned_data
    pid = (data.get("patient_id") or "").strip() or None
    fmt = data.get("fmt") or "auto"
    parsed: list[ParsedSession] = []
    for upload_file in files:
        try:
            text = upload_file.read().decode("utf-8")
        except UnicodeDecodeError:
            raise UploadRejected(
                _("%(name)s: not UTF-8 text") % {"name": upload_file.name}
            ) from None
        parsed += parse_text(text, upload_file.name, fmt, patient_id=pid)
    text = (data.get("text") or "").strip()
    if text:
        parsed += parse_text(_dated(text, data.get("session_date")), _paste_name(text), fmt, pid)
    return parsed


def _dated(text: str, when: date | None) -> str:
    """A pasted transcript without its own date line gets the date typed in the form."""
    first = text.lstrip().splitlines()[0] if text.strip() else ""
    if when is None or first.lower().startswith("date") or first.startswith("日期"):
        return text
    return f"Date: {when.isoformat()}\n{text}"


def _paste_name(text: str) -> str:
    # The name's stem becomes the session id: stable for the same text, so a
    # double submit is recognised as "already imported" rather than duplicated.
    return f"pasted-{hashlib.sha256(text.encode()).hexdigest()[:10]}.txt"


def _check_access(request: HttpRequest, parsed: list[ParsedSession]) -> None:
    """Only patients on the user's care team, or new ones, may receive sessions.

    A patient that exists outside the care team is refused with the same words
    as one the user could not know about, so the answer never confirms that
    an id is on record.
    """
    wanted = {s.patient_id for s in parsed if s.patient_id}
    existing = set(
        Patient.objects.filter(external_id__in=wanted).values_list("external_id", flat=True)
    )
    allowed = set(
        patients_for(request.user)
        .filter(external_id__in=wanted)
        .values_list("external_id", flat=True)
    )
    if existing - allowed:
        raise UploadRejected(
            _(
                "Sessions can only be added to your own patients or to a new patient id; "
                "nothing was imported."
            )
        )


@require_GET
@login_required
def upload_progress(request: HttpRequest) -> HttpResponse:
    parts = request.GET.get("s", "").split("-")[:500]
    ids = [int(x) for x in parts if x.isdigit() and len(x) <= 18]  # a bigint, never a 500
    sessions = list(
        Session.objects.filter(pk__in=ids, patient__in=patients_for(request.user))
        .select_related("patient")
        .order_by("patient__external_id", "seq")
    )
    finished = all(s.status in FINISHED for s in sessions)
    context = {
        "sessions": sessions,
        "finished": finished,
        "query": request.GET.get("s", ""),
        "n_done": sum(s.status == Session.Status.DONE for s in sessions),
        "n_failed": sum(s.status == Session.Status.FAILED for s in sessions),
        "patients": sorted({s.patient for s in sessions}, key=lambda p: p.external_id),
    }
    if is_partial(request):
        return render(request, "memory/_upload_progress.html", context)
    return render(request, "memory/upload_progress.html", context)
