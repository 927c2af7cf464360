"""A bone said to be broken is a fracture of the person whose bone it is."""

from __future__ import annotations

from ._helpers import facts, one


def test_broke_my_hip_is_a_fracture() -> None:
    fact = one(("Patient", "I broke my hip two years ago."), kind="condition")
    assert (fact.entity, fact.assertion) == ("fracture", "present")


def test_a_broken_bone_is_dated_by_the_sentence() -> None:
    fact = one(("Patient", "I broke my hip two years ago."), kind="condition")
    assert fact.date == "2022-01-01"


def test_a_bone_with_its_own_fracture_entry_is_named() -> None:
    fact = one(("Patient", "I had broken my ankle in the past."), kind="condition")
    assert fact.entity == "ankle fracture"


def test_a_relatives_broken_hip_is_the_relatives() -> None:
    fact = one(("Patient", "My mother broke her hip last year."), kind="condition")
    assert fact.subject == "family:mother"


def test_never_broken_a_bone_is_a_denial() -> None:
    fact = one(("Patient", "I've never broken a bone."), kind="condition")
    assert fact.assertion == "negated"


def test_broke_out_in_a_rash_is_no_fracture() -> None:
    found = facts(("Patient", "I broke out in a rash."), kind="condition")
    broke = facts(("Patient", "I broke my wrist."), kind="condition")
    assert ("fracture" in {f.entity for f in found}, [f.entity for f in broke]) == (
        False,
        ["fracture"],
    )


def test_chinese_broken_leg_is_a_fracture() -> None:
    fact = one(("Patient", "我去年摔断了腿。"), kind="condition")
    assert fact.entity == "fracture"
