"""Append-only audit trail: every view of a patient's record and every change."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from memory.models.patients import Patient


class AuditEvent(models.Model):
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    # "system" for the pipeline, "cli", "web", "api".
    channel = models.CharField(max_length=16, default="system")
    action = models.CharField(max_length=40)
    patient = models.ForeignKey(
        Patient, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    object_type = models.CharField(max_length=40, blank=True)
    object_id = models.CharField(max_length=64, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["patient", "at"], name="audit_patient_at_idx")]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} {self.object_type}:{self.object_id}"
