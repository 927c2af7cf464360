"""Cross-rule suppression (rules.suppression): what one builder found settles what
another builder's finding means.

Each test reads a sentence where the finding is suppressed beside its positive
control, the same sentence with the cue swapped, where the finding is kept, and
asserts the pair: (suppressed, kept) == (False, True).
"""

from __future__ import annotations

import pytest

from tests.extraction_rules._helpers import facts


def _found(text: str, kind: str) -> set[str | None]:
    return {f.entity for f in facts(("patient", text), kind=kind)}


def _active(text: str) -> set[str | None]:
    found = facts(("patient", text), kind="medication_status")
    return {f.entity for f in found if f.status == "active"}


def _kept(said: str, control: str, kind: str, entity: str) -> tuple[bool, bool]:
    return entity in _found(said, kind), entity in _found(control, kind)


@pytest.mark.parametrize(
    ("said", "control"),
    [
        ("I'm allergic to amoxicillin.", "I'm taking amoxicillin."),
        ("我对阿莫西林过敏。", "我在吃阿莫西林。"),
    ],
)
def test_an_allergen_is_no_medication_in_use(said: str, control: str) -> None:
    assert _kept(said, control, "medication_status", "amoxicillin") == (False, True)


@pytest.mark.parametrize(
    ("said", "control"),
    [
        ("I can't take ibuprofen.", "I can take ibuprofen."),
        ("医生让我禁用布洛芬。", "医生让我服用布洛芬。"),
    ],
)
def test_a_contraindicated_drug_is_no_medication_in_use(said: str, control: str) -> None:
    assert _kept(said, control, "medication_status", "ibuprofen") == (False, True)


def test_a_drug_blamed_for_a_rash_is_no_medication_in_use() -> None:
    said, control = "I got a rash from the amoxicillin.", "I got a refill of the amoxicillin."
    assert _kept(said, control, "medication_status", "amoxicillin") == (False, True)


def test_a_drug_told_with_its_reaction_is_no_medication_in_use_zh() -> None:
    # Chinese names the cause by what the drug did; the reaction makes it an allergy.
    said, control = "吃青霉素的时候会起荨麻疹。", "吃青霉素的时候会觉得困。"
    assert _kept(said, control, "medication_status", "penicillin") == (False, True)


@pytest.mark.parametrize(
    ("said", "control"),
    [
        (
            "Warfarin should not be combined with aspirin because of bleeding.",
            "My warfarin should not be combined with aspirin because of bleeding.",
        ),
        (
            "华法林不能和阿司匹林一起吃，会增加出血风险。",
            "我的华法林不能和阿司匹林一起吃，会增加出血风险。",
        ),
    ],
)
def test_a_drug_in_a_warning_is_in_use_only_when_owned(said: str, control: str) -> None:
    assert ("warfarin" in _active(said), "warfarin" in _active(control)) == (False, True)


@pytest.mark.parametrize(
    ("said", "control", "kind"),
    [
        ("Penicillin gave me hives.", "Cold weather gave me hives.", "symptom"),
        ("吃青霉素的时候会起荨麻疹。", "天冷的时候会起荨麻疹。", "condition"),
    ],
)
def test_what_an_allergy_did_is_no_new_finding(said: str, control: str, kind: str) -> None:
    assert _kept(said, control, kind, "urticaria") == (False, True)


@pytest.mark.parametrize("said", ["Penicillin gave me hives.", "吃青霉素的时候会起荨麻疹。"])
def test_what_an_allergy_did_is_its_reaction(said: str) -> None:
    allergy = facts(("patient", said), kind="allergy")
    assert [(f.entity, f.slots.get("reaction")) for f in allergy] == [("penicillin", "urticaria")]


@pytest.mark.parametrize(
    ("said", "control"),
    [
        (
            "I'm allergic to penicillin, which causes a headache.",
            "I'm taking penicillin, which causes a headache.",
        ),
        ("我对青霉素过敏，会头痛。", "我在吃青霉素，会头痛。"),
    ],
)
def test_a_symptom_told_with_an_allergy_is_the_allergy(said: str, control: str) -> None:
    assert _kept(said, control, "symptom", "headache") == (False, True)


@pytest.mark.parametrize(
    ("said", "control"),
    [
        ("I got the vaccine yesterday.", "I need the vaccine soon."),
        ("我昨天打了疫苗。", "我明天要打疫苗。"),
    ],
)
def test_a_vaccine_given_leaves_no_medication_record(said: str, control: str) -> None:
    assert _kept(said, control, "medication_status", "vaccines") == (False, True)


@pytest.mark.parametrize("said", ["I got the vaccine yesterday.", "我昨天打了疫苗。"])
def test_a_vaccine_given_is_an_event(said: str) -> None:
    assert _found(said, "event") == {"vaccine"}
