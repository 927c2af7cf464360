"""The speaker and a relative named together as one subject share the fact.

Rows written from how patients speak of themselves and a relative at once.
"""

from __future__ import annotations

from tests.extraction_rules._helpers import facts


def _owners(text: str, kind: str) -> set[str]:
    return {f.subject for f in facts(("patient", text), ("doctor", "Okay."), kind=kind)}


def test_me_and_my_husband_both_gives_the_condition_to_each() -> None:
    owners = _owners("Me and my husband both have high blood pressure.", "condition")
    assert owners == {"patient", "family:husband"}


def test_my_husband_and_i_gives_the_condition_to_each() -> None:
    owners = _owners("My husband and I both have high blood pressure.", "condition")
    assert owners == {"patient", "family:husband"}


def test_a_shared_allergy_is_the_patients_and_the_sisters() -> None:
    owners = _owners("Both my sister and I are allergic to sulfa.", "allergy")
    assert owners == {"patient", "family:sister"}


def test_chinese_wo_he_laogong_dou_gives_the_condition_to_each() -> None:
    assert _owners("我和我老公都有高血压。", "condition") == {"patient", "family:husband"}


def test_a_relative_named_alone_keeps_the_fact_to_himself() -> None:
    assert _owners("My husband has high blood pressure.", "condition") == {"family:husband"}


def test_a_relatives_fact_then_the_speakers_own_stay_apart() -> None:
    found = facts(("patient", "My father is allergic to aspirin, and I take aspirin 100 mg."))
    allergy = {f.subject for f in found if f.safety_kind == "allergy"}
    meds = {f.subject for f in found if f.type == "medication_status"}
    assert (allergy, meds) == ({"family:father"}, {"patient"})
