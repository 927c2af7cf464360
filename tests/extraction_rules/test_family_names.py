"""A family's own name ("the insulin") said after one member of it was named is that member.

Rows written from how clinicians and patients talk about a drug family, not from
dataset records.
"""

from __future__ import annotations

from memory.extraction.rules.families import heads
from tests.extraction_rules._helpers import facts

LANTUS_THEN_INSULIN = (
    ("doctor", "What do you take for your diabetes?"),
    ("patient", "Lantus, twenty units at bedtime."),
    ("doctor", "How is the insulin going?"),
    ("patient", "The insulin is fine."),
)


def _meds(*turns: tuple[str, str]) -> set[str]:
    return {f.entity for f in facts(*turns, kind="medication_status")}


def test_the_family_word_after_one_member_is_that_member() -> None:
    assert _meds(*LANTUS_THEN_INSULIN) == {"insulin glargine"}


def test_the_member_keeps_its_dose_when_the_family_word_follows() -> None:
    doses = {f.value for f in facts(*LANTUS_THEN_INSULIN, kind="medication_status")}
    assert "20" in doses


def test_the_family_word_before_the_member_is_that_member_too() -> None:
    turns = (("patient", "I'm on insulin."), ("doctor", "Which one?"),
             ("patient", "Humalog, eight units with meals."))  # fmt: skip
    assert _meds(*turns) == {"insulin lispro"}


def test_the_family_word_stays_when_two_members_are_named() -> None:
    turns = (("patient", "I take Lantus at night and Humalog with meals."),
             ("doctor", "Is the insulin causing any lows?"),
             ("patient", "I still take insulin daily."))  # fmt: skip
    assert "insulin" in _meds(*turns)


def test_a_relatives_member_does_not_rename_the_patients_family_word() -> None:
    turns = (("patient", "My mother takes Lantus."), ("patient", "I take insulin myself."))
    assert "insulin" in _meds(*turns)


def test_a_family_allergy_is_not_narrowed_to_the_member() -> None:
    turns = (("patient", "I take Lantus at night."), ("patient", "I'm allergic to insulin."))
    allergies = {f.entity for f in facts(*turns, kind="allergy")}
    assert allergies == {"insulin"}


def test_a_family_word_heads_its_members_name() -> None:
    assert heads("insulin", "insulin glargine")


def test_a_drug_does_not_head_an_unrelated_drug() -> None:
    assert (heads("insulin", "metformin"), heads("insulin", "insulin glargine")) == (False, True)
