"""Serializers: the JSON shapes of the API (and of its OpenAPI schema)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from memory.actions.corrections import MAX_TEXT
from memory.domain.chains import in_force
from memory.domain.subjects import SubjectError, canonical_subject
from memory.domain.types import FACT_TYPES, SPEAKERS
from memory.importing import FORMATS
from memory.importing.limits import ID_PATTERN, ID_RULE
from memory.models import AuditEvent, Fact, Patient, Person, Session, Turn
from memory.queries.conflicts import conflicts_for


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    fields = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))
    file = serializers.CharField(required=False)
    location = serializers.CharField(required=False)
    problem = serializers.CharField(required=False)


class ErrorSerializer(serializers.Serializer):
    error = ErrorDetailSerializer()


class PatientSerializer(serializers.ModelSerializer):
    session_count = serializers.IntegerField(read_only=True, default=0)
    memory_cutoff = serializers.DateField(
        read_only=True, allow_null=True, default=None, help_text="latest session date seen"
    )

    class Meta:
        model = Patient
        fields = ["external_id", "display_name", "session_count", "memory_cutoff", "created_at"]
        read_only_fields = ["created_at"]
        extra_kwargs = {"display_name": {"max_length": 200}}

    def validate_external_id(self, value: str) -> str:
        if not ID_PATTERN.fullmatch(value.strip()):
            raise serializers.ValidationError(f"not a valid id ({ID_RULE})")
        return value


class PersonSerializer(serializers.ModelSerializer):
    relation = serializers.CharField(read_only=True)
    fact_count = serializers.IntegerField(read_only=True, default=0)

    class Meta:
        model = Person
        fields = ["key", "kind", "relation", "display_name", "fact_count"]


class TurnSerializer(serializers.ModelSerializer):
    class Meta:
        model = Turn
        fields = ["index", "speaker", "text"]


class SessionSerializer(serializers.ModelSerializer):
    turn_count = serializers.IntegerField(read_only=True, default=0)

    class Meta:
        model = Session
        fields = [
            "external_id", "seq", "session_date", "title", "source", "session_subject",
            "status", "status_reason", "extractor", "model", "prompt_version", "fact_count",
            "turn_count", "created_at", "finished_at", "dismissed_reason", "dismissed_at",
        ]  # fmt: skip


class DismissSerializer(serializers.Serializer):
    reason = serializers.CharField(allow_blank=False, trim_whitespace=True)


class SessionDetailSerializer(SessionSerializer):
    turns = TurnSerializer(many=True, read_only=True)

    class Meta(SessionSerializer.Meta):
        fields = [*SessionSerializer.Meta.fields, "turns"]


class UploadFilesSerializer(serializers.Serializer):
    files = serializers.ListField(child=serializers.FileField(), allow_empty=False)
    format = serializers.ChoiceField(choices=list(FORMATS), default="auto")


class UploadTurnSerializer(serializers.Serializer):
    speaker = serializers.ChoiceField(choices=list(SPEAKERS))
    text = serializers.CharField()


class UploadSessionSerializer(serializers.Serializer):
    id = serializers.CharField()
    date = serializers.DateField(allow_null=True, required=False)
    title = serializers.CharField(required=False)
    turns = UploadTurnSerializer(many=True)


class UploadPatientSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField(required=False, allow_null=True)


class MedGraphDocumentSerializer(serializers.Serializer):
    """Schema-only: the MedGraph JSON import format (docs/design.md §7)."""

    patient = UploadPatientSerializer(required=False)
    sessions = UploadSessionSerializer(many=True)


class UploadResultSerializer(serializers.Serializer):
    stored = SessionSerializer(many=True)
    skipped = serializers.ListField(child=serializers.CharField())


class ConflictFlagSerializer(serializers.Serializer):
    medication_fact = serializers.IntegerField()
    drug = serializers.CharField()
    safety_fact = serializers.IntegerField()
    safety_kind = serializers.CharField()
    substance = serializers.CharField()
    basis = serializers.CharField(help_text="same drug | class | cross-reactive")
    via = serializers.CharField()
    acknowledged = serializers.BooleanField()
    acknowledged_reason = serializers.CharField()
    path = serializers.CharField(help_text="substance → class → drug")
    safety_facts = serializers.ListField(
        child=serializers.IntegerField(), help_text="every present statement of the allergy row"
    )
    mention_count = serializers.IntegerField()
    also_denied_on = serializers.CharField(
        allow_null=True, help_text="the row was also denied on this day: to be resolved"
    )


class FactSerializer(serializers.ModelSerializer):
    type = serializers.CharField(source="fact_type")
    conflicts = serializers.SerializerMethodField(
        help_text="medication–safety conflicts this fact takes part in (either side)"
    )
    subject = serializers.CharField(source="subject.key")
    entity = serializers.CharField(source="entity.name", allow_null=True, default=None)
    session = serializers.CharField(source="session.external_id")

    class Meta:
        model = Fact
        fields = [
            "id", "type", "subject", "entity", "content", "value", "unit", "slots", "status",
            "safety_kind", "assertion", "event_date", "effective_date", "date_precision",
            "valid_from", "valid_to", "chain", "chain_position", "order_note",
            "verification", "verification_reason", "origin", "corrected", "mention_count",
            "last_mentioned", "session", "evidence_turn", "confidence", "version",
            "conflicts",
        ]  # fmt: skip
        read_only_fields = fields

    @extend_schema_field(ConflictFlagSerializer(many=True))
    def get_conflicts(self, fact: Fact) -> list[dict[str, Any]]:
        # One detection per patient and response, shared by every row of a list.
        cache = self.context.setdefault("_conflicts", {}) if isinstance(self.context, dict) else {}
        if fact.patient_id not in cache:
            cache[fact.patient_id] = conflicts_for(fact.patient)
        return [
            c.as_flag() for c in cache[fact.patient_id] if fact.pk in (c.medication.pk, c.safety.pk)
        ]


class FactFilterSerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=list(FACT_TYPES), required=False)
    person = serializers.CharField(required=False, help_text='"patient", "family:father"...')
    status = serializers.CharField(required=False)
    verification = serializers.ChoiceField(choices=Fact.Verification.choices, required=False)
    date_from = serializers.DateField(required=False, help_text="effective date >= this")
    date_to = serializers.DateField(required=False, help_text="effective date <= this")
    chain = serializers.IntegerField(required=False, min_value=1)
    q = serializers.CharField(required=False, help_text="full-text search on the fact index")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        start, end = attrs.get("date_from"), attrs.get("date_to")
        if start and end and start > end:
            raise serializers.ValidationError({"date_to": ["must not be before date_from"]})
        return attrs


class AtSerializer(serializers.Serializer):
    at = serializers.DateField(required=False, help_text="as of this date (default: now)")


class ChainMemberSerializer(FactSerializer):
    supersedes = serializers.IntegerField(allow_null=True)
    role = serializers.CharField(help_text="current | relation | pending_plan | ''")

    class Meta(FactSerializer.Meta):
        fields = [*FactSerializer.Meta.fields, "supersedes", "role"]
        read_only_fields = fields


class ChainSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    subject = serializers.CharField()
    entity = serializers.CharField()
    type = serializers.CharField()
    length = serializers.IntegerField()
    tail = serializers.IntegerField(allow_null=True, help_text="latest inserted record")
    current = serializers.IntegerField(
        allow_null=True, help_text="the record that applies at `at` (anchor)"
    )
    in_force = serializers.BooleanField()
    notes = serializers.ListField(child=serializers.CharField())


class ChainDetailSerializer(ChainSerializer):
    relation = serializers.IntegerField(allow_null=True)
    pending_plan = serializers.IntegerField(allow_null=True)
    members = ChainMemberSerializer(many=True)


def _bound(field: str) -> int:
    """The stored column's length: a longer value is a 400 here, never a DataError."""
    return int(Fact._meta.get_field(field).max_length)


