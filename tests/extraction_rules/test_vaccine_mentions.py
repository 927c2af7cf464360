"""A disease named as the vaccine against it is no diagnosis of the patient."""

from __future__ import annotations

from ._helpers import facts


def _conditions(speaker: str, text: str) -> set[str]:
    return {f.entity for f in facts((speaker, text), kind="condition")}


def test_flu_shot_is_no_influenza() -> None:
    assert "influenza" not in _conditions("Doctor", "We'll give you your flu shot today.")


def test_vaccinated_against_measles_is_no_measles() -> None:
    assert "measles" not in _conditions("Patient", "I was vaccinated against measles as a kid.")


def test_chinese_flu_vaccine_is_no_influenza() -> None:
    assert "influenza" not in _conditions("医生", "今天给您打流感疫苗，糖尿病患者每年都建议打。")


def test_influenza_itself_is_still_a_condition() -> None:
    assert "influenza" in _conditions("Doctor", "You have influenza, so rest and drink fluids.")


def test_chinese_diabetes_beside_a_vaccine_is_still_a_condition() -> None:
    assert "diabetes" in _conditions("医生", "今天给您打流感疫苗，您有糖尿病，每年都要打。")
