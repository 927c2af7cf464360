"""Regressions: negation scope ends at a restriction word; a subject change splits a sentence."""

from __future__ import annotations

import pytest

from ._helpers import facts

ASK = ("Doctor", "Any allergies? Medications?")


@pytest.mark.parametrize(
    "answer",
    ["No drug allergies, just latex.", "No drug allergies, only latex.",
     "I have no drug allergies except latex.", "没有药物过敏，只对乳胶过敏。",
     "没有药物过敏就对乳胶过敏。"],
)  # fmt: skip
def test_restriction_word_ends_the_negation_scope(answer: str) -> None:
    latex = [f for f in facts(ASK, ("Patient", answer), kind="allergy") if f.entity]
    assert latex and {f.assertion for f in latex} == {"present"}


@pytest.mark.parametrize(
    "answer",
    ["My father is allergic to aspirin, and I take aspirin 100 mg.",
     "我爸爸对阿司匹林过敏，我吃阿司匹林100毫克。"],
)  # fmt: skip
def test_subject_change_inside_a_sentence_splits_it(answer: str) -> None:
    found = facts(ASK, ("Patient", answer))
    allergies = {(f.subject, f.entity) for f in found if f.safety_kind == "allergy"}
    meds = {(f.subject, f.status) for f in found if f.type == "medication_status"}
    assert allergies == {("family:father", "aspirin")}
    assert meds == {("patient", "active")}


def test_split_content_carries_no_dangling_conjunction() -> None:
    found = facts(ASK, ("Patient", "My father is allergic to aspirin, and I take aspirin 100 mg."))
    assert {f.content for f in found} == {
        "My father is allergic to aspirin",
        "I take aspirin 100 mg.",
    }
