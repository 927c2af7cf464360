"""Clinician pages. Every patient page requires login and care-team membership."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from memory.access import patients_for


@login_required
def patient_list(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    patients = patients_for(request.user)
    if query:
        patients = patients.filter(display_name__icontains=query) | patients.filter(
            external_id__icontains=query
        )
    patients = patients.annotate(
        n_sessions=Count("sessions", distinct=True), last_session=Max("sessions__session_date")
    ).order_by("external_id")
    return render(request, "memory/patient_list.html", {"patients": patients, "q": query})
