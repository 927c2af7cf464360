"""Reciprocal rank fusion and unit ranking at their bounds: repeats within one list,
rank ties, and the limits passed through rank_units (from the mutation pass)."""

from __future__ import annotations

from memory.domain.rrf import rank_units, rrf_fuse


def units(count: int) -> list[tuple[int, str]]:
    return [(i, f"fact:{i}") for i in range(count)]


def test_a_key_after_a_repeat_in_one_list_counts_at_its_own_rank() -> None:
    assert dict(rrf_fuse([["a", "a", "b"]], k=60))["b"] == 1 / 63


def test_a_tie_goes_to_the_best_rank_of_any_list_not_the_last_list() -> None:
    # k=0: a = 1/2 + 1/6, b = 1/3 + 1/3; a's best rank (2) comes from the first list.
    fused = rrf_fuse([["t", "a", "b", "u"], ["p", "q", "b", "r", "s", "a"]], k=0, top=20)
    keys = [key for key, _ in fused]
    assert keys.index("a") < keys.index("b")


def test_ranked_units_keep_the_top_eight_by_default() -> None:
    assert len(rank_units([units(10)])) == 8


def test_ranked_units_keep_as_many_as_asked() -> None:
    assert len(rank_units([units(10)], top=3)) == 3


def test_ranked_units_are_scored_with_the_given_k() -> None:
    (best, *_) = rank_units([units(3)], k=0)
    assert best.score == 1.0


def test_ranked_units_read_at_most_256_facts_of_a_list() -> None:
    facts = [(i, "chain:1") for i in range(300)] + [(999, "fact:999")]
    assert [u.unit for u in rank_units([facts])] == ["chain:1"]


def test_ranked_units_read_at_most_the_facts_asked() -> None:
    found = rank_units([units(5)], max_facts=2)
    assert [u.unit for u in found] == ["fact:0", "fact:1"]


def test_ranked_units_stop_at_the_units_asked() -> None:
    found = rank_units([units(5)], max_units=2)
    assert [u.unit for u in found] == ["fact:0", "fact:1"]


def test_ranked_units_stop_at_32_units_of_a_list() -> None:
    assert len(rank_units([units(40)], top=40)) == 32


def test_a_unit_ranked_alike_in_two_lists_is_matched_through_the_first() -> None:
    bm25 = [(10, "chain:1")]
    dense = [(12, "chain:1")]
    (found,) = rank_units([bm25, dense])
    assert found.matched_fact_id == 10
