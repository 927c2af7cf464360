"""L2: entities, facts, chains of the same item, and supersedes/causes edges."""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.contrib.postgres.indexes import GinIndex
from django.contrib.postgres.search import SearchVectorField
from django.db import models
from django.db.models import F, Q
from pgvector.django import HnswIndex, VectorField

from memory.domain.chains import EXCLUDED_VERIFICATIONS, in_force
from memory.domain.types import CHAINED_TYPES, FACT_TYPES, STATUSES
from memory.models.patients import Patient, Person
from memory.models.sessions import EMBEDDING_DIM, Session

FACT_TYPE_CHOICES = [(t, t) for t in FACT_TYPES]
# In the order of FACT_TYPES: the chain check constraint below is compared by migrations.
CHAINED_TYPE_LIST = [t for t in FACT_TYPES if t in CHAINED_TYPES]


class FactQuerySet(models.QuerySet["Fact"]):
    def in_force(self) -> FactQuerySet:
        """Records no clinician refuted or marked entered in error (domain.chains.in_force)."""
        return self.exclude(verification__in=EXCLUDED_VERIFICATIONS)


def in_force_q() -> Q:
    """The in-force rule as a Q, for conditions built outside a Fact queryset."""
    return ~Q(verification__in=EXCLUDED_VERIFICATIONS)


class Entity(models.Model):
    """A clinical item (drug, disease, test, metric) shared by facts about it.

    A dictionary item (patient null) is shared by every patient; any other item
    belongs to the one patient whose sessions named it, so no patient's record
    borrows another patient's words (memory.domain.entities).
    """

    class Kind(models.TextChoices):
        DRUG = "drug"
        DRUG_CLASS = "drug_class"
        DISEASE = "disease"
        TEST = "test"
        PROCEDURE = "procedure"
        OTHER = "other"

    kind = models.CharField(max_length=16, choices=Kind.choices)
    name = models.CharField(max_length=200)  # canonical display name
    normalized = models.CharField(max_length=200)
    name_zh = models.CharField(max_length=200, blank=True)
    aliases = ArrayField(models.CharField(max_length=200), default=list, blank=True)
    in_dictionary = models.BooleanField(default=False)  # name came from the seed dictionary
    drug_class = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="members"
    )
    patient = models.ForeignKey(
        Patient, null=True, blank=True, on_delete=models.CASCADE, related_name="own_entities"
    )

    class Meta:
        ordering = ["kind", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "normalized"],
                condition=Q(patient__isnull=True),
                name="entity_unique_shared_name",
            ),
            models.UniqueConstraint(
                fields=["patient", "kind", "normalized"],
                condition=Q(patient__isnull=False),
                name="entity_unique_own_name",
            ),
        ]
        indexes = [GinIndex(fields=["aliases"], name="entity_aliases_gin")]

    def __str__(self) -> str:
        return self.name


class Chain(models.Model):
    """All records of one item for one person: key (subject, entity, type)."""

    patient = models.ForeignKey(Patient, on_delete=models.CASCADE, related_name="chains")
    subject = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="chains")
    # RESTRICT, not PROTECT: a patient's own entities go with the patient, and so do
    # the chains and facts that refer to them; an entity in use is never deleted alone.
    entity = models.ForeignKey(Entity, on_delete=models.RESTRICT, related_name="chains")
    fact_type = models.CharField(max_length=24, choices=FACT_TYPE_CHOICES)
    tail = models.ForeignKey(
        "Fact", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    length = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["patient_id", "fact_type", "entity_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["subject", "entity", "fact_type"], name="chain_unique_key"
            ),
            models.CheckConstraint(
                condition=Q(fact_type__in=CHAINED_TYPE_LIST),
                name="chain_type_is_chained",
            ),
        ]

    def __str__(self) -> str:
        return f"chain {self.subject_id}/{self.entity_id}/{self.fact_type}"


