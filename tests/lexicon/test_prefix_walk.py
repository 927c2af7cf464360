"""English mentions are found by extending a phrase only while it still starts a name."""

from __future__ import annotations

from memory import lexicon
from memory.lexicon._match import token_prefixes


def test_prefixes_cover_every_leading_run_of_tokens() -> None:
    assert token_prefixes(["blood pressure", "aspirin"]) == {"blood", "blood pressure", "aspirin"}


def test_prefixes_respect_the_token_limit() -> None:
    assert token_prefixes(["a b c d e"], limit=4) == set()


def test_longer_name_wins_over_its_first_word() -> None:
    found = lexicon.find_mentions("Her blood pressure was fine")
    assert [(m.surface, m.entry.canonical) for m in found] == [("blood pressure", "blood pressure")]


def test_brand_after_function_words_resolves_to_its_generic() -> None:
    found = lexicon.find_mentions("and I take the Tylenol in the morning")
    assert [m.entry.canonical for m in found] == ["acetaminophen"]


def test_sentence_of_function_words_has_no_mention() -> None:
    assert lexicon.find_mentions("I am in a good mood and all is well") == []


def test_name_at_the_end_of_the_text_is_found() -> None:
    found = lexicon.find_mentions("she was started on amoxicillin")
    assert found[-1].entry.canonical == "amoxicillin"
