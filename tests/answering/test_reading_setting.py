"""An answer says where a reading was taken when the record knows it: a home average
told at a visit is never presented as the visit's own measurement (issue 30 item 5)."""

from __future__ import annotations

from datetime import date

import pytest

from memory.answering.quotes import when
from memory.answering.values import statement
from memory.domain.evidence import FactView

DAY = date(2025, 3, 10)


def bp(setting: str | None) -> FactView:
    slots: dict[str, object] = {"systolic": 146, "diastolic": 92, "unit": "mmHg"}
    if setting:
        slots["setting"] = setting
    return FactView(
        fact_id=1,
        session_id="s1",
        subject="patient",
        fact_type="vital",
        entity="blood pressure",
        content="average 146/92",
        date=DAY,
        session_date=DAY,
        value="146/92",
        unit="mmHg",
        slots=slots,
    )


@pytest.mark.parametrize(
    ("setting", "lang", "said"),
    [
        ("home", "en", "home reading, reported 2025-03-10"),
        ("office", "en", "measured in clinic 2025-03-10"),
        (None, "en", "measured 2025-03-10"),
        ("home", "zh", "家庭自测值，2025-03-10报告"),
        ("office", "zh", "2025-03-10诊室测得"),
    ],
)
def test_the_statement_says_where_the_reading_was_taken(
    setting: str | None, lang: str, said: str
) -> None:
    assert statement(bp(setting), lang).endswith(said)


@pytest.mark.parametrize(
    ("setting", "said"),
    [("home", "home reading, reported 2025-03-10"), ("office", "measured in clinic 2025-03-10")],
)
def test_the_cited_line_says_where_the_reading_was_taken(setting: str, said: str) -> None:
    assert when(bp(setting), "en") == said
