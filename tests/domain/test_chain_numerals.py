"""Repeated-mention rule: numerals with dates removed (paper §4.1)."""

from __future__ import annotations

import pytest

from memory.domain.chains import is_repeated_mention, numerals, strip_dates


@pytest.mark.parametrize(
    "text",
    [
        "checked on 2024-03-20",
        "checked on 2024/3/20",
        "checked on 2024.3.20",
        "复查于2024年3月20日",
        "2024年3月复查",
        "3月20日复查",
        "checked on March 20, 2024",
        "checked on 20 March 2024",
        "checked on the 3rd of May 2023",
        "checked on 03/20/2024",
        "started in 2019",
        "started since 2019",
        "2019年开始",
        "started back in the 1990s",
        "checked in March 2024",
    ],
)
def test_dates_carry_no_numerals(text: str) -> None:
    assert numerals(text) == frozenset()


def test_dose_of_two_thousand_is_not_taken_for_a_year() -> None:
    assert numerals("metformin 2000 mg daily") == {"2000"}


def test_year_after_in_keeps_following_dose() -> None:
    assert numerals("in 2019 started metformin 2000 mg") == {"2000"}


def test_count_after_month_name_is_kept() -> None:
    assert numerals("since April 2 tablets a day") == {"2"}


def test_duration_in_chinese_months_is_not_a_date() -> None:
    assert numerals("服用3个月") == {"3"}


def test_decimal_is_one_numeral() -> None:
    assert numerals("HbA1c 7.2 %") == {"1", "7.2"}


def test_thousands_separator_joins_one_numeral() -> None:
    assert numerals("NT-proBNP 1,200 pg/ml") == {"1200"}


def test_comma_list_is_several_numerals() -> None:
    assert numerals("take 1,2 or 3 tablets") == {"1", "2", "3"}


def test_chinese_comma_never_joins_thousands() -> None:
    assert numerals("剂量80，100片") == {"80", "100"}


def test_trailing_zeros_spell_the_same_value() -> None:
    assert numerals("7.20 mmol/L") == numerals("7.2 mmol/L")


def test_full_width_digits_are_arabic_numerals() -> None:
    assert numerals("缬沙坦８０mg") == {"80"}


def test_blood_pressure_is_two_numerals() -> None:
    assert numerals("BP 140/88 on 2024/6/2") == {"140", "88"}


def test_strip_dates_keeps_the_clinical_words() -> None:
    assert "valsartan" in strip_dates("valsartan raised on 2024-06-02")


def test_restatement_without_numbers_is_a_repeat() -> None:
    assert is_repeated_mention("still taking valsartan", "active", "valsartan 80 mg qd", "active")


def test_same_dose_restated_on_a_new_date_is_a_repeat() -> None:
    assert is_repeated_mention(
        "still taking valsartan 80 mg (2024-05-01)", "active", "valsartan 80 mg qd", "active"
    )


def test_new_dose_is_not_a_repeat() -> None:
    assert not is_repeated_mention(
        "valsartan 160 mg", "dose_changed", "valsartan 80 mg", "dose_changed"
    )


def test_change_keeping_previous_value_is_not_a_repeat() -> None:
    assert not is_repeated_mention("raised 10 mg → 20 mg", "active", "10 mg daily", "active")


def test_different_status_is_not_a_repeat() -> None:
    assert not is_repeated_mention("valsartan 80 mg", "stopped", "valsartan 80 mg", "active")


def test_status_comparison_ignores_case_and_spaces() -> None:
    assert is_repeated_mention("valsartan 80 mg", " Active", "valsartan 80 mg", "active")


def test_measurement_with_new_value_is_not_a_repeat() -> None:
    assert not is_repeated_mention("6MWT 410 m", None, "6MWT 420 m", None)


def test_subset_of_tail_numerals_is_a_repeat() -> None:
    assert is_repeated_mention("BP 140", None, "BP 140/88", None)
