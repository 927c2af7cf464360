"""Allergens no word list names are read from the slot of the allergy statement
("allergic to kiwi", 对柳絮过敏); a pronoun or a question word in the slot names
nothing. Wording is invented; each negative has a control that differs in the slot.
"""

from __future__ import annotations

from tests.extraction_rules._helpers import patient_allergies as _allergies


def test_a_fruit_no_list_names_is_an_allergy_en() -> None:
    assert _allergies(("Patient", "I'm allergic to papaya, my lips swell.")) == {
        "papaya": "present"
    }


def test_a_plant_no_list_names_is_an_allergy_zh() -> None:
    assert _allergies(("Patient", "我对杨絮过敏，一到四月就打喷嚏。")) == {"杨絮": "present"}


def test_each_item_of_a_slot_list_is_an_allergy_en() -> None:
    found = _allergies(("Patient", "I am allergic to papaya and kiwi."))
    assert found == {"papaya": "present", "kiwi": "present"}


def test_a_determiner_is_dropped_from_the_name_zh() -> None:
    assert _allergies(("Patient", "我对一些染发剂过敏。")) == {"染发剂": "present"}


def test_the_slot_ends_at_a_preposition_en() -> None:
    found = _allergies(("Patient", "I'm allergic to the glue on sticking plasters."))
    assert found == {"glue": "present"}


def test_a_pronoun_in_the_slot_names_nothing_en() -> None:
    pronoun = _allergies(("Patient", "I think I'm allergic to it, my skin itched."))
    named = _allergies(("Patient", "I think I'm allergic to papaya, my skin itched."))
    assert (pronoun, named) == ({}, {"papaya": "present"})


def test_a_question_word_in_the_slot_names_nothing_zh() -> None:
    asked = _allergies(("Doctor", "您平时对什么过敏吗？"))
    named = _allergies(("Patient", "我平时对杨絮过敏。"))
    assert (asked, named) == ({}, {"杨絮": "present"})


def test_a_slot_allergen_in_general_talk_is_no_allergy_en() -> None:
    general = _allergies(("Doctor", "Some people are allergic to papaya."))
    own = _allergies(("Patient", "I am allergic to papaya."))
    assert (general, own) == ({}, {"papaya": "present"})


def test_a_slot_allergen_in_general_talk_is_no_allergy_zh() -> None:
    general = _allergies(("Doctor", "有些人对杨絮过敏。"))
    own = _allergies(("Patient", "我对杨絮过敏。"))
    assert (general, own) == ({}, {"杨絮": "present"})


def test_a_denied_slot_allergen_is_negated_en() -> None:
    assert _allergies(("Patient", "I'm not allergic to papaya.")) == {"papaya": "negated"}


def test_a_relatives_slot_allergen_is_not_the_patients_en() -> None:
    relative = _allergies(("Patient", "My sister is allergic to papaya."))
    own = _allergies(("Patient", "I am allergic to papaya."))
    assert (relative, own) == ({}, {"papaya": "present"})


def test_a_quantity_in_the_slot_names_no_substance_en() -> None:
    counted = _allergies(("Patient", "I'm allergic to quite a few things."))
    named = _allergies(("Patient", "I'm allergic to papaya and a few other fruits."))
    assert (counted, named) == ({}, {"papaya": "present"})


def test_a_slot_outside_a_first_person_statement_names_nothing_zh() -> None:
    talk = _allergies(("Doctor", "对杨絮过敏的话，春天要少出门。"))
    own = _allergies(("Patient", "我对杨絮过敏，春天要少出门。"))
    assert (talk, own) == ({}, {"杨絮": "present"})


def test_a_slot_in_a_question_names_nothing_zh() -> None:
    asked = _allergies(("Doctor", "我想问一下，我对杨絮过敏吗？"))
    said = _allergies(("Patient", "我想说一下，我对杨絮过敏。"))
    assert (asked, said) == ({}, {"杨絮": "present"})
