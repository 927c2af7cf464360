"""A planned operation reaches the stored record and the profile as planned, never
as history (issue 29); a done one stays history. Rule extractor, real database."""

from __future__ import annotations

import pytest

from memory.models import Fact
from memory.reading.profile import render_profile

from .conftest import construct

pytestmark = pytest.mark.django_db

PLANNED_EN = "Doctor: We will book you in for a knee replacement next month."
DONE_EN = "Patient: I had a knee replacement in 2019."
PLANNED_ZH = "患者：下个月准备做疝修补术。"


def _operation(session) -> Fact:
    return Fact.objects.get(session=session, fact_type="safety", safety_kind="surgical_history")


def test_planned_operation_is_stored_with_status_planned(add_session) -> None:
    session = construct(add_session("2024-03-04", PLANNED_EN))
    assert _operation(session).status == "planned"


def test_done_operation_is_stored_without_a_status(add_session) -> None:
    session = construct(add_session("2024-03-04", DONE_EN))
    assert _operation(session).status == ""


def test_profile_shows_the_planned_operation_as_planned(add_session) -> None:
    session = construct(add_session("2024-03-04", PLANNED_EN))
    lines = [line for line in render_profile(session.patient).text.splitlines() if "knee" in line]
    assert lines and all("(planned)" in line for line in lines)


def test_profile_shows_the_done_operation_without_planned(add_session) -> None:
    session = construct(add_session("2024-03-04", DONE_EN))
    lines = [line for line in render_profile(session.patient).text.splitlines() if "knee" in line]
    assert lines and not any("planned" in line for line in lines)


def test_chinese_planned_operation_is_stored_with_status_planned(add_session) -> None:
    session = construct(add_session("2024-03-04", PLANNED_ZH))
    assert _operation(session).status == "planned"
