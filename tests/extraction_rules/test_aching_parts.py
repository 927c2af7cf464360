"""Where it hurts is a pain: "my back hurts" is back pain. Rows written from how
patients describe pain, not from dataset records."""

from __future__ import annotations

import pytest

from tests.extraction_rules._helpers import facts


def _symptoms(text: str) -> set[str]:
    return {f.entity for f in facts(("patient", text), ("doctor", "Okay."), kind="symptom")}


@pytest.mark.parametrize(
    ("text", "pain"),
    [
        ("My back hurts a bit.", "low back pain"),
        ("My knee hurts when I walk.", "knee pain"),
        ("My shoulder is sore.", "shoulder pain"),
        ("My stomach hurts after I eat.", "abdominal pain"),
        ("My right wrist has been aching for a week.", "wrist pain"),
    ],
)
def test_a_body_part_that_hurts_is_its_pain(text: str, pain: str) -> None:
    assert pain in _symptoms(text)


def test_a_pain_said_as_a_complaint_is_a_symptom_not_a_diagnosis() -> None:
    found = facts(("patient", "My back hurts a bit."), ("doctor", "Okay."))
    assert {f.type for f in found if f.entity == "low back pain"} == {"symptom"}


def test_a_part_that_does_not_hurt_is_no_pain() -> None:
    fine = _symptoms("My knee doesn't hurt anymore, it's fine.")
    assert (fine, _symptoms("My knee hurts again, it's not fine.")) == (set(), {"knee pain"})


def test_a_relatives_aching_part_is_the_relatives() -> None:
    found = facts(("patient", "My mother says her hip hurts at night."), ("doctor", "Okay."))
    assert {f.subject for f in found if f.entity == "hip pain"} == {"family:mother"}
