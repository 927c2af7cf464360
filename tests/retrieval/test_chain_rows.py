"""Chains read by id (the per-ask statement) match chains read through a Chain queryset."""

from __future__ import annotations

from datetime import date

from memory.models import Chain
from memory.queries.chains import chains_of
from tests.retrieval.graph import GraphBuilder, fact


def _dose_change(graph: GraphBuilder) -> None:
    graph.session(date(2024, 1, 8), [fact("medication_status", "valsartan", "Valsartan 80 mg.",
                                          status="active")])  # fmt: skip
    graph.session(date(2024, 4, 15), [fact("medication_status", "valsartan", "Valsartan 160 mg.",
                                           status="dose_changed")])  # fmt: skip


def test_chains_by_id_match_chains_by_queryset(graph: GraphBuilder) -> None:
    _dose_change(graph)
    ids = list(Chain.objects.values_list("pk", flat=True))
    assert chains_of(ids) == chains_of(Chain.objects.filter(pk__in=ids).values("pk"))


def test_a_later_record_of_a_chain_names_the_record_it_supersedes(graph: GraphBuilder) -> None:
    _dose_change(graph)
    [(_, members)] = chains_of(Chain.objects.values_list("pk", flat=True)).values()
    assert [m.supersedes for m in members] == [None, members[0].fact_id]
