"""L1: raw dialogue sessions kept verbatim, their turns and indexed turn pairs."""

from __future__ import annotations

from django.conf import settings
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.db.models import Q
from pgvector.django import HnswIndex, VectorField

from memory.models.patients import Patient

# The width the migrations create (the default embedder's). The live width is the
# column's own, read from the catalog (memory.actions.vector_columns): `medgraph reindex`
# changes it for an embedder of another width and records it in IndexState.
EMBEDDING_DIM = 512


class Session(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued"
        EXTRACTING = "extracting"
        DONE = "done"
        FAILED = "failed"

    patient = models.ForeignKey(Patient, on_delete=models.CASCADE, related_name="sessions")
    external_id = models.CharField(max_length=200)
    # Arrival order: memory update M_t = U(M_{t-1}, s_t) depends on it.
    seq = models.PositiveIntegerField()
    session_date = models.DateField(null=True, blank=True)
    title = models.CharField(max_length=500, blank=True)
    source = models.CharField(max_length=500, blank=True)
    # patient | family:<relation> | other:<label> | mixed | none
    session_subject = models.CharField(max_length=80, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    status_reason = models.TextField(blank=True)
    extractor = models.CharField(max_length=40, blank=True)
    model = models.CharField(max_length=200, blank=True)
    prompt_version = models.CharField(max_length=80, blank=True)
    raw_reply = models.TextField(blank=True)
    prompt_tokens = models.PositiveIntegerField(default=0)
    completion_tokens = models.PositiveIntegerField(default=0)
    attempts = models.PositiveIntegerField(default=0)
    extract_ms = models.FloatField(null=True, blank=True)
    construct_ms = models.FloatField(null=True, blank=True)
    fact_count = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # A session not in memory (failed, or never constructed) is shown in every
    # profile and answer until it is constructed or a clinician dismisses it.
    dismissed_reason = models.TextField(blank=True)
    dismissed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    dismissed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["patient_id", "seq"]
        constraints = [
            models.UniqueConstraint(
                fields=["patient", "external_id"], name="session_unique_external_id"
            ),
            models.UniqueConstraint(fields=["patient", "seq"], name="session_unique_seq"),
            models.CheckConstraint(
                condition=~Q(status="failed") | ~Q(status_reason=""),
                name="session_failure_has_reason",
            ),
        ]
        indexes = [models.Index(fields=["status"], name="session_status_idx")]

    def __str__(self) -> str:
        return f"{self.patient.external_id}/{self.external_id}"


class Turn(models.Model):
    class Speaker(models.TextChoices):
        PATIENT = "patient"
        DOCTOR = "doctor"
        RELATIVE = "relative"
        # Someone who answers for the patient (a parent, a spouse, a carer): his "I"
        # is himself, his he/she the patient (MTS-Dialog Guest_family, 家属).
        CAREGIVER = "caregiver"
        OTHER = "other"

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="turns")
    index = models.PositiveIntegerField()  # 1-based
    speaker = models.CharField(max_length=16, choices=Speaker.choices)
    text = models.TextField()

    class Meta:
        ordering = ["session_id", "index"]
        constraints = [
            models.UniqueConstraint(fields=["session", "index"], name="turn_unique_index"),
            models.CheckConstraint(condition=Q(index__gte=1), name="turn_index_from_one"),
        ]

    def __str__(self) -> str:
        return f"{self.session_id}#{self.index} {self.speaker}"


class TurnPair(models.Model):
    """Two consecutive turns, the raw-text retrieval unit (paper §4.1 Indexing)."""

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="turn_pairs")
    patient = models.ForeignKey(Patient, on_delete=models.CASCADE, related_name="+")
    first_turn = models.PositiveIntegerField()
    last_turn = models.PositiveIntegerField()
    text = models.TextField()
    search = SearchVectorField(null=True)
    embedding = VectorField(dimensions=EMBEDDING_DIM, null=True)

    class Meta:
        ordering = ["session_id", "first_turn"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "first_turn"], name="turnpair_unique_first_turn"
            ),
        ]
        indexes = [
            GinIndex(fields=["search"], name="turnpair_search_gin"),
            HnswIndex(
                name="turnpair_embedding_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=64,
                opclasses=["vector_cosine_ops"],
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session_id}#{self.first_turn}-{self.last_turn}"
