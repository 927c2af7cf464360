"""A month (and day) named without a year on the very day or month of the session is
this year's, in English and Chinese: patients report the past, and today is not past
enough to be last year's (issue 36: the `>` of domain.dates._month_date)."""

from __future__ import annotations

from datetime import date

import pytest

from memory.domain.dates import find_dates

SESSION = date(2024, 6, 3)


def resolved(text: str, session: date = SESSION) -> list[date | None]:
    return [m.date for m in find_dates(text, session)]


@pytest.mark.parametrize(
    "text",
    [
        "The rash started on June 3.",
        "It began on June 3rd.",
        "皮疹是6月3日开始的。",
        "六月三日开始痒的。",
    ],
)
def test_the_session_day_itself_is_this_year(text: str) -> None:
    assert resolved(text) == [date(2024, 6, 3)]


@pytest.mark.parametrize("text", ["The rash started on June 4.", "皮疹是6月4日开始的。"])
def test_the_day_after_the_session_is_last_year(text: str) -> None:
    assert resolved(text) == [date(2023, 6, 4)]


@pytest.mark.parametrize("text", ["The rash started on June 2.", "皮疹是6月2日开始的。"])
def test_the_day_before_the_session_is_this_year(text: str) -> None:
    assert resolved(text) == [date(2024, 6, 2)]


@pytest.mark.parametrize("text", ["The cough started in June.", "咳嗽是6月份开始的。"])
def test_the_session_month_without_a_day_is_this_year(text: str) -> None:
    assert resolved(text) == [date(2024, 6, 1)]


@pytest.mark.parametrize("text", ["The cough started in July.", "咳嗽是7月份开始的。"])
def test_a_later_month_without_a_day_is_last_year(text: str) -> None:
    assert resolved(text) == [date(2023, 7, 1)]


def test_the_first_of_the_session_month_on_the_first_is_this_year() -> None:
    assert resolved("It started on June 1.", date(2024, 6, 1)) == [date(2024, 6, 1)]


@pytest.mark.parametrize(
    ("text", "day"), [("六月三日开始痒的。", 3), ("6月二十一日开始痒的。", 21)]
)
def test_a_day_in_chinese_numerals_is_read(text: str, day: int) -> None:
    assert resolved(text, date(2024, 6, 30)) == [date(2024, 6, day)]
