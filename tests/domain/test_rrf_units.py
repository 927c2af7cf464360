"""Unit scanning and reciprocal rank fusion (paper §4.3, Appendix C)."""

from __future__ import annotations

import math

from memory.domain.rrf import rank_units, rrf_fuse, scan_units, unit_key


def test_unit_of_a_chained_fact_is_its_chain() -> None:
    assert unit_key(5, 2) == "chain:2"


def test_unit_of_an_unchained_fact_is_the_fact() -> None:
    assert unit_key(5, None) == "fact:5"


def test_rrf_score_is_sum_of_reciprocal_ranks() -> None:
    fused = dict(rrf_fuse([["a", "b"], ["b", "a"]], k=60))
    assert math.isclose(fused["a"], 1 / 61 + 1 / 62)


def test_unit_ranked_by_both_lists_beats_unit_ranked_by_one() -> None:
    fused = rrf_fuse([["a", "b"], ["c", "b"]])
    assert fused[0][0] == "b"


def test_fusion_keeps_the_top_eight() -> None:
    ranked = [f"u{i}" for i in range(20)]
    assert len(rrf_fuse([ranked])) == 8


def test_ties_go_to_the_better_single_rank() -> None:
    # k=0: a = 1/6 + 1/2, b = 1/3 + 1/3 -- equal sums; a's best rank (2) beats b's (3)
    # although b appears first.
    fused = rrf_fuse([["p", "q", "b", "r", "s", "a"], ["t", "a", "b", "u"]], k=0, top=20)
    keys = [key for key, _ in fused]
    assert keys.index("a") < keys.index("b")


def test_exact_ties_follow_first_appearance() -> None:
    fused = rrf_fuse([["p"], ["q"]])
    assert [key for key, _ in fused] == ["p", "q"]


def test_fusion_does_not_depend_on_list_order_for_scores() -> None:
    lists = [["a", "b", "c"], ["c", "a"], ["b"]]
    forward = dict(rrf_fuse(lists))
    backward = dict(rrf_fuse(list(reversed(lists))))
    assert forward == backward


def test_duplicate_key_in_one_list_counts_once() -> None:
    fused = dict(rrf_fuse([["a", "a"]], k=60))
    assert fused["a"] == 1 / 61


def test_scan_collapses_facts_of_one_chain_into_one_unit() -> None:
    scanned = scan_units([(1, "chain:1"), (2, "chain:1"), (3, "fact:3")])
    assert [s.unit for s in scanned] == ["chain:1", "fact:3"]


def test_scan_keeps_first_matched_fact_of_a_unit() -> None:
    scanned = scan_units([(7, "chain:1"), (2, "chain:1")])
    assert scanned[0].fact_id == 7


def test_scan_stops_at_32_distinct_units() -> None:
    facts = [(i, f"fact:{i}") for i in range(100)]
    assert len(scan_units(facts)) == 32


def test_scan_reads_at_most_256_facts() -> None:
    facts = [(i, "chain:1") for i in range(300)] + [(999, "fact:999")]
    assert [s.unit for s in scan_units(facts)] == ["chain:1"]


def test_scan_ranks_units_from_one() -> None:
    assert [s.rank for s in scan_units([(1, "a"), (2, "a"), (3, "b")])] == [1, 2]


def test_rank_units_reports_matched_fact_from_best_list() -> None:
    bm25 = [(10, "chain:1"), (11, "chain:2")]
    dense = [(12, "chain:2"), (13, "chain:1")]
    matched = {u.unit: u.matched_fact_id for u in rank_units([bm25, dense])}
    assert matched == {"chain:1": 10, "chain:2": 12}


def test_rank_units_fuses_unit_ranks_not_fact_ranks() -> None:
    # chain:1 fills the first three facts of BM25 but is only one unit.
    bm25 = [(1, "chain:1"), (2, "chain:1"), (3, "chain:1"), (4, "fact:4")]
    dense = [(4, "fact:4"), (1, "chain:1")]
    scores = {u.unit: u.score for u in rank_units([bm25, dense])}
    assert scores["chain:1"] == scores["fact:4"]
