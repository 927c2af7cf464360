"""Allergy gold read from a whole note (ACI-Bench visits, MTS-Dialog rows of other
sections): bench/value_recall.py measures allergies beyond the ALLERGY rows."""

from __future__ import annotations

from memory.evaluation.notes import allergy_gold, note_allergy_gold

_NOTE = "CHIEF COMPLAINT\n\nCough.\n\nALLERGIES\n\nPenicillin.\n\nPLAN\n\nRest.\n"


def test_an_allergies_section_lists_the_allergens_the_dialogue_names() -> None:
    said = "I'm allergic to penicillin, it gives me hives."
    assert note_allergy_gold(_NOTE, said) == ({"penicillin"}, False)


def test_an_allergen_the_dialogue_never_names_is_no_gold() -> None:
    assert note_allergy_gold(_NOTE, "No other problems.") == (set(), False)


def test_a_note_sentence_denying_allergies_makes_a_negative_row() -> None:
    note = "HISTORY OF PRESENT ILLNESS\n\nShe has a cough. She denies any allergies.\n"
    assert note_allergy_gold(note, "No allergies.") == (set(), True)


def test_a_relatives_allergy_sentence_is_no_gold_of_the_patient() -> None:
    note = "HISTORY\n\nHis mother is allergic to penicillin.\n"
    assert note_allergy_gold(note, "My mother is allergic to penicillin.") == (set(), False)


def test_nka_row_is_a_negative_row() -> None:
    assert allergy_gold("NKA.") == (set(), True)


def test_a_remedy_taken_for_an_allergy_is_no_gold_allergen() -> None:
    note = "MEDICATIONS\n\nClaritin for allergic rhinitis.\n"
    assert note_allergy_gold(note, "I take Claritin.") == (set(), False)
