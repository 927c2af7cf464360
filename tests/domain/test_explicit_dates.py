"""Dates said with their year, in each written form (domain.dates._explicit through
find_dates and parse_explicit_date; from the mutation pass): the whole mention each
form yields (span, text, date, precision), in English and Chinese, and near-misses
that name no real day."""

from __future__ import annotations

from datetime import date

from memory.domain.dates import DateMention, find_dates, parse_explicit_date


def said(text: str, phrase: str, when: date | None, precision: str) -> list[DateMention]:
    """The one mention `phrase` makes inside `text`."""
    start = text.index(phrase)
    return [DateMention(start, start + len(phrase), phrase, when, precision)]


# --- year-month-day in digits ---------------------------------------------------------------


def test_an_iso_date_in_english_is_a_day() -> None:
    text = "Bloods were taken 2023-11-07 in clinic."
    assert find_dates(text, None) == said(text, "2023-11-07", date(2023, 11, 7), "day")


def test_an_iso_date_in_chinese_is_a_day() -> None:
    text = "抽血日期为2023-11-07。"
    assert find_dates(text, None) == said(text, "2023-11-07", date(2023, 11, 7), "day")


# --- Chinese year, month and day ----------------------------------------------------------


def test_a_chinese_date_with_year_month_and_day_is_a_day() -> None:
    text = "她2022年8月9日开始吃药"
    assert find_dates(text, None) == said(text, "2022年8月9日", date(2022, 8, 9), "day")


def test_a_chinese_date_ending_in_hao_is_a_day() -> None:
    text = "他2022年8月9号住的院"
    assert find_dates(text, None) == said(text, "2022年8月9号", date(2022, 8, 9), "day")


def test_a_chinese_year_and_month_is_a_month() -> None:
    text = "他2022年8月开始咳嗽"
    assert find_dates(text, None) == said(text, "2022年8月", date(2022, 8, 1), "month")


def test_a_chinese_date_in_chinese_numerals_is_a_day() -> None:
    text = "2022年八月九日第一次发作"
    assert find_dates(text, None) == said(text, "2022年八月九日", date(2022, 8, 9), "day")


def test_a_chinese_month_in_chinese_numerals_is_a_month() -> None:
    text = "2022年十二月做的手术"
    assert find_dates(text, None) == said(text, "2022年十二月", date(2022, 12, 1), "month")


def test_a_thirteenth_month_in_chinese_numerals_names_no_day() -> None:
    assert parse_explicit_date("2022年十三月复查") is None


def test_full_width_digits_are_read_as_digits() -> None:
    assert parse_explicit_date("２０２２年８月９日") == (date(2022, 8, 9), "day")


# --- US order with slashes --------------------------------------------------------------------


def test_a_us_date_with_slashes_in_english_is_month_first() -> None:
    text = "Seen on 8/9/2022 for a cough."
    assert find_dates(text, None) == said(text, "8/9/2022", date(2022, 8, 9), "day")


def test_a_us_date_with_slashes_in_chinese_is_month_first() -> None:
    text = "那次门诊是8/9/2022"
    assert find_dates(text, None) == said(text, "8/9/2022", date(2022, 8, 9), "day")


def test_a_day_first_slash_date_names_no_us_day() -> None:
    # 31/12/2022 read month first has a 31st month: no day, rather than a guess.
    assert parse_explicit_date("the letter is dated 31/12/2022") is None


# --- English month names with a year -----------------------------------------------------------


def test_a_month_name_day_and_year_is_a_day() -> None:
    text = "It began August 9th, 2022 after a fall."
    assert find_dates(text, None) == said(text, "August 9th, 2022", date(2022, 8, 9), "day")


def test_a_day_of_a_month_name_and_year_is_a_day() -> None:
    text = "on the 9th of August 2022 she fell"
    assert find_dates(text, None) == said(text, "9th of August 2022", date(2022, 8, 9), "day")


def test_a_month_name_of_a_year_is_a_month() -> None:
    text = "some time in August of 2022 he"
    assert find_dates(text, None) == said(text, "August of 2022", date(2022, 8, 1), "month")


# --- a bare year --------------------------------------------------------------------------------


def test_a_chinese_bare_year_is_a_year() -> None:
    text = "2019年确诊糖尿病"
    assert find_dates(text, None) == said(text, "2019年", date(2019, 1, 1), "year")


def test_an_english_bare_year_is_the_year_without_its_preposition() -> None:
    text = "diabetic since 2019 now"
    assert find_dates(text, None) == said(text, "2019", date(2019, 1, 1), "year")


def test_the_first_year_of_the_range_is_a_year() -> None:
    assert find_dates("the family has farmed here since 1900", None)[0].date == date(1900, 1, 1)


def test_a_bare_english_year_opens_no_question_date() -> None:
    assert parse_explicit_date("diagnosed in 2019") is None


def test_a_bare_chinese_year_opens_no_question_date() -> None:
    assert parse_explicit_date("2019年确诊的") is None
