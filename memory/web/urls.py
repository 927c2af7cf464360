from __future__ import annotations

from django.urls import path

from memory.web import views

urlpatterns = [
    path("", views.patient_list, name="patient-list"),
]
