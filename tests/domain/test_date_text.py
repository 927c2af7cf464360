"""How a date is written back and taken out of text (domain.dates; from the mutation
pass): a date to its stated precision, a borrowed date as a day, the text left
once its dates are stripped, and a month's name at the end of a text."""

from __future__ import annotations

from datetime import date

from memory.domain.dates import date_text, ends_with_month_name, stated_text, strip_dates

ONSET = date(2021, 4, 1)


def test_no_date_is_written_as_nothing() -> None:
    assert date_text(None, "day") == ""


def test_a_month_date_is_written_as_year_and_month() -> None:
    assert date_text(ONSET, "month") == "2021-04"


def test_a_record_own_date_keeps_its_stated_precision() -> None:
    assert stated_text(ONSET, ONSET, "month") == "2021-04"


def test_a_date_borrowed_from_elsewhere_is_written_as_a_day() -> None:
    assert stated_text(ONSET, date(2020, 1, 1), "month") == "2021-04-01"


def test_text_without_a_date_is_left_whole() -> None:
    assert strip_dates("valsartan 80 mg daily") == "valsartan 80 mg daily"


def test_a_date_inside_english_text_leaves_one_space_behind() -> None:
    assert strip_dates("took 2024-03-20 valsartan 80 mg") == "took valsartan 80 mg"


def test_a_date_inside_chinese_text_leaves_one_space_behind() -> None:
    assert strip_dates("服用 2024年3月20日 缬沙坦80毫克") == "服用 缬沙坦80毫克"


def test_a_text_ending_with_a_month_name_awaits_its_day() -> None:
    assert ends_with_month_name("her A1c on September ")


def test_a_text_ending_with_another_word_awaits_no_day() -> None:
    assert not ends_with_month_name("her A1c on the ")
