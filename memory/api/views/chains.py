"""Chains: one item's records for one person, in order, with the current marker.

The current record comes from memory.domain.anchors.anchor (docs/design.md Table 1
and §8), never from the insertion tail alone, so a late report of an earlier
event is never presented as the current state.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db.models import QuerySet
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from memory.api.permissions import own_or_404
from memory.api.serializers import (
    AtSerializer,
    ChainDetailSerializer,
    ChainMemberSerializer,
    ChainSerializer,
)
from memory.api.views.base import PatientView, errors
from memory.api.views.facts import FACT_EXAMPLE
from memory.domain.anchors import Anchor, anchor
from memory.models import Chain
from memory.queries.chains import members_of
from memory.queries.pages import chain_records, named_chains

CHAIN_EXAMPLE = {
    "id": 7, "subject": "patient", "entity": "amlodipine", "type": "medication_status",
    "length": 2, "tail": 42, "current": 42, "in_force": True, "notes": [],
}  # fmt: skip


def _at(request: Request) -> date | None:
    form = AtSerializer(data=request.query_params)
    form.is_valid(raise_exception=True)
    return form.validated_data.get("at")


def _summary(chain: Chain, found: Anchor) -> dict[str, Any]:
    return {
        "id": chain.pk, "subject": chain.subject.key, "entity": chain.entity.name,
        "type": chain.fact_type, "length": chain.length, "tail": chain.tail_id,
        "current": found.member.fact_id if found.member else None,
        "in_force": found.in_force, "notes": list(found.notes),
    }  # fmt: skip


class ChainListView(PatientView):
    serializer_class = ChainSerializer

    def get_queryset(self) -> QuerySet[Chain]:
        return named_chains(self.patient).order_by(
            "subject__key", "fact_type", "entity__name", "pk"
        )

    @extend_schema(
        summary="Chains with their current record at `at` (default: now)",
        parameters=[AtSerializer],
        examples=[OpenApiExample("chain", value=CHAIN_EXAMPLE, response_only=True)],
        responses={200: ChainSerializer(many=True), **errors(400, 404)},
    )
    def get(self, request: Request, patient_id: str) -> Response:
        at = _at(request)
        page = self.paginate_queryset(self.get_queryset())
        members = members_of([c.pk for c in page])
        rows = [_summary(c, anchor(members.get(c.pk, []), at)) for c in page]
        return self.get_paginated_response(ChainSerializer(rows, many=True).data)


class ChainDetailView(PatientView):
    serializer_class = ChainDetailSerializer

    @extend_schema(
        summary="One chain: ordered members, current / relation / pending plan markers",
        parameters=[AtSerializer],
        examples=[
            OpenApiExample(
                "chain", response_only=True,
                value={**CHAIN_EXAMPLE, "relation": 41, "pending_plan": None,
                       "members": [{**FACT_EXAMPLE, "supersedes": 41, "role": "current"}]},
            )
        ],
        responses={200: ChainDetailSerializer, **errors(400, 404)},
    )  # fmt: skip
    def get(self, request: Request, patient_id: str, chain_id: int) -> Response:
        at = _at(request)
        qs = named_chains(self.patient)
        chain = own_or_404(request, qs, "chain", chain_id, pk=chain_id)
        members = members_of([chain.pk]).get(chain.pk, [])
        found = anchor(members, at)
        roles = {
            m.fact_id: role
            for role, m in (("relation", found.relation), ("pending_plan", found.pending_plan),
                            ("current", found.member))
            if m is not None
        }  # fmt: skip
        supersedes = {m.fact_id: m.supersedes for m in members}
        facts = chain_records(chain)
        rows = []
        for fact in facts:
            fact.supersedes = supersedes.get(fact.pk)
            fact.role = roles.get(fact.pk, "")
            rows.append(fact)
        body = {
            **_summary(chain, found),
            "relation": found.relation.fact_id if found.relation else None,
            "pending_plan": found.pending_plan.fact_id if found.pending_plan else None,
            "members": ChainMemberSerializer(rows, many=True).data,
        }
        return Response(body)
