"""How many edits separate two words (domain.entities.edit_distance; from the mutation
pass): the yardstick of "a misspelling of the same word"."""

from __future__ import annotations

from memory.domain.entities import edit_distance


def test_a_word_is_no_edit_from_itself() -> None:
    assert edit_distance("insulin", "insulin") == 0


def test_a_word_is_as_many_edits_from_nothing_as_it_has_letters() -> None:
    assert edit_distance("", "aspirin") == 7


def test_nothing_is_as_many_edits_from_a_word_as_the_word_has_letters() -> None:
    assert edit_distance("aspirin", "") == 7


def test_one_wrong_letter_is_one_edit() -> None:
    assert edit_distance("asperin", "aspirin") == 1


def test_one_dropped_letter_is_one_edit() -> None:
    assert edit_distance("aspirin", "asprin") == 1


def test_one_added_letter_is_one_edit() -> None:
    assert edit_distance("asprin", "aspirin") == 1


def test_two_neighbouring_letters_swapped_are_one_edit() -> None:
    assert edit_distance("aspirni", "aspirin") == 1


def test_the_first_two_letters_swapped_are_one_edit() -> None:
    assert edit_distance("sapirin", "aspirin") == 1


def test_a_swapped_pair_is_not_edited_again_after_the_swap() -> None:
    # Optimal string alignment: "ca" -> "abc" is three edits (unrestricted
    # Damerau-Levenshtein would say two by editing inside the swapped pair).
    assert edit_distance("ca", "abc") == 3


def test_several_kinds_of_edit_add_up() -> None:
    # kitten -> sitting: two substitutions and one insertion.
    assert edit_distance("sitting", "kitten") == 3


def test_a_word_is_as_many_edits_from_its_first_letters_as_it_has_letters_more() -> None:
    assert edit_distance("papaverine", "pa") == 8
