"""A reading's date says where it was taken when the record knows: measured in clinic,
or a home reading reported at the visit, in both languages (issue 30 item 5)."""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace

import pytest
from django.utils import translation

from memory.web.present import when_text


def _reading(setting: str | None) -> SimpleNamespace:
    slots = {"systolic": 146, "diastolic": 92}
    if setting:
        slots["setting"] = setting
    day = date(2025, 3, 10)
    return SimpleNamespace(
        fact_type="vital", slots=slots, session=SimpleNamespace(session_date=day),
        event_date=None, date_precision="day", effective_date=day,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("setting", "lang", "said"),
    [
        ("office", "en", "measured in clinic 2025-03-10"),
        ("home", "en", "home reading, reported 2025-03-10"),
        (None, "en", "measured 2025-03-10"),
        ("office", "zh-hans", "2025-03-10 诊室测得"),
        ("home", "zh-hans", "家庭自测值，2025-03-10 报告"),
    ],
)
def test_reading_date_says_where_it_was_taken(setting: str | None, lang: str, said: str) -> None:
    with translation.override(lang):
        assert when_text(_reading(setting)) == said
