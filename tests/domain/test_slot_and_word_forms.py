"""Slot comparison, numeral spelling, dose words and late notes at their edges
(domain.slots, numerals, dose_words, chain_notes; from the mutation pass)."""

from __future__ import annotations

from datetime import date

from memory.domain.chain_notes import format_late
from memory.domain.dose_words import dose_word
from memory.domain.numerals import numerals, strip_dates
from memory.domain.slots import slots_differ


def test_another_route_is_a_different_statement() -> None:
    assert slots_differ({"route": "iv"}, {"route": "oral"}) is True


def test_an_empty_route_in_the_new_record_is_no_difference() -> None:
    assert slots_differ({"route": ""}, {"route": "oral"}) is False


def test_a_date_is_replaced_by_a_space() -> None:
    assert strip_dates("seen 2024-03-05 BP 140") == "seen   BP 140"


def test_a_chinese_comma_becomes_a_list_separator() -> None:
    assert strip_dates("5，6") == "5; 6"


def test_leading_zeros_are_not_part_of_a_numeral() -> None:
    assert numerals("pulse 007") == frozenset({"7"})


def test_a_frequency_reads_in_english_for_an_english_reader() -> None:
    assert dose_word("twice daily", "en") == "twice daily"


def test_a_frequency_reads_in_chinese_for_a_chinese_reader() -> None:
    assert dose_word("twice daily", "zh") == "每日两次"


def test_a_late_note_names_an_undated_current_record_as_unknown() -> None:
    assert format_late(date(2023, 5, 1), None, 3) == (
        "reported late: event 2023-05-01 precedes current record of unknown date (fact 3)"
    )
