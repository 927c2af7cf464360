"""Relative and explicit date resolution (memory.domain.dates)."""

from __future__ import annotations

from datetime import date

from memory.domain.dates import (
    find_dates,
    parse_en_number,
    parse_explicit_date,
    parse_zh_number,
    strip_dates,
)

SESSION = date(2024, 6, 3)


def resolve_relative(expr: str, session_date: date | None) -> tuple[date | None, str]:
    """The first date find_dates anchors in `expr`, as (date, precision)."""
    found = [m for m in find_dates(expr, session_date) if m.date is not None]
    return (found[0].date, found[0].precision) if found else (None, "day")


def parse_question_date(question: str) -> date | None:
    found = parse_explicit_date(question)
    return found[0] if found else None


def test_two_weeks_ago_is_fourteen_days_before_session() -> None:
    assert resolve_relative("two weeks ago", SESSION) == (date(2024, 5, 20), "day")


def test_yesterday_is_previous_day() -> None:
    assert resolve_relative("yesterday", SESSION) == (date(2024, 6, 2), "day")


def test_last_month_has_month_precision() -> None:
    assert resolve_relative("last month", SESSION) == (date(2024, 5, 1), "month")


def test_in_year_gives_year_precision() -> None:
    assert resolve_relative("diagnosed in 2019", SESSION) == (date(2019, 1, 1), "year")


def test_spoken_year_is_read() -> None:
    assert resolve_relative("removed in nineteen ninety two", SESSION) == (date(1992, 1, 1), "year")


def test_chinese_months_ago() -> None:
    assert resolve_relative("三个月前", SESSION) == (date(2024, 3, 1), "month")


def test_chinese_last_week() -> None:
    assert resolve_relative("上周", SESSION) == (date(2024, 5, 27), "day")


def test_chinese_last_year() -> None:
    assert resolve_relative("去年", SESSION) == (date(2023, 1, 1), "year")


def test_chinese_year_before_last() -> None:
    assert resolve_relative("前年", SESSION) == (date(2022, 1, 1), "year")


def test_chinese_duration_gives_onset_year() -> None:
    assert resolve_relative("高血压十年了", SESSION) == (date(2014, 1, 1), "year")


def test_relative_date_without_session_date_is_unknown() -> None:
    assert resolve_relative("two weeks ago", None) == (None, "day")


def test_text_without_date_is_unknown() -> None:
    assert resolve_relative("takes aspirin daily", SESSION) == (None, "day")


def test_find_dates_reports_offsets() -> None:
    [mention] = find_dates("I stopped it yesterday.", SESSION)
    assert "I stopped it yesterday."[mention.start : mention.end] == "yesterday"


def test_question_date_iso() -> None:
    assert parse_question_date("dose on 2024-03-20?") == date(2024, 3, 20)


def test_question_date_slashes() -> None:
    assert parse_question_date("2024/3/20 的剂量") == date(2024, 3, 20)


def test_question_date_chinese() -> None:
    assert parse_question_date("2024年3月20日血压多少") == date(2024, 3, 20)


def test_question_date_month_name_first() -> None:
    assert parse_question_date("What was it on March 20, 2024?") == date(2024, 3, 20)


def test_question_date_day_first() -> None:
    assert parse_question_date("on 20 March 2024") == date(2024, 3, 20)


def test_question_month_only_is_first_of_month() -> None:
    assert parse_question_date("in March 2024") == date(2024, 3, 1)


def test_question_chinese_month_only() -> None:
    assert parse_question_date("2024年3月的血压") == date(2024, 3, 1)


def test_question_without_year_has_no_date() -> None:
    relative = parse_question_date("what was the dose last week?")
    assert (relative, parse_question_date("what was the dose in March 2024?")) == (
        None,
        date(2024, 3, 1),
    )


def test_strip_dates_keeps_clinical_numbers() -> None:
    assert strip_dates("2024-03-20 valsartan 80 mg") == "valsartan 80 mg"


def test_english_number_words() -> None:
    assert parse_en_number("a hundred and twenty") == 120


def test_chinese_number_words() -> None:
    assert parse_zh_number("二十三") == 23


# --------------------------------------------------------------------------- months without a year

MAY_2 = date(2024, 5, 2)


def test_back_in_month_is_most_recent_past_month() -> None:
    assert resolve_relative("I started it back in September.", MAY_2) == (date(2023, 9, 1), "month")


def test_in_month_already_passed_this_year_stays_this_year() -> None:
    assert resolve_relative("diagnosed in March", MAY_2) == (date(2024, 3, 1), "month")


def test_in_current_month_is_current_month() -> None:
    assert resolve_relative("since May", MAY_2) == (date(2024, 5, 1), "month")


