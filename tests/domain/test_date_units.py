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


def _mentions(text: str, session: date | None = JUNE_3) -> list[tuple[str, date | None, str]]:
    return [(m.text, m.date, m.precision) for m in find_dates(text, session)]


# A span a condition has lasted ("for ten years", 十年了) dates its start to a year.
def test_english_for_ten_years_starts_a_year() -> None:
    said = "I have had diabetes for ten years."
    assert _mentions(said) == [("for ten years", date(2014, 1, 1), "year")]


def test_chinese_ten_years_now_starts_a_year() -> None:
    assert _mentions("糖尿病十年了") == [("十年了", date(2014, 1, 1), "year")]


def test_a_couple_of_years_back_is_a_year() -> None:
    said = "a couple of years back"
    assert _mentions(said) == [("couple of years back", date(2022, 1, 1), "year")]


def test_weeks_back_is_a_day() -> None:
    assert _mentions("three weeks back") == [("three weeks back", date(2024, 5, 13), "day")]


def test_a_couple_of_months_ago_is_the_first_of_that_month() -> None:
    said = "a couple of months ago"
    assert _mentions(said) == [("couple of months ago", date(2024, 4, 1), "month")]


def test_chinese_half_a_year_ago_is_six_months_back() -> None:
    assert _mentions("半年前") == [("半年前", date(2023, 12, 1), "month")]


def test_chinese_half_a_month_ago_is_fifteen_days_back() -> None:
    assert _mentions("半个月前") == [("半个月前", date(2024, 5, 19), "day")]


# Without a session date a relative span is found but left undated.
def test_weeks_ago_without_a_session_date_is_found_undated() -> None:
    assert _mentions("three weeks ago", None) == [("three weeks ago", None, "day")]


def test_for_years_without_a_session_date_is_found_undated() -> None:
    assert _mentions("for three years", None) == [("for three years", None, "day")]
