"""Assertions (negation, hypothetical, historical), measurements, other fact types."""

from __future__ import annotations

from memory.extraction.rules.context import assertion_of
from memory.extraction.rules.text import (
    is_question,
    normalize_numbers,
    speaker_role,
    split_sentences,
)

from ._helpers import facts, one


def test_denies_negates_symptom() -> None:
    assert one(("Patient", "He denies chest pain."), kind="symptom").assertion == "negated"


def test_negation_stops_at_but() -> None:
    text = "No fever but a bad cough."
    assert assertion_of(text, text.index("cough"), len(text) - 1, zh=False) == "present"


def test_if_makes_hypothetical() -> None:
    # (Seek-care advice to anyone, "Call us if you get chest pain.", is general
    # knowledge since round 4: tests/extraction_rules/test_general_knowledge.py.)
    fact = one(("Doctor", "If the chest pain comes back we will do a stress test."), kind="symptom")
    assert fact.assertion == "hypothetical"


def test_used_to_makes_historical() -> None:
    fact = one(("Patient", "I used to take metformin."), kind="medication_status")
    assert fact.assertion == "historical"


def test_chinese_negation() -> None:
    assert one(("患者", "没有头痛。"), kind="symptom").assertion == "negated"


def test_chinese_historical() -> None:
    assert one(("患者", "我以前吃过阿司匹林。"), kind="medication_status").assertion == "historical"


def test_no_answer_negates_asked_symptom() -> None:
    fact = one(("Doctor", "Any chest pain?"), ("Patient", "No."), kind="symptom")
    assert fact.assertion == "negated"


def test_blood_pressure_value_and_unit() -> None:
    fact = one(("Doctor", "Your blood pressure is 150/90 today."), kind="vital")
    assert (fact.entity, fact.value, fact.unit) == ("blood pressure", "150/90", "mmHg")


def test_spoken_blood_pressure() -> None:
    fact = one(("Doctor", "your blood pressure was one fifty over ninety ."), kind="vital")
    assert fact.value == "150/90"


def test_hba1c_percent() -> None:
    fact = one(("Doctor", "Your hemoglobin A1c was 7.5%."), kind="lab_result")
    assert (fact.entity, fact.value, fact.unit) == ("hba1c", "7.5", "%")


def test_ntprobnp_lab() -> None:
    assert one(("Doctor", "NT-proBNP was 1200 pg/mL."), kind="lab_result").value == "1200"


def test_chinese_fasting_glucose() -> None:
    fact = one(("患者", "空腹血糖7.2"), kind="vital")
    assert (fact.entity, fact.value) == ("blood glucose", "7.2")


def test_chinese_weight_in_kilograms() -> None:
    fact = one(("患者", "体重70公斤"), kind="vital")
    assert (fact.value, fact.unit) == ("70", "公斤")


def test_chinese_hba1c() -> None:
    assert one(("患者", "糖化血红蛋白6.5%"), kind="lab_result").value == "6.5"


def test_implausible_number_is_not_a_reading() -> None:
    pills = facts(("Patient", "I have taken blood pressure pills for 10 years."), kind="vital")
    said = "I have taken blood pressure readings of 140/90 for 10 years."
    read = facts(("Patient", said), kind="vital")
    assert (pills, [(f.entity, f.value) for f in read]) == ([], [("blood pressure", "140/90")])


def test_dose_change_caused_by_reading() -> None:
    found = facts(("Patient", "My BP was 140/88, so the clinic raised my valsartan."))
    med = next(f for f in found if f.type == "medication_status")
    assert med.causes and found[med.causes[0]].type == "vital"


def test_hospitalization_event() -> None:
    assert one(("Patient", "I was hospitalized last month."), kind="event").date == "2024-05-01"


def test_cost_preference() -> None:
    assert (
        one(("Patient", "The inhaler is too expensive for me."), kind="preference").entity == "cost"
    )


def test_symptom_relief_is_state_change() -> None:
    assert one(("Patient", "My headache is much better now."), kind="symptom").is_state_change


def test_condition_status_suspected() -> None:
    assert one(("Doctor", "You might have pneumonia."), kind="condition").status == "suspected"


def test_number_words_to_digits() -> None:
    assert normalize_numbers("a hundred and twenty") == "120"


def test_question_without_mark_detected() -> None:
    assert is_question("do you have any allergies")


def test_sentences_keep_decimals() -> None:
    assert [s.text for s in split_sentences(1, "patient", "A1c 7.5 today. Fine.")] == [
        "A1c 7.5 today.",
        "Fine.",
    ]


def test_guest_family_speaker_is_caregiver_role() -> None:
    assert speaker_role("Guest_family") == "caregiver"


def test_family_member_speaker_is_relative_role() -> None:
    assert speaker_role("family_member") == "relative"


def _assertion(text: str, mention: str, zh: bool = False) -> str:
    start = text.index(mention)
    return assertion_of(text, start, start + len(mention), zh=zh)


def test_an_age_long_past_makes_historical() -> None:
    text = "When I was about twenty-five I got amoxicillin for a throat infection."
    assert _assertion(text, "throat infection") == "historical"


def test_at_age_makes_historical() -> None:
    assert _assertion("At age 12 I had pneumonia.", "pneumonia") == "historical"


def test_when_i_was_in_a_place_is_no_age() -> None:
    assert _assertion("When I was in the hospital they found pneumonia.", "pneumonia") == "present"


def test_since_an_age_stays_present() -> None:
    assert _assertion("I have had diabetes since I was 40.", "diabetes") == "present"


def test_chinese_age_long_past_makes_historical() -> None:
    assert _assertion("我二十岁的时候得过肺炎。", "肺炎", zh=True) == "historical"


def test_chinese_when_young_makes_historical() -> None:
    assert _assertion("年轻时得过肝炎。", "肝炎", zh=True) == "historical"


def test_stacked_spoken_lead_ins_still_open_a_question() -> None:
    assert (
        is_question("okay so alright did you take it today"),
        is_question("okay so i took it today"),
    ) == (
        True,
        False,
    )
