"""A disease named as the vaccine against it is no diagnosis of the patient."""

from __future__ import annotations

from ._helpers import facts


def _conditions(speaker: str, text: str) -> set[str]:
    return {f.entity for f in facts((speaker, text), kind="condition")}


def test_flu_shot_is_no_influenza() -> None:
    vaccine = _conditions("Doctor", "We'll give you your flu shot today.")
    disease = _conditions("Doctor", "We'll treat your flu today.")  # control: the disease itself
    assert ("influenza" in vaccine, "influenza" in disease) == (False, True)


def test_vaccinated_against_measles_is_no_measles() -> None:
    vaccine = _conditions("Patient", "I was vaccinated against measles as a kid.")
    disease = _conditions(
        "Patient", "I was sick with measles as a kid."
    )  # control: the disease itself
    assert ("measles" in vaccine, "measles" in disease) == (False, True)


def test_chinese_flu_vaccine_is_no_influenza() -> None:
    vaccine = _conditions("医生", "今天给您打流感疫苗，糖尿病患者每年都建议打。")
    disease = _conditions(
        "医生", "今天给您治流感，糖尿病患者每年都建议打。"
    )  # control: the disease itself
    assert ("influenza" in vaccine, "influenza" in disease) == (False, True)


def test_influenza_itself_is_still_a_condition() -> None:
    assert "influenza" in _conditions("Doctor", "You have influenza, so rest and drink fluids.")


def test_chinese_diabetes_beside_a_vaccine_is_still_a_condition() -> None:
    assert "diabetes" in _conditions("医生", "今天给您打流感疫苗，您有糖尿病，每年都要打。")
