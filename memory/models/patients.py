"""The memory owner (Patient) and the subject nodes inside its memory (Person)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q


class Patient(models.Model):
    external_id = models.CharField(max_length=128, unique=True)
    display_name = models.CharField(max_length=200, blank=True)
    care_team = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="patients", blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["external_id"]

    def __str__(self) -> str:
        return self.display_name or self.external_id


class Person(models.Model):
    """A subject node: the patient himself, a relative, or another person.

    Facts point to exactly one Person, so a father's drugs can never be ranked
    as the patient's (docs/design.md §1, failure cause 2).
    """

    class Kind(models.TextChoices):
        PATIENT = "patient"
        FAMILY = "family"
        OTHER = "other"

    patient = models.ForeignKey(Patient, on_delete=models.CASCADE, related_name="persons")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    # "patient", "family:father", "other:friend" — the canonical subject label.
    key = models.CharField(max_length=80)
    display_name = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["patient_id", "kind", "key"]
        constraints = [
            models.UniqueConstraint(fields=["patient", "key"], name="person_unique_key"),
            models.UniqueConstraint(
                fields=["patient"],
                condition=Q(kind="patient"),
                name="person_one_patient_node",
            ),
            models.CheckConstraint(
                condition=(Q(kind="patient") & Q(key="patient"))
                | (Q(kind="family") & Q(key__startswith="family:"))
                | (Q(kind="other") & Q(key__startswith="other:")),
                name="person_key_matches_kind",
            ),
        ]

    def __str__(self) -> str:
        return self.key

    @property
    def relation(self) -> str:
        return self.key.partition(":")[2]
