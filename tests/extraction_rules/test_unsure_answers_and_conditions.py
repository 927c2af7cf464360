"""Answers that only sound like "no", conditions said before their "if", and a change
ruled out rather than a drug. Wording is invented."""

from __future__ import annotations

from tests.extraction_rules._helpers import facts


def _allergy_denials(question: str, answer: str) -> list[str | None]:
    found = facts(("Doctor", question), ("Patient", answer), kind="allergy")
    return [f.entity for f in found if f.assertion == "negated"]


def test_an_unsure_answer_denies_no_allergy_zh() -> None:
    unsure = _allergy_denials("您对什么药物过敏吗？", "不清楚。")
    denial = _allergy_denials("您对什么药物过敏吗？", "没有。")
    assert (unsure, denial) == ([], [None])


def test_a_patient_who_does_not_know_denies_no_allergy_zh() -> None:
    unsure = _allergy_denials("有没有药物过敏？", "不知道。")
    denial = _allergy_denials("有没有药物过敏？", "没有过。")
    assert (unsure, denial) == ([], [None])


def test_no_idea_denies_no_allergy_en() -> None:
    unsure = _allergy_denials("Are you allergic to any medicines?", "No idea.")
    denial = _allergy_denials("Are you allergic to any medicines?", "No.")
    assert (unsure, denial) == ([], [None])


def _allergies(speaker: str, text: str) -> dict[str | None, str]:
    return {f.entity: f.assertion for f in facts((speaker, text), kind="allergy")}


def test_an_allergy_said_before_its_if_is_supposed_zh() -> None:
    supposed = _allergies("Doctor", "您对芒果过敏的话就不要吃了。")
    stated = _allergies("Doctor", "您对芒果过敏，就不要吃了。")
    assert (supposed.get("芒果"), stated.get("芒果")) == ("hypothetical", "present")


def _metformin(text: str) -> tuple[str, str | None]:
    found = [f for f in facts(("Doctor", text), kind="medication_status")]
    return next((f.assertion, f.status) for f in found if f.entity == "metformin")


def test_no_change_needed_keeps_the_drug_in_use_en() -> None:
    kept = _metformin("We don't need any changes to your metformin.")
    unneeded = _metformin("We don't need your metformin.")
    assert (kept, unneeded[0]) == (("present", "active"), "negated")


def test_no_change_needed_keeps_the_drug_in_use_zh() -> None:
    kept = _metformin("您的二甲双胍不需要调整。")
    unneeded = _metformin("您的二甲双胍不需要吃了。")
    assert (kept[0], unneeded[0]) == ("present", "negated")


def _condition(speaker: str, text: str) -> str | None:
    found = [f.assertion for f in facts((speaker, text), kind="condition")]
    return found[0] if found else None


def test_a_feared_heart_attack_is_no_heart_attack_en() -> None:
    feared = _condition("Patient", "I thought I was having a heart attack last night.")
    had = _condition("Patient", "I know I was having a heart attack last night.")
    assert (feared, had) == ("hypothetical", "present")


def test_a_feared_cancer_is_no_cancer_zh() -> None:
    feared = _condition("Patient", "我担心是肺癌。")
    found = _condition("Patient", "我确诊是肺癌。")
    assert (feared, found) == ("hypothetical", "present")


def test_a_finding_reported_not_seen_is_absent_en() -> None:
    unseen = _condition("Doctor", "On the film a fracture was not seen.")
    seen = _condition("Doctor", "On the film a fracture was clearly seen.")
    assert (unseen, seen) == ("negated", "present")


def test_a_cancer_scare_is_no_cancer_en() -> None:
    scare = _condition(
        "Doctor", "Last year you had a scare with the breast cancer, and the biopsy was clear."
    )
    had = _condition(
        "Doctor", "Last year you had surgery for the breast cancer, and the margins were clear."
    )
    assert (scare, had) == ("hypothetical", "historical")


def test_a_substance_denied_after_its_name_is_no_allergy_zh() -> None:
    denied = _allergies("Patient", "我对磺胺不过敏。")
    stated = _allergies("Patient", "我对磺胺过敏。")
    assert (denied, stated) == (
        {"sulfonamide antibiotics": "negated"},
        {"sulfonamide antibiotics": "present"},
    )


def test_a_substance_denied_after_its_name_is_no_allergy_en() -> None:
    denied = _allergies("Patient", "Sulfa, I'm not allergic.")
    stated = _allergies("Patient", "Sulfa, I'm allergic.")
    assert (denied.get("sulfonamide antibiotics"), stated.get("sulfonamide antibiotics")) == (
        "negated",
        "present",
    )


def test_a_supposed_denial_records_no_allergy_status_zh() -> None:
    supposed = _allergies("Doctor", "如果没有过敏的话，这个药可以继续吃。")
    said = _allergies("Patient", "我没有过敏，这个药可以继续吃。")
    assert (supposed, said) == ({}, {None: "negated"})


def test_a_supposed_denial_records_no_allergy_status_en() -> None:
    supposed = _allergies("Doctor", "If you have no allergies, you can keep taking it.")
    said = _allergies("Patient", "I have no allergies, I can keep taking it.")
    assert (supposed, said) == ({}, {None: "negated"})
