"""The fast forms of name patterns match exactly where the patterns do."""

from __future__ import annotations

import re

import pytest

from memory.extraction.rules.dose_words import FREQUENCIES
from memory.extraction.rules.metrics import METRICS
from memory.extraction.rules.regex_gate import alternatives, fast, gate, literal_first

SAID = [
    "your bp is 120/80 and non-ldl cholesterol 90, ldl 70",
    "systolic 160, 160 systolic, the b p was high",
    "glycated hemoglobin 7, hemoglobin 12, hemoglobin a1c 6.8",
    "he takes it once a day, twice daily, q.h.s. and p.r.n.",
    "每天两次，一天吃三次，睡前",
    "blood sugars in the 200s, pulse ox 98 percent, sats 95",
]


def _spans(pattern: str, text: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(pattern, text)]


def test_a_leading_word_boundary_moves_after_the_first_letter() -> None:
    assert literal_first(r"\bbp\b") == r"b(?<=\bb)p\b"


def test_a_leading_look_behind_is_checked_after_the_first_letter() -> None:
    assert literal_first(r"(?<!non-)ldl") == r"l(?<!(?:non-)l)dl"


def test_a_quantified_first_letter_is_left_as_it_is() -> None:
    assert literal_first(r"\bs?ats") == r"\bs?ats"


def test_alternatives_split_only_outside_groups_and_sets() -> None:
    assert alternatives(r"a(?:b|c)|[|]d|e") == ["a(?:b|c)", "[|]d", "e"]


@pytest.mark.parametrize("metric", METRICS, ids=lambda m: m.entity)
def test_a_metric_name_pattern_made_fast_matches_the_same_spans(metric: object) -> None:
    for text in SAID:
        assert _spans(fast(metric.names), text) == _spans(metric.names, text)  # type: ignore[attr-defined]


@pytest.mark.parametrize("label", [label for label, _ in FREQUENCIES])
def test_a_frequency_pattern_made_fast_matches_the_same_spans(label: str) -> None:
    pattern = dict(FREQUENCIES)[label].pattern
    for text in SAID:
        assert _spans(fast(pattern), text) == _spans(pattern, text)


def test_the_gate_says_yes_wherever_one_of_its_patterns_matches() -> None:
    names = [m.names for m in METRICS]
    found = [t for t in SAID if any(re.search(n, t) for n in names)]
    assert [t for t in SAID if gate(names).search(t)] == found
