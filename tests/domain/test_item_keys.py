"""The identity of a clinical item (domain.items.item_key): what a correction is keyed
to, stored in the database, so a key never changes for the same item (from the
mutation pass)."""

from __future__ import annotations

from memory.domain.items import item_key


def lab(value: str = "7.2", unit: str = "%", subject: str = "patient") -> str:
    return item_key("lab_result", subject, "test:hba1c", "HbA1c 7.2%", "", value, unit)


def said(content: str, fact_type: str = "condition", safety_kind: str = "") -> str:
    return item_key(fact_type, "patient", None, content, safety_kind, "", "")


def test_a_stored_lab_key_stays_the_same() -> None:
    assert lab() == "86aa22fb7d5ef951081f340860aac315e3b483b4"


def test_a_stored_key_of_words_alone_stays_the_same() -> None:
    assert said("Knee  Pain") == "d3415a18ed3665d1afe5d7d356a30742432318d2"


def test_words_differing_in_case_and_spacing_are_one_item() -> None:
    assert said("Knee  Pain") == said("knee pain")


def test_other_words_are_another_item() -> None:
    assert said("knee pain") != said("hip pain")


def test_an_entity_keys_the_item_whatever_the_wording() -> None:
    first = item_key("condition", "patient", "condition:gout", "gout", "", "", "")
    assert first == item_key("condition", "patient", "condition:gout", "a gout flare", "", "", "")


def test_a_relatives_item_is_another_item() -> None:
    assert lab(subject="family:mother") != lab()


def test_a_reading_spelled_otherwise_is_the_same_item() -> None:
    assert lab("7.20") == lab()


def test_another_reading_is_another_item() -> None:
    assert lab("8.1") != lab()


def test_a_reading_in_another_unit_is_another_item() -> None:
    assert lab(unit="mmol/mol") != lab()


def test_a_units_case_does_not_change_the_item() -> None:
    assert lab(unit="MMOL/L") == lab(unit="mmol/l")


def test_a_condition_is_keyed_without_its_value() -> None:
    first = item_key("condition", "patient", "condition:gout", "gout", "", "improved", "")
    assert first == item_key("condition", "patient", "condition:gout", "gout", "", "", "")


def test_an_allergy_and_a_contraindication_are_two_items() -> None:
    assert said("ibuprofen", "safety", "allergy") != said("ibuprofen", "safety", "contraindication")


def test_a_condition_and_a_symptom_of_the_same_words_are_two_items() -> None:
    assert said("headache") != said("headache", "symptom")


def test_a_stored_blood_pressure_key_stays_the_same() -> None:
    key = item_key("vital", "patient", "vital:blood pressure", "BP 136/84", "", "136/84", "mmHg")
    assert key == "720b8e3ed6a012cf77fa88d62ce7797bd349eaf8"
