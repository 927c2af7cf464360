"""Clinician pages: patient list, overview, timeline, chains and session viewer.

Every page is a full server-rendered document; an HTMX request (HX-Request
header) for the same URL gets only the partial it swaps, so each hx-get has
a working href behind it. Every patient view is audited (memory.web.guards).
"""

from __future__ import annotations

from collections import defaultdict
from itertools import groupby

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from memory.access import patients_for
from memory.models import Patient, Person
from memory.queries.listings import patients_matching
from memory.queries.pages import (
    chains_of_patient,
    memory_cutoff,
    patient_person,
    persons_of,
    session_records,
    session_turns,
    sessions_by_date,
    sessions_newest_first,
    timeline_facts,
    with_list_stats,
)
from memory.queries.sessions import sessions_not_in_memory
from memory.web import records
from memory.web.forms import TimelineFilter
from memory.web.guards import audit_view, patient_or_403, session_or_none
from memory.web.present import entity_name
from memory.web.trend import readings, trend_svg


def is_partial(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.boosted


@require_GET
@login_required
def patient_list(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    patients = patients_for(request.user)
    if query:
        patients = patients_matching(patients, query)
    patients = list(with_list_stats(patients).order_by("external_id")[:500])
    allergies = records.allergy_names([p.pk for p in patients])
    for p in patients:
        p.allergy_names = allergies.get(p.pk, [])
    context = {"patients": patients, "q": query}
    if is_partial(request):
        return render(request, "memory/_patient_rows.html", context)
    return render(request, "memory/patient_list.html", context)


@require_GET
@login_required
def patient_overview(request: HttpRequest, pid: str) -> HttpResponse:
    patient = patient_or_403(request, pid, page="overview")
    context = {
        **overview_live(patient),
        "tab": "overview",
        "cutoff": memory_cutoff(patient),
        "relatives": records.relatives(patient),
        "sessions": sessions_newest_first(patient),
        "not_in_memory": sessions_not_in_memory(patient),
    }
    return render(request, "memory/patient_overview.html", context)


def overview_live(patient: Patient) -> dict[str, object]:
    """What an action on the overview refreshes: conflicts, safety, the patient's records."""
    me = patient_person(patient)
    return {
        "patient": patient,
        "own": records.person_section(me),
        **records.conflict_context(patient),
    }


@require_GET
@login_required
def patient_timeline(request: HttpRequest, pid: str) -> HttpResponse:
    patient = patient_or_403(request, pid)
    persons = persons_of(patient)
    form = TimelineFilter(request.GET or None, persons=persons)
    filters = form.cleaned_data if form.is_valid() else {}
    audit_view(request, patient, "timeline", **{k: str(v) for k, v in filters.items() if v})
    facts = timeline_facts(patient, filters)
    days = [(day, list(items)) for day, items in groupby(facts, key=lambda f: f.effective_date)]
    sessions = sessions_by_date(patient)
    context = {
        "patient": patient,
        "tab": "timeline",
        "form": form,
        "days": [(day, sessions.get(day, []), items) for day, items in days],
        "n_facts": sum(len(items) for _, items in days),
        "conflict_map": records.conflict_context(patient)["conflict_map"],
    }
    if is_partial(request):
        return render(request, "memory/_timeline_list.html", context)
    return render(request, "memory/timeline.html", context)


@require_GET
@login_required
def patient_chains(request: HttpRequest, pid: str) -> HttpResponse:
    patient = patient_or_403(request, pid, page="chains")
    views = records.chain_views(chains_of_patient(patient))
    groups = []
    for person, items in groupby(views, key=lambda v: v.chain.subject):
        items = sorted(items, key=lambda v: (v.chain.fact_type, v.chain.entity.name))
        groups.append((person, [(v, _trend(v)) for v in items]))
    groups.sort(key=lambda g: (g[0].kind != Person.Kind.PATIENT, g[0].key))  # the patient first
    return render(
        request, "memory/chains.html", {"patient": patient, "tab": "chains", "groups": groups}
    )


def _trend(view: records.ChainView) -> tuple[str, list]:
    """The plot and the readings listed in the table beneath it."""
    if not view.is_measurement:
        return "", []
    points = readings(view.facts)
    return trend_svg(points, entity_name(view.chain.entity)), points


@require_GET
@login_required
def session_detail(request: HttpRequest, pid: str, sid: str) -> HttpResponse:
    patient = patient_or_403(request, pid)
    session = session_or_none(request, patient, sid)
    if session is None:
        return render(request, "404.html", {"patient": patient}, status=404)
    audit_view(request, patient, "session", session=session.external_id)
    by_turn = defaultdict(list)
    for fact in session_records(session):
        by_turn[fact.evidence_turn].append(fact)
    turns = [(t, by_turn.pop(t.index, [])) for t in session_turns(session)]
    # Facts citing a turn that does not exist are still shown, never hidden.
    unplaced = [f for facts in by_turn.values() for f in facts]
    context = {
        "patient": patient,
        "tab": "sessions",
        "session": session,
        "turns": turns,
        "unplaced": unplaced,
        "conflict_map": records.conflict_context(patient)["conflict_map"],
    }
    return render(request, "memory/session.html", context)
