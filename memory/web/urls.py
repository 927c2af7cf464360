from __future__ import annotations

from django.urls import path

import memory.converters  # noqa: F401  (registers extid / objid)
from memory.web import ask, conflicts, facts, oversight, sessions, upload, views

P = "patients/<extid:pid>/"

urlpatterns = [
    path("", views.patient_list, name="patient-list"),
    path(P, views.patient_overview, name="patient-overview"),
    path(P + "timeline/", views.patient_timeline, name="patient-timeline"),
    path(P + "chains/", views.patient_chains, name="patient-chains"),
    path(P + "sessions/<extid:sid>/", views.session_detail, name="session-detail"),
    path(P + "sessions/<extid:sid>/dismiss/", sessions.session_dismiss, name="session-dismiss"),
    path(P + "ask/", ask.ask, name="patient-ask"),
    path(P + "facts/<objid:fact_id>/", facts.fact_detail, name="fact-detail"),
    path(P + "facts/<objid:fact_id>/<str:kind>/", facts.fact_correct, name="fact-correct"),
    path(
        P + "conflicts/<objid:med_id>/<objid:safety_id>/",
        conflicts.resolve,
        name="conflict-resolve",
    ),
    path("upload/", upload.upload, name="upload"),
    path("upload/progress/", upload.upload_progress, name="upload-progress"),
    path("safety/", oversight.safety_audit, name="safety-audit"),
    path("audit/", oversight.audit_log, name="audit-log"),
]
