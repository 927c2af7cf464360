"""Ask a question about one patient: answer, reader, and cited evidence lines.

The answer comes from memory.answering (retrieval + one reader call); each
evidence line links back to the session turn it was extracted from, so a
clinician can always check the answer against what was actually said.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from memory.domain.evidence import EvidenceItem
from memory.indexing import EmbeddingSpaceMismatch
from memory.models import Fact, Patient
from memory.queries.pages import facts_by_id
from memory.web.forms import AskForm
from memory.web.guards import audit_view, patient_or_403
from memory.web.records import conflict_context
from memory.web.views import is_partial


def answering_available() -> bool:
    try:
        from memory.answering import answer  # noqa: F401
    except ImportError:
        return False
    return True


@require_http_methods(["GET", "POST"])
@login_required
def ask(request: HttpRequest, pid: str) -> HttpResponse:
    patient = patient_or_403(request, pid)
    form = AskForm(request.POST or None)
    context: dict[str, Any] = {"patient": patient, "tab": "ask", "form": form}
    context["available"] = answering_available()
    status = 200
    if request.method == "POST":
        if form.is_valid() and context["available"]:
            # memory.answering audits the question itself ("patient.ask").
            question, at = form.cleaned_data["question"], form.cleaned_data["at"]
            try:
                context["result"] = _answer(request, patient, question, at)
            except EmbeddingSpaceMismatch as exc:
                # Ranking vectors of two models together would be silently wrong: refuse,
                # tell the operator what to run, and point the clinician to the profile.
                context["index_error"], status = str(exc), 503
            context.update(conflict_context(patient))
        elif not form.is_valid():
            status = 422
    else:
        audit_view(request, patient, "ask")
    if is_partial(request) and request.method == "POST":
        return render(request, "memory/_answer.html", context, status=status)
    return render(request, "memory/ask.html", context, status=status)


def _answer(request: HttpRequest, patient: Patient, question: str, at: object) -> dict[str, Any]:
    from memory.answering import answer

    result = answer(patient, question, at=at, actor=request.user, channel="web")
    payload = result.to_payload()
    payload["evidence"] = _linked(patient, payload["evidence"], result.evidence.items)
    payload["safety"] = _linked_safety(patient, payload["safety"])
    rows = records_by_id(patient, [e["fact_id"] for e in payload["evidence"] + payload["safety"]])
    for entry in payload["evidence"] + payload["safety"]:
        entry["row"] = rows.get(entry["fact_id"])
    payload["safety_groups"] = safety_groups(payload["safety"], payload["safety_rows"])
    payload["direct"], payload["support"] = direct_and_support(result.text)
    return payload


def safety_groups(lines: list[dict[str, Any]], rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The answer's safety lines one row per substance / procedure: the row's latest
    present statement (else its latest) leads, every other statement stays shown."""
    by_id = {line["fact_id"]: line for line in lines}
    out = []
    for row in rows:
        lead = (row["present_fact_ids"] or [row["latest_fact_id"]])[-1]
        earlier = [by_id[i] for i in row["fact_ids"] if i != lead and i in by_id]
        out.append({**row, "line": by_id[lead], "earlier": earlier})
    return out


def records_by_id(patient: Patient, ids: Sequence[int | None]) -> dict[int, Fact]:
    """The stored records behind answer lines: the page shows them as the other pages do
    (names in the UI language, labelled kinds and dates, superseded or current)."""
    return facts_by_id(patient, (i for i in ids if i))


def _linked_safety(patient: Patient, safety: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for line in safety:
        line = dict(line)
        if line.get("session_id"):
            line["url"] = reverse("session-detail", args=[patient.external_id, line["session_id"]])
        out.append(line)
    return out


def direct_and_support(text: str) -> tuple[str, str]:
    """The direct answer (the lines before the first quoted record) and the rest: the page
    shows the answer itself first and prominently, the cited records under it."""
    lines = text.strip().splitlines()
    heads = (n for n, line in enumerate(lines) if n and (line.startswith("- ")
             or line.endswith((":", "：")) or line.startswith(("(", "（"))))  # fmt: skip
    cut = next(heads, len(lines))
    return "\n".join(lines[:cut]), "\n".join(lines[cut:])


def _linked(
    patient: Patient, evidence: list[dict[str, Any]], items: Sequence[EvidenceItem]
) -> list[dict[str, Any]]:
    """Attach to each evidence line its fact and the URL of its session turn (#turn-N),
    both from the evidence the answer was given (one payload row per item)."""
    out = []
    for item, source in zip(evidence, items, strict=True):
        item = dict(item)
        item["fact"] = source.fact
        session_id = item.get("session_id")
        if session_id:
            url = reverse("session-detail", args=[patient.external_id, session_id])
            turn = source.fact.evidence_turn if source.fact else item.get("turn")
            item["url"] = f"{url}#turn-{turn}" if turn else url
        out.append(item)
    return out
