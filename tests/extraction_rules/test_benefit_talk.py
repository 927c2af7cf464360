"""What a drug does, and what people in general see, is no record of the patient
(issue 30, item 3): "aspirin helps prevent stroke" is knowledge, "those who ..." is
other people, and "ibuprofen helps reduce the swelling" eases a symptom without any
dose being reduced. Each sentence has its control said of the patient. Invented
wording."""

from __future__ import annotations

from ._helpers import facts


def _meds(speaker: str, text: str) -> list[tuple[str, str]]:
    return [(f.entity, f.status) for f in facts((speaker, text), kind="medication_status")]


def _conditions(speaker: str, text: str) -> list[str]:
    return [f.entity for f in facts((speaker, text), kind="condition")]


def test_drug_that_helps_prevent_a_disease_is_no_medication_record() -> None:
    general = _meds("Doctor", "Aspirin helps prevent stroke.")
    yours = _meds("Doctor", "Your aspirin helps prevent stroke.")
    assert (general, yours) == ([], [("aspirin", "active")])


def test_prevented_disease_is_no_condition() -> None:
    prevented = _conditions("Doctor", "Aspirin helps prevent stroke.")
    had = _conditions("Doctor", "Aspirin after your stroke.")
    assert (prevented, had) == ([], ["stroke"])


def test_those_who_statement_gives_no_condition() -> None:
    others = "Those who get good levels of testosterone see their diabetic control improve."
    yours = "You get good levels of testosterone and see your diabetic control improve."
    assert (_conditions("Doctor", others), _conditions("Doctor", yours)) == ([], ["diabetes"])


def test_drug_that_helps_reduce_a_symptom_is_no_dose_change() -> None:
    said = "Ibuprofen helps reduce the swelling in my knee."
    assert _meds("Patient", said) == [("ibuprofen", "active")]


def test_drug_that_helped_reduce_the_pain_is_no_dose_change() -> None:
    assert _meds("Patient", "The ibuprofen helped reduce the pain.") == [("ibuprofen", "active")]


def test_reducing_the_drug_itself_is_a_dose_change() -> None:
    said = "We will reduce the ibuprofen to 200 mg."
    assert _meds("Doctor", said) == [("ibuprofen", "dose_changed")]


def test_chinese_drug_that_helps_ease_a_symptom_is_no_dose_change() -> None:
    said = "布洛芬有助于减轻我的膝盖肿胀。"
    assert _meds("病人", said) == [("ibuprofen", "active")]


def test_chinese_reducing_the_drug_itself_is_a_dose_change() -> None:
    assert _meds("医生", "布洛芬减量到200毫克。") == [("ibuprofen", "dose_changed")]


def test_clinicians_relief_statement_is_no_medication_record() -> None:
    told = _meds("Doctor", "Ibuprofen helps reduce the swelling afterwards.")
    kept = _meds("Doctor", "Keep taking the ibuprofen, it helps reduce the swelling.")
    assert (told, kept) == ([], [("ibuprofen", "active")])
