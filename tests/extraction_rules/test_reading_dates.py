"""A reading's number and date come from where its value is said: a month number is
never the value, and a value said with an earlier month is that month's (issue 30,
the demo's "HbA1c not drawn this time; January's was 6.6%"). Invented wording."""

from __future__ import annotations

import pytest

from ._helpers import facts


def _a1c(text: str) -> tuple[str | None, str | None]:
    found = [f for f in facts(("doctor", text), kind="lab_result") if f.entity == "hba1c"]
    assert found, f"no HbA1c in {text!r}"
    return found[0].value, found[0].date


@pytest.mark.parametrize("text", ["糖化血红蛋白3月份是7.2%。", "The A1c on March 3 was 7.2%."])
def test_a_month_or_day_number_is_never_the_value(text: str) -> None:
    assert _a1c(text)[0] == "7.2"


@pytest.mark.parametrize(
    "text",
    [
        "糖化血红蛋白这回没查，3月份是7.2%。",
        "We didn't redo the A1c today, in March it was 7.2%.",
    ],
)
def test_a_value_said_with_an_earlier_month_is_that_months(text: str) -> None:
    assert _a1c(text) == ("7.2", "2024-03-01")


@pytest.mark.parametrize(
    "text",
    ["糖化血红蛋白今天是7.2%，3月份是7.8%。", "The A1c today is 7.2%, it was 7.8% in March."],
)
def test_todays_value_beside_an_earlier_one_stays_todays(text: str) -> None:
    assert _a1c(text) == ("7.2", "2024-06-03")