class ReassignSerializer(serializers.Serializer):
    to_subject = serializers.CharField(help_text='"patient", "family:father", "other:friend"')
    reason = serializers.CharField()

    def validate_to_subject(self, value: str) -> str:
        # The person key it becomes must fit Person.key (the label gains a prefix).
        try:
            canonical_subject(value)
        except SubjectError as exc:
            raise serializers.ValidationError(str(exc)) from None
        return value


class EditSerializer(serializers.Serializer):
    content = serializers.CharField(required=False, max_length=MAX_TEXT["content"])
    # The slot fields write the fact's slots (memory.domain.stated); a number is
    # checked there and refused as a field error ("value: 'five' is not a number").
    value = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=_bound("value"),
        help_text="dose or reading; a number (a lab may say a word)",
    )
    unit = serializers.CharField(required=False, allow_blank=True, max_length=_bound("unit"))
    frequency = serializers.CharField(
        required=False, allow_blank=True, help_text="medications: 'twice daily'"
    )
    route = serializers.CharField(required=False, allow_blank=True, help_text="medications: 'oral'")
    systolic = serializers.DecimalField(
        required=False,
        allow_null=True,
        max_digits=5,
        decimal_places=1,
        min_value=0,
        help_text="blood pressures, with diastolic",
    )
    diastolic = serializers.DecimalField(
        required=False, allow_null=True, max_digits=5, decimal_places=1, min_value=0
    )
    status = serializers.CharField(required=False, allow_blank=True, max_length=_bound("status"))
    event_date = serializers.DateField(required=False, allow_null=True)
    reason = serializers.CharField()

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if len(attrs) < 2:
            raise serializers.ValidationError(
                {"non_field_errors": ["give at least one of content, value, unit, frequency, "
                                      "route, systolic, diastolic, status, event_date"]}
            )  # fmt: skip
        return attrs


class VerificationSerializer(serializers.Serializer):
    verification = serializers.ChoiceField(choices=Fact.Verification.choices)
    reason = serializers.CharField(
        required=False, allow_blank=True, default="",
        help_text="required for refuted and entered_in_error",
    )  # fmt: skip

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not in_force(attrs["verification"]) and not attrs["reason"].strip():
            raise serializers.ValidationError({"reason": [f"required to mark a fact "
                                                          f"{attrs['verification']}"]})  # fmt: skip
        return attrs


class AuditEventSerializer(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor.username", allow_null=True, default=None)
    patient = serializers.CharField(source="patient.external_id", allow_null=True, default=None)

    class Meta:
        model = AuditEvent
        fields = [
            "id", "at", "actor", "channel", "action", "patient", "object_type", "object_id",
            "before", "after", "reason",
        ]  # fmt: skip


class AuditFilterSerializer(serializers.Serializer):
    patient = serializers.CharField(required=False)
    action = serializers.CharField(required=False)
    actor = serializers.CharField(required=False)
