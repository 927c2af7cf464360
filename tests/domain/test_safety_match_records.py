"""Which record a safety match carries and how it names its link (domain.drug_safety,
domain.allergy_alerts; from the mutation pass)."""

from __future__ import annotations

from memory.domain.allergy_alerts import Drug, Substance, alert_path, is_specific
from memory.domain.drug_safety import SafetyRecord, match_record

LINES = {
    "amoxicillin": ("amoxicillin", "penicillins", "antibiotics"),
    "penicillin": ("penicillin", "penicillins", "antibiotics"),
    "penicillins": ("penicillins", "antibiotics"),
    "sulfamethoxazole": ("sulfamethoxazole", "sulfonamide antibiotics"),
    "sulfadiazine": ("sulfadiazine", "sulfonamide antibiotics"),
}


def ancestry(name: str) -> tuple[str, ...]:
    return LINES.get(name.casefold(), ())


def allergy(substance: str) -> SafetyRecord:
    return SafetyRecord(fact_id=4, kind="allergy", substance=substance)


def test_a_same_drug_match_carries_its_record() -> None:
    record = allergy("amoxicillin")
    assert match_record("amoxicillin", record, ancestry).record is record


def test_a_same_drug_match_is_linked_through_the_drug() -> None:
    assert match_record("Amoxicillin", allergy("amoxicillin"), ancestry).via == "amoxicillin"


def test_a_class_allergy_match_carries_its_record() -> None:
    record = allergy("penicillins")
    assert match_record("amoxicillin", record, ancestry).record is record


def test_asking_about_a_class_is_linked_through_that_class() -> None:
    assert match_record("penicillins", allergy("amoxicillin"), ancestry).via == "penicillins"


def test_asking_about_a_class_carries_the_member_allergy_record() -> None:
    record = allergy("amoxicillin")
    assert match_record("penicillins", record, ancestry).record is record


def test_a_cross_reaction_carries_its_record() -> None:
    record = allergy("penicillin")
    assert match_record("amoxicillin", record, ancestry).record is record


def test_a_cross_reactive_class_of_two_words_links_its_members() -> None:
    found = match_record("sulfadiazine", allergy("sulfamethoxazole"), ancestry)
    assert found.via == "sulfonamide antibiotics"


def test_a_blank_substance_is_not_specific() -> None:
    assert is_specific(Substance("  ", "allergy", False)) is False


def test_an_alert_names_its_basis() -> None:
    path = alert_path(
        Substance("amoxicillin", "allergy", False), Drug("amoxicillin", False, "active"), ancestry
    )
    assert path.basis == "same drug"
