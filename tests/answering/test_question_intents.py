"""What a question asks for: a condition named with "allergic" is a diagnosis asked about."""

from __future__ import annotations

from memory.answering.intents import classify


def test_allergic_rhinitis_is_a_yes_no_question_about_the_diagnosis() -> None:
    intent = classify("Does Joseph personally have any history of allergic rhinitis?")
    assert (intent.kind, intent.safety_kinds) == ("yesno", ())


def test_allergic_asthma_is_a_question_about_asthma() -> None:
    intent = classify("Does he have allergic asthma?")
    assert (intent.kind, [i.canonical for i in intent.items]) == ("yesno", ["asthma"])


def test_a_drug_allergy_question_stays_a_safety_question() -> None:
    assert classify("Any drug allergy?").safety_kinds == ("allergy",)


def test_chinese_allergic_rhinitis_is_a_question_about_the_diagnosis() -> None:
    assert classify("有没有过敏性鼻炎？").kind == "yesno"