class Fact(models.Model):
    class Verification(models.TextChoices):
        UNCONFIRMED = "unconfirmed"
        CONFIRMED = "confirmed"
        REFUTED = "refuted"
        ENTERED_IN_ERROR = "entered_in_error"

    class Origin(models.TextChoices):
        EXTRACTOR = "extractor"
        CLINICIAN = "clinician"

    patient = models.ForeignKey(Patient, on_delete=models.CASCADE, related_name="facts")
    subject = models.ForeignKey(Person, on_delete=models.RESTRICT, related_name="facts")
    entity = models.ForeignKey(
        Entity, null=True, blank=True, on_delete=models.RESTRICT, related_name="facts"
    )
    fact_type = models.CharField(max_length=24, choices=FACT_TYPE_CHOICES)
    content = models.TextField()
    value = models.CharField(max_length=200, blank=True)
    unit = models.CharField(max_length=60, blank=True)
    # Structured value/dose (domain.slots): {"systolic": 136, "diastolic": 84, "unit": "mmHg"}.
    slots = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=20, blank=True)
    safety_kind = models.CharField(max_length=20, blank=True)
    assertion = models.CharField(max_length=16, default="present")
    event_date = models.DateField(null=True, blank=True)  # null: the session date applies
    # event_date, else the session's date: what timelines and date windows sort on.
    effective_date = models.DateField(null=True, blank=True)
    date_precision = models.CharField(max_length=8, default="day")
    is_state_change = models.BooleanField(default=False)
    replaces = models.TextField(blank=True)
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="facts")
    evidence_turn = models.PositiveIntegerField(default=1)
    confidence = models.FloatField(default=0.8)
    mention_count = models.PositiveIntegerField(default=1)
    last_mentioned = models.DateField(null=True, blank=True)
    # Sessions whose repeated mention was folded into this record (undone on re-extraction).
    mention_sessions = ArrayField(models.BigIntegerField(), default=list, blank=True)
    # The repeated mentions folded into this record, each as the fields of the
    # record it would be on its own: a chain is rebuilt from every mention, so
    # re-extracting a session never loses another session's mention.
    folded_mentions = models.JSONField(default=list, blank=True)
    valid_from = models.DateField(null=True, blank=True)
    valid_to = models.DateField(null=True, blank=True)
    chain = models.ForeignKey(
        Chain, null=True, blank=True, on_delete=models.SET_NULL, related_name="members"
    )
    chain_position = models.PositiveIntegerField(null=True, blank=True)
    # Set when the "current" decision was reordered by event date (docs/design.md §8).
    order_note = models.TextField(blank=True)
    verification = models.CharField(
        max_length=20, choices=Verification.choices, default=Verification.UNCONFIRMED
    )
    verification_reason = models.TextField(blank=True)
    origin = models.CharField(max_length=16, choices=Origin.choices, default=Origin.EXTRACTOR)
    # A clinician touched it: re-extraction must never overwrite or resurrect it.
    corrected = models.BooleanField(default=False)
    # Bumped by every correction: a clinician's edit is applied only to the version they saw.
    version = models.PositiveIntegerField(default=1)
    # Stable fingerprint of what the extractor said, to recognise it on re-extraction.
    extraction_key = models.CharField(max_length=64, blank=True, db_index=True)
    extractor = models.CharField(max_length=40, blank=True)
    model = models.CharField(max_length=200, blank=True)
    prompt_version = models.CharField(max_length=80, blank=True)
    search = SearchVectorField(null=True)
    embedding = VectorField(dimensions=EMBEDDING_DIM, null=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = FactQuerySet.as_manager()

    class Meta:
        ordering = ["patient_id", "event_date", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(fact_type="safety") | ~Q(safety_kind=""),
                name="fact_safety_has_kind",
            ),
            models.CheckConstraint(
                condition=Q(fact_type="safety") | Q(safety_kind=""),
                name="fact_kind_only_on_safety",
            ),
            models.CheckConstraint(
                condition=Q(status="") | Q(status__in=STATUSES),
                name="fact_status_valid",
            ),
            models.CheckConstraint(
                condition=Q(valid_to__isnull=True)
                | Q(valid_from__isnull=True)
                | Q(valid_to__gte=F("valid_from")),
                name="fact_validity_ordered",
            ),
            models.CheckConstraint(
                condition=Q(assertion__in=["present", "negated", "hypothetical", "historical"]),
                name="fact_assertion_valid",
            ),
        ]
        indexes = [
            models.Index(fields=["patient", "subject", "fact_type"], name="fact_subject_type_idx"),
            models.Index(fields=["patient", "effective_date"], name="fact_patient_date_idx"),
            models.Index(fields=["chain", "chain_position"], name="fact_chain_pos_idx"),
            GinIndex(fields=["search"], name="fact_search_gin"),
            HnswIndex(
                name="fact_embedding_hnsw",
                fields=["embedding"],
                m=16,
                ef_construction=64,
                opclasses=["vector_cosine_ops"],
            ),
        ]

    def __str__(self) -> str:
        return f"[{self.fact_type}] {self.content}"

    @property
    def is_active_record(self) -> bool:
        return in_force(self.verification)


class FactEdge(models.Model):
    class Kind(models.TextChoices):
        SUPERSEDES = "supersedes"  # newer -> older record of the same chain
        CAUSES = "causes"  # cause -> effect

    src = models.ForeignKey(Fact, on_delete=models.CASCADE, related_name="out_edges")
    dst = models.ForeignKey(Fact, on_delete=models.CASCADE, related_name="in_edges")
    kind = models.CharField(max_length=16, choices=Kind.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["src", "dst", "kind"], name="edge_unique"),
            models.CheckConstraint(
                condition=Q(kind__in=["supersedes", "causes"]), name="edge_kind_valid"
            ),
            models.CheckConstraint(condition=~Q(src=F("dst")), name="edge_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.src_id} -{self.kind}-> {self.dst_id}"
