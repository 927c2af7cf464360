"""Spoken numbers in English and Chinese (domain.number_words): spoken years, thousands,
and what is not a number (from the mutation pass)."""

from __future__ import annotations

from memory.domain.number_words import parse_en_number, parse_zh_number


def test_a_year_spoken_as_two_halves_is_read_whole() -> None:
    assert parse_en_number("nineteen ninety") == 1990


def test_a_year_with_ten_as_its_first_half_is_read_whole() -> None:
    assert parse_en_number("ten oh five") == 1005


def test_a_teen_before_a_word_that_is_no_number_is_no_number() -> None:
    assert parse_en_number("fifteen tablets") is None


def test_fifteen_hundred_is_fifteen_times_a_hundred() -> None:
    assert parse_en_number("fifteen hundred") == 1500


def test_two_thousand_and_five_is_read() -> None:
    assert parse_en_number("two thousand and five") == 2005


def test_two_thousand_is_read() -> None:
    assert parse_en_number("two thousand") == 2000


def test_a_thousand_is_one_thousand() -> None:
    assert parse_en_number("a thousand") == 1000


def test_a_chinese_number_with_a_word_after_it_is_no_number() -> None:
    assert parse_zh_number("三天") is None


def test_a_chinese_thousand_and_hundreds_add_up() -> None:
    assert parse_zh_number("一千二百") == 1200
