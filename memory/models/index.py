"""Which embedder produced the stored vectors — never a silent mix of two models."""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class IndexState(models.Model):
    singleton = models.BooleanField(default=True, unique=True)
    embedder = models.CharField(max_length=200)
    dim = models.PositiveIntegerField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(singleton=True), name="indexstate_singleton")
        ]

    def __str__(self) -> str:
        return f"{self.embedder} ({self.dim}-d)"
