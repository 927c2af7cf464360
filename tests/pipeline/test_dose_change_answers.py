"""A dose change said in a visit, end to end: extraction -> chain -> extractive answer.

The current dose is the new one, and the answer names the dose it superseded."""

from __future__ import annotations

import pytest

from memory.answering import answer

from .conftest import construct

pytestmark = pytest.mark.django_db

FROM_TO = (
    "Doctor: I'd like to increase your dose of Lasix from twenty milligrams to sixty milligrams."
)
OF_IT = (
    "Patient: I take lisinopril 20 mg a day.\n"
    "Doctor: Your pressure is high. Let's increase it to 40."
)


def _first_line(add_session, text: str, question: str) -> str:
    session = construct(add_session("2024-03-05", text))
    return answer(session.patient, question).text.splitlines()[0]


def test_a_change_from_one_dose_to_another_answers_the_new_dose(add_session):
    line = _first_line(add_session, FROM_TO, "What dose of Lasix is the patient taking?")
    assert line.startswith("Lasix 60 mg")


def test_a_change_from_one_dose_to_another_names_the_superseded_dose(add_session):
    line = _first_line(add_session, FROM_TO, "What dose of Lasix is the patient taking?")
    assert "changed from 20 mg" in line


def test_a_change_said_of_it_answers_the_new_dose(add_session):
    line = _first_line(add_session, OF_IT, "What dose of lisinopril is the patient taking?")
    assert line.startswith("Lisinopril 40 mg")


def test_a_change_said_of_it_names_the_superseded_dose(add_session):
    line = _first_line(add_session, OF_IT, "What dose of lisinopril is the patient taking?")
    assert "changed from 20 mg" in line
