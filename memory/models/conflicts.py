"""A clinician's resolution of a medication–safety conflict."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from memory.models.facts import Chain, Fact
from memory.models.patients import Patient


class ConflictResolution(models.Model):
    """How a clinician dealt with "active drug X vs recorded allergy/contraindication Y".

    Bound to the medication *record* in force at the time: a later record of the
    same drug (a new dose, a restart) raises the conflict again, so an
    acknowledgement never silences what was not yet said when it was given.
    """

    class Action(models.TextChoices):
        STOP = "stop", "stop the drug"
        REFUTE = "refute", "refute the safety record"
        ACKNOWLEDGE = "acknowledge", "acknowledge (keep both)"

    patient = models.ForeignKey(Patient, on_delete=models.CASCADE, related_name="+")
    chain = models.ForeignKey(Chain, on_delete=models.CASCADE, related_name="+")
    medication = models.ForeignKey(Fact, on_delete=models.CASCADE, related_name="+")
    safety = models.ForeignKey(Fact, on_delete=models.CASCADE, related_name="+")
    action = models.CharField(max_length=16, choices=Action.choices)
    reason = models.TextField()
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["patient", "at"], name="conflict_patient_at_idx")]

    def __str__(self) -> str:
        return f"{self.action} {self.medication_id} vs {self.safety_id}"
