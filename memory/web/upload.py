"""Upload sessions (files or a pasted transcript) and watch them being built.

All-or-nothing, through the same action as the CLI and the API
(memory.actions.imports.do_import_sessions): every file is parsed first, and one
importer error rejects the whole upload, so nothing is stored. Sessions of a
patient the user is not on the care team of are refused the same way; a new
patient gets the uploader on its care team. A changed session is refused unless
"replace changed sessions" is ticked; an identical upload in flight at the same
moment is refused with 409. Construction runs in Celery; the progress
partial polls itself every 2 s until every session is done or failed.
"""

from __future__ import annotations

import hashlib
from datetime import date

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from memory.access import patients_for
from memory.actions.imports import (
    FOREIGN_PATIENT,
    ImportRefused,
    IngestConflict,
    IngestError,
    do_import_sessions,
)
from memory.importing import ImportFormatError
from memory.models import Session
from memory.pipeline.enqueue import queue_construction
from memory.queries.pages import sessions_of_patients
from memory.security_audit import audit_denied
from memory.web.forms import UploadForm
from memory.web.views import is_partial

FINISHED = (Session.Status.DONE, Session.Status.FAILED)


@require_http_methods(["GET", "POST"])
@login_required
def upload(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        form = UploadForm(request.POST, request.FILES)
    else:
        form = UploadForm(initial={"patient_id": request.GET.get("patient", "")})
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        try:
            report = do_import_sessions(
                _sources(form), channel="web", actor=request.user, fmt=data.get("fmt") or "auto",
                patient_id=(data.get("patient_id") or "").strip() or None,
                replace=bool(data.get("replace")), max_bytes=settings.MAX_UPLOAD_BYTES,
                enqueue=queue_construction,
            )  # fmt: skip
        except IngestConflict as exc:
            form.add_error(None, str(exc))
            return render(request, "memory/upload.html", {"form": form}, status=409)
        except ImportRefused:
            form.add_error(None, _(FOREIGN_PATIENT))  # the msgid of the translation catalogue
            audit_denied(request, "web", "upload: a named patient is not on the care team")
        except (ImportFormatError, IngestError) as exc:
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


def _sources(form: UploadForm) -> list[tuple[str, str | bytes]]:
    """(name, raw content) of every uploaded file and of the pasted transcript."""
    data = form.cleaned_data
    sources: list[tuple[str, str | bytes]] = [(f.name, f.read()) for f in data["files"] or []]
    text = (data.get("text") or "").strip()
    if text:
        sources.append((_paste_name(text), _dated(text, data.get("session_date"))))
    return sources


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


@require_GET
@login_required
def upload_progress(request: HttpRequest) -> HttpResponse:
    parts = request.GET.get("s", "").split("-")[:500]
    ids = [int(x) for x in parts if x.isdigit() and len(x) <= 18]  # a bigint, never a 500
    sessions = sessions_of_patients(ids, patients_for(request.user))
    if len(sessions) < len(set(ids)):
        # Ids of sessions the user may not see (another team's, or unknown) are left out
        # of the page; the attempt is still a refusal, so it is audited.
        audit_denied(request, "web", "upload progress: sessions not on the care team's patients")
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
