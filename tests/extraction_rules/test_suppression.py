"""Cross-rule suppression (rules.suppression): what one builder found settles what
another builder's finding means. Each suppressed finding has its positive control:
the same sentence with the cue swapped, where the finding is kept."""

from __future__ import annotations

from tests.extraction_rules._helpers import facts


def _medications(text: str) -> set[str | None]:
    return {f.entity for f in facts(("patient", text), kind="medication_status")}


def _findings(text: str, kind: str) -> set[str | None]:
    return {f.entity for f in facts(("patient", text), kind=kind)}


def _active(text: str) -> set[str | None]:
    found = facts(("patient", text), kind="medication_status")
    return {f.entity for f in found if f.status == "active"}


# An allergen named in the sentence is not a medication in use.


def test_an_allergen_is_not_a_medication_in_use_en() -> None:
    assert "amoxicillin" not in _medications("I'm allergic to amoxicillin.")


def test_the_same_drug_taken_is_a_medication_in_use_en() -> None:
    assert "amoxicillin" in _medications("I'm taking amoxicillin.")


def test_an_allergen_is_not_a_medication_in_use_zh() -> None:
    assert "amoxicillin" not in _medications("我对阿莫西林过敏。")


def test_the_same_drug_taken_is_a_medication_in_use_zh() -> None:
    assert "amoxicillin" in _medications("我在吃阿莫西林。")


# A contraindicated drug is not a medication in use.


def test_a_drug_one_cannot_take_is_not_a_medication_in_use_en() -> None:
    assert "ibuprofen" not in _medications("I can't take ibuprofen.")


def test_a_drug_one_can_take_is_a_medication_in_use_en() -> None:
    assert "ibuprofen" in _medications("I can take ibuprofen.")


def test_a_drug_to_avoid_is_not_a_medication_in_use_zh() -> None:
    assert "ibuprofen" not in _medications("医生让我禁用布洛芬。")


def test_a_drug_to_take_is_a_medication_in_use_zh() -> None:
    assert "ibuprofen" in _medications("医生让我服用布洛芬。")


# A drug blamed for a reaction is not a medication in use.


def test_a_drug_blamed_for_a_rash_is_not_a_medication_in_use() -> None:
    assert "amoxicillin" not in _medications("I got a rash from the amoxicillin.")


def test_a_drug_refilled_is_a_medication_in_use() -> None:
    assert "amoxicillin" in _medications("I got a refill of the amoxicillin.")


def test_a_drug_told_with_its_reaction_is_not_a_medication_in_use_zh() -> None:
    assert "penicillin" not in _medications("吃青霉素的时候会起荨麻疹。")


# A drug named in an interaction warning is in use only when it is owned.


def test_a_drug_in_a_general_warning_is_not_in_use_en() -> None:
    assert "warfarin" not in _active(
        "Warfarin should not be combined with aspirin because of bleeding."
    )


def test_an_owned_drug_in_a_warning_is_in_use_en() -> None:
    assert "warfarin" in _active(
        "My warfarin should not be combined with aspirin because of bleeding."
    )


def test_a_drug_in_a_general_warning_is_not_in_use_zh() -> None:
    assert "warfarin" not in _active("华法林不能和阿司匹林一起吃，会增加出血风险。")


def test_an_owned_drug_in_a_warning_is_in_use_zh() -> None:
    assert "warfarin" in _active("我的华法林不能和阿司匹林一起吃，会增加出血风险。")


# What an allergy did is its reaction, not a new symptom or condition.


def test_hives_a_drug_gave_are_the_allergy_reaction_en() -> None:
    allergy = facts(("patient", "Penicillin gave me hives."), kind="allergy")
    assert [f.slots.get("reaction") for f in allergy] == ["urticaria"]


def test_hives_a_drug_gave_are_no_symptom_en() -> None:
    assert _findings("Penicillin gave me hives.", "symptom") == set()


def test_hives_the_weather_gave_are_a_symptom_en() -> None:
    assert _findings("Cold weather gave me hives.", "symptom") == {"urticaria"}


def test_hives_a_drug_gave_are_no_condition_zh() -> None:
    assert _findings("吃青霉素的时候会起荨麻疹。", "condition") == set()


def test_hives_the_weather_gave_are_a_condition_zh() -> None:
    assert _findings("天冷的时候会起荨麻疹。", "condition") == {"urticaria"}


# Once the sentence tells an allergy, its symptoms are the allergy's.


def test_a_symptom_told_with_an_allergy_is_dropped_en() -> None:
    said = "I'm allergic to penicillin, which causes a headache."
    assert _findings(said, "symptom") == set()


def test_a_symptom_told_with_a_drug_taken_is_kept_en() -> None:
    said = "I'm taking penicillin, which causes a headache."
    assert _findings(said, "symptom") == {"headache"}


def test_a_symptom_told_with_an_allergy_is_dropped_zh() -> None:
    assert _findings("我对青霉素过敏，会头痛。", "symptom") == set()


def test_a_symptom_told_with_a_drug_taken_is_kept_zh() -> None:
    assert _findings("我在吃青霉素，会头痛。", "symptom") == {"headache"}


# A vaccine given is history: it replaces the vaccine's medication record.


def test_a_vaccine_given_leaves_no_medication_record_en() -> None:
    assert "vaccines" not in _medications("I got the vaccine yesterday.")


def test_a_vaccine_wanted_is_a_medication_record_en() -> None:
    assert "vaccines" in _medications("I need the vaccine soon.")


def test_a_vaccine_given_is_an_event_en() -> None:
    assert "vaccine" in _findings("I got the vaccine yesterday.", "event")


def test_a_vaccine_given_leaves_no_medication_record_zh() -> None:
    assert "vaccines" not in _medications("我昨天打了疫苗。")


def test_a_vaccine_planned_is_a_medication_record_zh() -> None:
    assert "vaccines" in _medications("我明天要打疫苗。")
