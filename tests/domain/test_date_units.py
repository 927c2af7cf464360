"""How far back a counted span reaches, and how precise the date it gives is.

Days and weeks ago name a day; years ago only a year (its first day stands for it);
a month moved from the 31st lands on the shorter month's last day, leap day included.
"""

from __future__ import annotations

from datetime import date

from memory.domain.dates import find_dates, shift_months

JUNE_3 = date(2024, 6, 3)


def _first(text: str) -> tuple[date | None, str]:
    found = [m for m in find_dates(text, JUNE_3) if m.date is not None]
    return (found[0].date, found[0].precision) if found else (None, "none")


def test_english_days_ago_is_a_day() -> None:
    assert _first("three days ago") == (date(2024, 5, 31), "day")


def test_chinese_days_ago_is_a_day() -> None:
    assert _first("三天前") == (date(2024, 5, 31), "day")


def test_english_years_ago_is_a_year() -> None:
    assert _first("two years ago") == (date(2022, 1, 1), "year")


def test_chinese_years_ago_is_a_year() -> None:
    assert _first("两年前") == (date(2022, 1, 1), "year")


def test_a_month_back_from_the_31st_is_the_leap_day() -> None:
    assert shift_months(date(2024, 3, 31), -1) == date(2024, 2, 29)


def test_two_months_on_from_new_years_eve_is_the_leap_day() -> None:
    assert shift_months(date(2023, 12, 31), 2) == date(2024, 2, 29)


def test_a_month_on_from_a_mid_month_day_keeps_the_day() -> None:
    assert shift_months(date(2024, 1, 15), 1) == date(2024, 2, 15)
