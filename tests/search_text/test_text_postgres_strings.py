"""tsvector_text / tsquery_text: strings handed to Postgres 'simple' full-text search."""

from __future__ import annotations

import re

from memory.search.text import lexical_tokens, tsquery_text, tsvector_text

# A lexeme as the Postgres default parser keeps it whole: letters, digits, one
# optional decimal part, or CJK characters. No spaces, slashes, hyphens, quotes.
_SAFE_LEXEME = re.compile(r"^(?:\d+(?:\.\d+)?|[^\W_]+)$")


def test_tsvector_text_is_space_joined_tokens() -> None:
    assert tsvector_text("Valsartan 160 mg daily") == "valsartan 160 mg daily"


def test_tsvector_tokens_are_single_parser_words() -> None:
    text = "Follow-up: BP 150/90, HbA1c 7.2%; patient's rash — 青霉素过敏，e-mail x_y"
    assert all(_SAFE_LEXEME.match(t) for t in tsvector_text(text).split())


def test_tsquery_ors_the_distinct_tokens() -> None:
    assert tsquery_text("current valsartan dose, valsartan") == "'current' | 'valsartan' | 'dose'"


def test_tsquery_quotes_every_lexeme() -> None:
    assert all(
        part.startswith("'") and part.endswith("'")
        for part in tsquery_text("HbA1c 7.2 青霉素").split(" | ")
    )


def test_tsquery_operators_in_user_text_cannot_reach_postgres() -> None:
    query = tsquery_text("aspirin & !(ibuprofen | 'x') <-> :* \\")
    assert query == "'aspirin' | 'ibuprofen' | 'x'"


def test_tsquery_of_only_stop_words_is_empty() -> None:
    assert tsquery_text("what is the?") == ""


def test_query_tokens_of_a_question_occur_in_the_indexed_fact() -> None:
    fact = tsvector_text("Stopped taking ibuprofen after the doctor's warning about kidneys")
    question_tokens = lexical_tokens("Is she taking Ibuprofen? Kidney?")
    assert set(question_tokens) <= set(fact.split())


def test_chinese_question_token_occurs_in_indexed_chinese_fact() -> None:
    fact = tsvector_text("患者对青霉素过敏，出现皮疹")
    assert "青霉素" in fact.split() and "青霉素" in tsquery_text("青霉素过敏吗？")
