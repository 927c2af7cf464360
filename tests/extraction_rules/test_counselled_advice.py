"""A drug the clinician counsels about or recommends is a plan, not a drug in use.
Sentences written for these tests (no dataset record)."""

from __future__ import annotations

from ._helpers import run


def _statuses(*turns: tuple[str, str], entity: str) -> set[str | None]:
    return {f.status for f in run(*turns).facts if f.entity == entity}


def test_counselled_about_the_importance_of_a_drug_is_planned() -> None:
    found = _statuses(
        ("Doctor", "She was counseled about the importance of a trial of naproxen."),
        entity="naproxen",
    )
    assert found == {"planned"}


def test_a_recommended_drug_is_planned() -> None:
    found = _statuses(
        ("Doctor", "I would recommend a short trial of gabapentin at night."), entity="gabapentin"
    )
    assert found == {"planned"}


def test_a_drug_the_patient_is_on_stays_active_beside_advice() -> None:
    found = _statuses(
        ("Doctor", "You're on lisinopril 10 mg. I would recommend you keep walking daily."),
        entity="lisinopril",
    )
    assert found == {"active"}


def test_a_recommendation_after_a_comma_and_a_new_subject_is_not_the_drugs() -> None:
    found = _statuses(
        ("Doctor", "You're on lisinopril 10 mg, and I would recommend you keep walking daily."),
        entity="lisinopril",
    )
    assert found == {"active"}
