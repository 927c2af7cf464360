"""Years said in words (domain.dates; found by the mutation pass): a year of this
century said in two halves, "twenty nineteen", is 2019 and not 20 + 19."""

from __future__ import annotations

from datetime import date

from memory.domain.dates import find_dates


def year_of(text: str) -> date | None:
    found = find_dates(text, None)
    return found[0].date if found else None


def test_a_year_of_this_century_said_in_two_halves_is_read() -> None:
    assert year_of("diagnosed in twenty nineteen") == date(2019, 1, 1)


def test_a_year_said_as_twenty_oh_and_a_digit_is_read() -> None:
    assert year_of("on insulin since twenty oh five") == date(2005, 1, 1)


def test_a_year_said_as_twenty_and_a_compound_half_is_read() -> None:
    assert year_of("back in twenty twenty-one") == date(2021, 1, 1)


def test_a_year_said_as_two_thousand_and_a_digit_is_still_read() -> None:
    assert year_of("since two thousand and nine") == date(2009, 1, 1)


def test_a_spoken_year_in_capitals_is_read() -> None:
    assert year_of("Heart Attack In Twenty Eighteen") == date(2018, 1, 1)
