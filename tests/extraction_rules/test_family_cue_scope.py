"""A "runs in the family" / 家族 cue owns the diseases of its own clause and of what
follows it; a clause before it where the speaker says what he has stays his (DESIGN §4:
attribute each fact to the person whose body it concerns). A list before the cue stays
the family's: a relative's disease taken for the patient's is the worse error.
Wording is invented.
"""

from __future__ import annotations

import pytest

from tests.extraction_rules._helpers import facts


def _subjects(sentence: str) -> dict[str, str]:
    return {f.entity or "(no allergy)": f.subject for f in facts(("Patient", sentence))}


def test_the_speakers_denial_before_a_family_cue_stays_his_zh() -> None:
    assert _subjects("我没有过敏史，也没有家族病史。") == {"(no allergy)": "patient"}


def test_the_speakers_disease_before_a_family_cue_stays_his_zh() -> None:
    found = _subjects("我有高血压，家族里也有糖尿病。")
    assert found == {"hypertension": "patient", "diabetes": "family:relative"}


def test_the_speakers_disease_before_a_family_cue_stays_his_en() -> None:
    found = _subjects("I have diabetes, and heart disease runs in the family.")
    assert found == {"diabetes": "patient", "heart disease": "family:relative"}


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        (
            "高血压、糖尿病，家族里都有。",
            {"hypertension": "family:relative", "diabetes": "family:relative"},
        ),
        ("高血压、糖尿病，我都有。", {"hypertension": "patient", "diabetes": "patient"}),
    ],
)
def test_a_list_before_the_family_cue_stays_the_familys_zh(sentence: str, expected: dict) -> None:
    assert _subjects(sentence) == expected


def test_a_list_before_the_family_cue_stays_the_familys_en() -> None:
    found = _subjects("Diabetes, heart disease and stroke all run in the family.")
    assert set(found.values()) == {"family:relative"}


def test_a_denial_of_any_allergy_said_with_dont_have_is_a_negative_finding_en() -> None:
    found = [f.assertion for f in facts(("Patient", "I don't have any allergies."), kind="allergy")]
    assert found == ["negated"]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("I don't have allergy symptoms since I started the spray.", []),
        ("I don't have allergies since I started the spray.", ["negated"]),
    ],
)
def test_no_allergy_symptoms_is_no_denial_of_allergy_en(sentence: str, expected: list) -> None:
    found = [f.assertion for f in facts(("Patient", sentence), kind="allergy") if f.entity is None]
    assert found == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [("没发现对什么东西过敏。", ["negated"]), ("没发现对什么东西敏感。", [])],
)
def test_nothing_found_to_react_to_is_a_denial_zh(sentence: str, expected: list) -> None:
    found = [f.assertion for f in facts(("Patient", sentence), kind="allergy") if f.entity is None]
    assert found == expected
