"""A month and day named without a year, on the session's own day or month.

Patients report the past, so a plain "June 3" / 6月3日 is the most recent such day on
or before the session: said on that very day it is today, not a year ago, and a plain
month said in its own month is this year's even on the month's first day. The day
after the session is the boundary's other side: it went by last year.
"""

from __future__ import annotations

from datetime import date

from memory.domain.dates import find_dates

JUNE_3 = date(2024, 6, 3)
JUNE_1 = date(2024, 6, 1)


def _first(text: str, session: date) -> tuple[date | None, str]:
    found = [m for m in find_dates(text, session) if m.date is not None]
    return (found[0].date, found[0].precision) if found else (None, "none")


def test_english_month_and_day_of_the_session_day_is_today() -> None:
    assert _first("The rash started on June 3.", JUNE_3) == (date(2024, 6, 3), "day")


def test_chinese_month_and_day_of_the_session_day_is_today() -> None:
    assert _first("6月3日开始起疹子。", JUNE_3) == (date(2024, 6, 3), "day")


def test_english_day_after_the_session_went_by_last_year() -> None:
    assert _first("The rash started on June 4.", JUNE_3) == (date(2023, 6, 4), "day")


def test_chinese_day_after_the_session_went_by_last_year() -> None:
    assert _first("6月4日开始起疹子。", JUNE_3) == (date(2023, 6, 4), "day")


def test_english_plain_month_said_on_its_first_day_is_this_year() -> None:
    assert _first("The cough began in June.", JUNE_1) == (date(2024, 6, 1), "month")


def test_chinese_plain_month_said_on_its_first_day_is_this_year() -> None:
    assert _first("6月份开始咳嗽。", JUNE_1) == (date(2024, 6, 1), "month")


def test_english_first_of_the_month_said_that_day_is_today() -> None:
    assert _first("The cough began on June 1.", JUNE_1) == (date(2024, 6, 1), "day")


def test_chinese_first_of_the_month_said_that_day_is_today() -> None:
    assert _first("6月1日开始咳嗽。", JUNE_1) == (date(2024, 6, 1), "day")


# "next <month>" is the first such month after the session: the session's own month
# and day are already this year's, so "next" is a year on.
def test_next_month_of_the_session_is_a_year_on() -> None:
    assert _first("next June", JUNE_3) == (date(2025, 6, 1), "month")


def test_next_month_of_the_session_said_on_its_first_day_is_a_year_on() -> None:
    assert _first("next June", JUNE_1) == (date(2025, 6, 1), "month")


def test_next_later_month_is_this_year() -> None:
    assert _first("next July", JUNE_3) == (date(2024, 7, 1), "month")


def test_next_session_day_is_a_year_on() -> None:
    assert _first("next June 3", JUNE_3) == (date(2025, 6, 3), "day")


def test_next_day_after_the_session_is_this_year() -> None:
    assert _first("next June 4", JUNE_3) == (date(2024, 6, 4), "day")


# "this <month>" keeps the session's year even for a month still ahead.
def test_this_later_month_is_this_year() -> None:
    assert _first("this July", JUNE_3) == (date(2024, 7, 1), "month")


# In a plan (a recheck, a follow-up) a month and day is the next one on or after the
# session: the session's own day is today, the day before it is next year's.
def test_english_plan_on_the_session_day_is_today() -> None:
    assert _first("We will recheck on June 3.", JUNE_3) == (date(2024, 6, 3), "day")


def test_chinese_plan_on_the_session_day_is_today() -> None:
    assert _first("6月3日复查", JUNE_3) == (date(2024, 6, 3), "day")


def test_english_plan_on_the_day_before_the_session_is_next_year() -> None:
    assert _first("We will recheck on June 2.", JUNE_3) == (date(2025, 6, 2), "day")


def test_chinese_plan_on_the_day_before_the_session_is_next_year() -> None:
    assert _first("6月2日复查", JUNE_3) == (date(2025, 6, 2), "day")


def test_english_plan_in_the_session_month_is_this_year() -> None:
    assert _first("We will recheck in June.", JUNE_3) == (date(2024, 6, 1), "month")


def test_chinese_plan_in_the_session_month_is_this_year() -> None:
    assert _first("6月份复查", JUNE_3) == (date(2024, 6, 1), "month")