def test_last_month_name_is_strictly_before_session_month() -> None:
    assert resolve_relative("last May", MAY_2) == (date(2023, 5, 1), "month")


def test_last_month_name_earlier_this_year() -> None:
    assert resolve_relative("last March", MAY_2) == (date(2024, 3, 1), "month")


def test_month_of_last_year() -> None:
    assert resolve_relative("September of last year", MAY_2) == (date(2023, 9, 1), "month")


def test_month_of_explicit_year() -> None:
    assert resolve_relative("in March of 2022", MAY_2) == (date(2022, 3, 1), "month")


def test_month_and_day_without_year_after_session_is_last_year() -> None:
    assert resolve_relative("on May 20th", MAY_2) == (date(2023, 5, 20), "day")


def test_may_as_verb_is_no_date() -> None:
    verb = find_dates("I may have missed a dose.", MAY_2)
    # Control: the same sentence naming the month in May is a date.
    month = resolve_relative("I may have missed a dose in May.", MAY_2)
    assert (verb, month) == ([], (date(2024, 5, 1), "month"))


def test_dose_after_month_is_not_a_day() -> None:
    assert resolve_relative("in March 20 mg", MAY_2) == (date(2024, 3, 1), "month")


def test_chinese_last_year_month_has_month_precision() -> None:
    assert resolve_relative("去年9月份开始吃二甲双胍", MAY_2) == (date(2023, 9, 1), "month")


def test_chinese_this_year_month() -> None:
    assert resolve_relative("今年3月", MAY_2) == (date(2024, 3, 1), "month")


def test_chinese_bare_month_is_most_recent_past() -> None:
    assert resolve_relative("6月份查出来的", MAY_2) == (date(2023, 6, 1), "month")


def test_chinese_bare_month_earlier_this_year() -> None:
    assert resolve_relative("3月份", MAY_2) == (date(2024, 3, 1), "month")


def test_chinese_month_and_day_without_year() -> None:
    assert resolve_relative("4月20日", MAY_2) == (date(2024, 4, 20), "day")


def test_chinese_explicit_year_month() -> None:
    assert resolve_relative("2022年3月", MAY_2) == (date(2022, 3, 1), "month")


def test_menstruation_is_no_month() -> None:
    month = resolve_relative("3月份月经不调", MAY_2)  # control: a month named before it
    assert (find_dates("月经不调", MAY_2), month) == ([], (date(2024, 3, 1), "month"))


def test_chinese_month_count_is_no_month_name() -> None:
    month = resolve_relative("3月吃了", MAY_2)  # control: the month named, not counted
    assert (find_dates("吃了3个月", MAY_2), month) == ([], (date(2024, 3, 1), "month"))


def test_months_ago_shifts_months() -> None:
    assert resolve_relative("two months ago", MAY_2) == (date(2024, 3, 1), "month")


def test_next_month_points_forward() -> None:
    assert resolve_relative("下个月开始吃", MAY_2) == (date(2024, 6, 1), "month")


def test_english_tomorrow_points_forward() -> None:
    assert resolve_relative("start it tomorrow", MAY_2) == (date(2024, 5, 3), "day")


def test_month_without_year_and_no_session_date_is_unknown() -> None:
    assert resolve_relative("back in September", None) == (None, "day")


def test_strip_dates_removes_chinese_month() -> None:
    assert strip_dates("3月份 缬沙坦 80毫克") == "缬沙坦 80毫克"


def _first(text: str) -> date | None:
    return find_dates(text, SESSION)[0].date


def test_appointment_month_day_without_year_is_the_next_occurrence() -> None:
    assert _first("Your appointment is on October 14.") == date(2024, 10, 14)


def test_chinese_follow_up_month_day_is_the_next_occurrence() -> None:
    assert _first("下次10月14日复查。") == date(2024, 10, 14)


def test_mixed_language_appointment_date_points_forward() -> None:
    assert _first("your appointment is on 10月14日") == date(2024, 10, 14)


def test_see_you_on_an_earlier_month_day_rolls_to_next_year() -> None:
    assert _first("See you on May 20.") == date(2025, 5, 20)


def test_planned_month_day_later_in_the_session_month_stays_this_year() -> None:
    assert _first("下次6月20日复查。") == date(2024, 6, 20)


def test_past_context_month_day_keeps_the_most_recent_past_occurrence() -> None:
    assert _first("I had my appointment on October 14.") == date(2023, 10, 14)


def test_chinese_past_context_month_day_keeps_the_past_occurrence() -> None:
    assert _first("上次10月14日复查的时候血糖偏高。") == date(2023, 10, 14)


def test_month_day_without_any_cue_is_read_as_past() -> None:
    assert _first("The rash started on October 14.") == date(2023, 10, 14)
