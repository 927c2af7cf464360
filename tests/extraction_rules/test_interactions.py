"""Interaction and drug-condition contraindication warnings (rules.interactions)."""

from __future__ import annotations

from ._helpers import facts, one

_STOP_IBUPROFEN = "Please stop the ibuprofen; with your lisinopril it can hurt your kidneys."
_WARFARIN_ZH = "华法林和阿司匹林一起吃会增加出血风险，不要同时服用。"


def test_split_warning_gives_interaction_on_stopped_drug() -> None:
    fact = one(("Doctor", _STOP_IBUPROFEN), kind="interaction")
    assert (fact.entity, fact.subject) == ("ibuprofen", "patient")


def test_split_warning_content_names_partner_drug() -> None:
    fact = one(("Doctor", _STOP_IBUPROFEN), kind="interaction")
    assert "lisinopril" in fact.content


def test_split_warning_keeps_the_stop() -> None:
    fact = one(("Doctor", _STOP_IBUPROFEN), kind="medication_status", entity="ibuprofen")
    assert fact.status == "stopped"


def test_chinese_bleeding_warning_is_interaction() -> None:
    fact = one(("医生", _WARFARIN_ZH), kind="interaction")
    assert fact.entity == "warfarin" and "阿司匹林" in fact.content


def test_drugs_in_a_warning_are_not_medications_in_use() -> None:
    """The same warning with the drug owned ("你的华法林") keeps it in use."""
    warned = facts(("医生", _WARFARIN_ZH), kind="medication_status")
    owned = one(("医生", "你的" + _WARFARIN_ZH), kind="medication_status", entity="warfarin")
    assert (warned, owned.status) == ([], "active")


def test_owned_drug_in_warning_stays_in_use() -> None:
    fact = one(
        ("Doctor", "Warfarin interacts with your aspirin, so be careful."),
        kind="medication_status",
        entity="aspirin",
    )
    assert fact.status == "active"


def test_do_not_combine_is_interaction() -> None:
    fact = one(("Doctor", "Do not combine sertraline with tramadol."), kind="interaction")
    assert (fact.entity, "tramadol" in fact.content) == ("sertraline", True)


def test_chinese_co_administration_risk_is_interaction() -> None:
    fact = one(("医生", "华法林与阿司匹林合用有出血风险。"), kind="interaction")
    assert fact.entity == "warfarin"


def test_two_drugs_without_risk_cue_give_no_interaction() -> None:
    taken = facts(("Patient", "I take aspirin and lisinopril every day."), kind="interaction")
    said = "I take aspirin and lisinopril every day, and they interact."
    warned = facts(("Patient", said), kind="interaction")
    assert (taken, [f.entity for f in warned]) == ([], ["aspirin"])


def test_one_drug_with_food_gives_no_interaction() -> None:
    with_food = [
        facts(("Doctor", said), kind="interaction")
        for said in ("Take the ibuprofen with food.", "Do not combine the ibuprofen with food.")
    ]
    drug = facts(("Doctor", "Do not combine the ibuprofen with warfarin."), kind="interaction")
    assert (with_food, [f.entity for f in drug]) == ([[], []], ["ibuprofen"])


def test_chinese_bare_and_with_avoid_gives_no_interaction() -> None:
    """A bare 和 with 避免 is no warning; 避免同时服用 makes the two drugs one."""
    allergen = facts(
        ("医生", "除了抗组胺药物和激素类药物，您还要避免接触过敏原。"), kind="interaction"
    )
    together = facts(
        ("医生", "除了抗组胺药物和激素类药物，您还要避免同时服用。"), kind="interaction"
    )
    assert (allergen, [f.entity for f in together]) == ([], ["antihistamines"])


def test_denied_interaction_is_negated() -> None:
    fact = one(("Doctor", "Lisinopril and metformin do not interact."), kind="interaction")
    assert fact.assertion == "negated"


def test_cannot_take_because_of_condition_is_contraindication() -> None:
    fact = one(
        ("Doctor", "You cannot take ibuprofen because of your kidney disease."),
        kind="contraindication",
    )
    assert fact.entity == "ibuprofen" and "kidney disease" in fact.content


def test_chinese_condition_contraindication() -> None:
    fact = one(("医生", "您有胃溃疡，不能吃阿司匹林。"), kind="contraindication")
    assert fact.entity == "aspirin" and "胃溃疡" in fact.content


def test_chinese_forbidden_drug_is_contraindication() -> None:
    fact = one(("医生", "您的情况布洛芬禁用。"), kind="contraindication")
    assert fact.entity == "ibuprofen"


def test_far_apart_drug_and_condition_give_no_contraindication() -> None:
    filler = (
        "we talked about the diet and the walking and the numbers "
        "and everything else that has been going on lately with work and the family "
        "and you do not need to worry, "
    )
    far = [
        facts(
            ("Doctor", f"so for your diabetes {filler}just {cue} the metformin"),
            kind="contraindication",
        )
        for cue in ("continue", "stop")
    ]
    near = facts(
        ("Doctor", "so for your diabetes, just stop the metformin"), kind="contraindication"
    )
    told = [(f.entity, "diabetes" in f.content) for f in near]
    assert (far, told) == ([[], []], [("metformin", True)])
