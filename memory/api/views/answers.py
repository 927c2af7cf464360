"""Profile (L3) and ask: the same entry points as the CLI and the web page."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from memory.answering import answer
from memory.answering.payload import safety_rows_payload
from memory.api.serializers import AtSerializer, ConflictFlagSerializer
from memory.api.views.base import PatientView, errors
from memory.domain.evidence import FactView
from memory.domain.stated import stated_quantity
from memory.reading.profile import cached_profile
from memory.reading.read_cache import cached_conflicts, pinned


class ProfileFactSerializer(serializers.Serializer):
    fact_id = serializers.IntegerField()
    session_id = serializers.CharField()
    type = serializers.CharField()
    entity = serializers.CharField()
    content = serializers.CharField()
    value = serializers.CharField(help_text="the number the record states (its slots)")
    unit = serializers.CharField()
    slots = serializers.DictField(help_text="dose/reading slots: value, unit, frequency, route")
    status = serializers.CharField()
    safety_kind = serializers.CharField()
    assertion = serializers.CharField()
    date = serializers.DateField(allow_null=True)
    verification = serializers.CharField()
    verification_reason = serializers.CharField()
    marks = serializers.ListField(child=serializers.CharField())


class SafetyRowSerializer(serializers.Serializer):
    group = serializers.CharField(help_text="substance | procedure")
    name = serializers.CharField()
    kinds = serializers.ListField(child=serializers.CharField())
    state = serializers.CharField(
        help_text="present|conflicting|hypothetical|historical|denied|excluded"
    )
    mention_count = serializers.IntegerField()
    latest = serializers.CharField(allow_null=True, help_text="the latest day it was said")
    sessions = serializers.ListField(child=serializers.CharField())
    fact_ids = serializers.ListField(child=serializers.IntegerField())
    latest_fact_id = serializers.IntegerField()
    present_fact_ids = serializers.ListField(
        child=serializers.IntegerField(), help_text="its present statements in force"
    )
    denied_on = serializers.CharField(allow_null=True)
    text = serializers.CharField()


class ProfileSerializer(serializers.Serializer):
    at = serializers.DateField(allow_null=True)
    cutoff = serializers.DateField(allow_null=True, help_text="latest session date seen")
    text = serializers.CharField(help_text="the profile exactly as the reader gets it")
    safety = ProfileFactSerializer(many=True, help_text="every safety fact, never truncated")
    safety_rows = SafetyRowSerializer(
        many=True, help_text="the safety facts one row per substance / procedure"
    )
    diagnoses = ProfileFactSerializer(many=True)
    active_medications = ProfileFactSerializer(many=True)
    stopped_medications = ProfileFactSerializer(many=True)
    preferences = ProfileFactSerializer(many=True)
    conflicts = ConflictFlagSerializer(
        many=True, help_text="active drugs matching a recorded allergy or contraindication"
    )


class AskSerializer(serializers.Serializer):
    question = serializers.CharField(max_length=2000)
    at = serializers.DateField(required=False, allow_null=True)


class EvidenceSerializer(serializers.Serializer):
    role = serializers.CharField(help_text="matched|anchor|relation|causal|date|source|fallback")
    fact_id = serializers.IntegerField(allow_null=True)
    session_id = serializers.CharField(allow_null=True)
    subject = serializers.CharField(allow_null=True)
    type = serializers.CharField()
    date = serializers.CharField(allow_null=True)
    status = serializers.CharField(allow_null=True)
    text = serializers.CharField()


class SafetyLineSerializer(serializers.Serializer):
    fact_id = serializers.IntegerField()
    session_id = serializers.CharField()
    kind = serializers.CharField(allow_null=True, help_text="allergy|contraindication|...")
    entity = serializers.CharField(allow_null=True)
    date = serializers.CharField(allow_null=True)
    assertion = serializers.CharField()
    verification = serializers.CharField()
    in_force = serializers.BooleanField(help_text="false when refuted, entered in error, denied")
    text = serializers.CharField()


class AnswerSerializer(serializers.Serializer):
    answer = serializers.CharField()
    reader = serializers.CharField(help_text="llm | extractive")
    profile = serializers.CharField()
    safety = SafetyLineSerializer(
        many=True, help_text="every safety fact of the profile, with every answer, never trimmed"
    )
    safety_rows = SafetyRowSerializer(
        many=True, help_text="the safety facts one row per substance / procedure"
    )
    rendered = serializers.CharField(help_text="the exact text the reader got")
    evidence = EvidenceSerializer(many=True)
    timings_ms = serializers.DictField(child=serializers.FloatField())
    conflicts = ConflictFlagSerializer(
        many=True, help_text="active drugs matching a recorded allergy or contraindication"
    )


def _fact(view: FactView, marks: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "fact_id": view.fact_id, "session_id": view.session_id, "type": view.fact_type,
        "entity": view.entity, "content": view.content, "value": stated_quantity(view)[0],
        "unit": stated_quantity(view)[1], "slots": dict(view.slots or {}), "status": view.status,
        "safety_kind": view.safety_kind, "assertion": view.assertion, "date": view.date,
        "verification": view.verification, "verification_reason": view.verification_reason,
        "marks": list(marks),
    }  # fmt: skip


class ProfileView(PatientView):
    serializer_class = ProfileSerializer

    @extend_schema(
        summary="The patient profile (L3) at `at` (default: now)",
        parameters=[AtSerializer],
        examples=[
            OpenApiExample(
                "profile", response_only=True,
                value={"at": None, "cutoff": "2024-06-20",
                       "text": "Memory cutoff: 2024-06-20\nSafety: penicillin allergy ...",
                       "safety": [], "diagnoses": [], "active_medications": [],
                       "stopped_medications": [], "preferences": []},
            )
        ],
        responses={200: ProfileSerializer, **errors(400, 404)},
    )  # fmt: skip
    def get(self, request: Request, patient_id: str) -> Response:
        form = AtSerializer(data=request.query_params)
        form.is_valid(raise_exception=True)
        # Cached by memory version, as for asks: any write shows on the next read.
        with pinned(self.patient.pk, self.snapshot):
            profile = cached_profile(self.patient, at=form.validated_data.get("at"))
            conflicts = [c.as_flag() for c in cached_conflicts(self.patient)]
        data = profile.data
        body = {
            "at": data.at, "cutoff": data.cutoff, "text": profile.text,
            "safety": [_fact(f) for f in data.safety],
            "safety_rows": safety_rows_payload(data.safety_rows),
            "diagnoses": [_fact(f, m) for f, m in data.diagnoses],
            "active_medications": [_fact(f, m) for f, m in data.active_meds],
            "stopped_medications": [_fact(f, m) for f, m in data.stopped_meds],
            "preferences": [_fact(f) for f in data.preferences],
            "conflicts": conflicts,
        }  # fmt: skip
        return Response(ProfileSerializer(body).data)


class AskView(PatientView):
    serializer_class = AnswerSerializer

    @extend_schema(
        summary="Answer a question from the profile and cited evidence (audited)",
        request=AskSerializer,
        examples=[
            OpenApiExample("question", request_only=True,
                           value={"question": "What dose of amlodipine is he on now?"}),
            OpenApiExample(
                "answer", response_only=True,
                value={"answer": "10 mg daily (since 2024-03-04).", "reader": "extractive",
                       "profile": "Memory cutoff: 2024-06-20 ...", "rendered": "...",
                       "evidence": [{"role": "anchor", "fact_id": 42, "session_id": "s03",
                                     "subject": "patient", "type": "medication_status",
                                     "date": "2024-03-04", "status": "dose_changed",
                                     "text": "[2024-03-04] amlodipine ..."}],
                       "timings_ms": {"retrieval": 35.2, "total": 41.0}},
            ),
        ],
        responses={200: AnswerSerializer, **errors(400, 404, 413)},
    )  # fmt: skip
    def post(self, request: Request, patient_id: str) -> Response:
        form = AskSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        # One memory-version read for the whole request, made with the care-team check.
        with pinned(self.patient.pk, self.snapshot):
            result = answer(
                self.patient, form.validated_data["question"], at=form.validated_data.get("at"),
                actor=request.user, channel="api",
            )  # fmt: skip
            conflicts = [c.as_flag() for c in cached_conflicts(self.patient)]
        return Response({**result.to_payload(), "conflicts": conflicts})
