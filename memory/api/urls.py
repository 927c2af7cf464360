"""/api/ routes. Patient-scoped routes are nested under patients/<external id>/."""

from __future__ import annotations

from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

import memory.converters  # noqa: F401  (registers extid / objid)
from memory.api.views import admin, answers, auth, chains, facts, fhir, patients, sessions

P = "patients/<extid:patient_id>/"

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("auth/token/", auth.TokenView.as_view(), name="api-token"),
    path("patients/", patients.PatientListView.as_view(), name="api-patients"),
    path(P, patients.PatientDetailView.as_view(), name="api-patient"),
    path(P + "persons/", patients.PersonListView.as_view(), name="api-persons"),
    path(P + "sessions/", sessions.SessionListView.as_view(), name="api-sessions"),
    path(
        P + "sessions/<extid:session_id>/", sessions.SessionDetailView.as_view(), name="api-session"
    ),
    path(
        P + "sessions/<extid:session_id>/dismiss/",
        sessions.SessionDismissView.as_view(),
        name="api-session-dismiss",
    ),
    path(P + "facts/", facts.FactListView.as_view(), name="api-facts"),
    path(P + "facts/<objid:fact_id>/", facts.FactDetailView.as_view(), name="api-fact"),
    path(
        P + "facts/<objid:fact_id>/reassign/",
        facts.ReassignView.as_view(),
        name="api-fact-reassign",
    ),
    path(P + "facts/<objid:fact_id>/edit/", facts.EditView.as_view(), name="api-fact-edit"),
    path(
        P + "facts/<objid:fact_id>/verification/",
        facts.VerificationView.as_view(),
        name="api-fact-verification",
    ),
    path(P + "chains/", chains.ChainListView.as_view(), name="api-chains"),
    path(P + "chains/<objid:chain_id>/", chains.ChainDetailView.as_view(), name="api-chain"),
    path(P + "profile/", answers.ProfileView.as_view(), name="api-profile"),
    path(P + "ask/", answers.AskView.as_view(), name="api-ask"),
    path(P + "fhir", fhir.FhirExportView.as_view(), name="api-fhir"),
    path("audit/", admin.AuditListView.as_view(), name="api-audit"),
]
