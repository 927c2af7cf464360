"""Months named without a year and the choice among overlapping mentions
(domain.dates `_months_without_year`, `_drop_overlaps`; from the mutation pass)."""

from __future__ import annotations

from datetime import date

from memory.domain.dates import find_dates

SESSION = date(2024, 6, 10)


def found(text: str) -> list[str]:
    return [m.text for m in find_dates(text, SESSION)]


def test_a_month_of_last_year_said_after_it_is_in_last_year() -> None:
    (mention,) = find_dates("The rash began in March of last year.", SESSION)
    assert mention.date == date(2023, 3, 1)


def test_a_month_of_last_year_said_before_it_is_in_last_year() -> None:
    (mention,) = find_dates("It started last year, in March.", SESSION)
    assert mention.date == date(2023, 3, 1)


def test_a_month_mention_quotes_its_words() -> None:
    assert found("I was seen in March for the cough.") == ["in March"]


def test_two_months_in_one_sentence_are_both_found() -> None:
    assert found("I was seen in March and again in May.") == ["in March", "in May"]


def test_mentions_come_in_the_order_of_the_text() -> None:
    assert found("Seen in May, and on March 20, 2024 before that.") == ["in May", "March 20, 2024"]


def test_a_month_right_after_a_longer_date_is_found_too() -> None:
    assert found("三年前5月开始疼") == ["三年前", "5月"]


def test_a_date_right_after_a_shorter_one_is_found_too() -> None:
    assert found("上周6月3日摔了一跤") == ["上周", "6月3日"]
