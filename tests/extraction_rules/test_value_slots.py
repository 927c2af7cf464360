"""Rule extractor value slots: vitals (spoken BP forms, Chinese), labs, doses
said in a later sentence or turn, dose changes."""

from __future__ import annotations

import pytest

from tests.extraction_rules._helpers import facts, one

BP_136_84 = {"systolic": 136, "diastolic": 84, "unit": "mmHg"}


@pytest.mark.parametrize(
    "said",
    [
        "Your blood pressure today is 136 over 84.",
        "Your blood pressure today is one thirty-six over eighty-four.",
        "Your blood pressure today is one hundred and thirty-six over eighty-four.",
        "BP 136/84.",
        "your blood pressure was a little elevated today at one thirty six over eighty four",
    ],
)
def test_spoken_and_written_blood_pressure_gives_systolic_and_diastolic(said: str) -> None:
    slots = one(("doctor", said), kind="vital", entity="blood pressure").slots
    assert {k: v for k, v in slots.items() if k != "setting"} == BP_136_84


def test_a_reading_in_the_one_tens_is_read_as_one_hundred_and_ten() -> None:
    bp = one(("doctor", "BP is one ten over seventy."), kind="vital", entity="blood pressure")
    assert bp.slots == {"systolic": 110, "diastolic": 70, "unit": "mmHg"}


def test_vitals_read_out_in_one_sentence_each_get_their_value() -> None:
    said = "BP 128/72, heart rate 72, temp 98.6, sats 97%, respiratory rate 16, BMI 27.3."
    got = {f.entity: f.slots.get("value") for f in facts(("doctor", said), kind="vital")}
    assert got == {
        "blood pressure": None,
        "heart rate": 72,
        "temperature": 98.6,
        "spo2": 97,
        "respiratory rate": 16,
        "bmi": 27.3,
    }


def test_pulse_ox_is_a_saturation_not_a_pulse() -> None:
    said = "heart rate was 68 and your pulse ox was 98 percent on room air"
    got = {f.entity: f.slots["value"] for f in facts(("doctor", said), kind="vital")}
    assert got == {"heart rate": 68, "spo2": 98}


def test_chinese_vitals_get_slots() -> None:
    said = "今天血压150/95，心率88次/分，体温36.8度。"
    got = {f.entity: f.slots for f in facts(("doctor", said), kind="vital")}
    assert got == {
        "blood pressure": {"systolic": 150, "diastolic": 95, "unit": "mmHg", "setting": "office"},
        "heart rate": {"value": 88, "unit": "bpm", "setting": "office"},
        "temperature": {"value": 36.8, "unit": "°C", "setting": "office"},
    }


def test_answer_to_a_reading_question_is_that_reading() -> None:
    bp = one(
        ("doctor", "What was your blood pressure this morning?"),
        ("patient", "It was one forty over ninety."),
        kind="vital",
    )
    assert (bp.slots, bp.evidence_turn) == ({"systolic": 140, "diastolic": 90, "unit": "mmHg"}, 2)


def test_lab_value_said_after_the_sentence_that_names_it() -> None:
    said = "And this is the hemoglobin that I was referring to. It's low at 8.2, okay?"
    lab = one(("doctor", said), kind="lab_result", entity="hemoglobin")
    assert (lab.slots["value"], "hemoglobin" in lab.content) == (8.2, True)


def test_lay_names_for_cholesterol_fractions() -> None:
    said = "the total cholesterol was 222. the good cholesterol was about 44."
    got = {f.entity: f.slots["value"] for f in facts(("doctor", said), kind="lab_result")}
    assert got == {"total cholesterol": 222, "hdl": 44}


def test_dose_in_the_drug_sentence_gives_value_unit_frequency_and_route() -> None:
    med = one(
        ("patient", "I take metformin 500 mg by mouth twice a day."), kind="medication_status"
    )
    assert med.slots == {"value": 500, "unit": "mg", "frequency": "twice daily", "route": "oral"}


def test_dose_in_a_later_sentence_attaches_to_the_drug() -> None:
    med = one(("patient", "I take metformin. It's 500 mg twice a day."), kind="medication_status")
    assert (med.slots["value"], med.slots["frequency"]) == (500, "twice daily")


def test_dose_in_a_later_turn_attaches_to_the_drug() -> None:
    med = one(
        ("doctor", "Are you taking lisinopril?"),
        ("patient", "Yes."),
        ("doctor", "What dose?"),
        ("patient", "Twenty milligrams once a day."),
        kind="medication_status",
    )
    assert (med.value, med.slots, "Twenty milligrams" in med.content) == (
        "20",
        {"value": 20, "unit": "mg", "frequency": "once daily"},
        True,
    )


def test_chinese_dose_in_a_later_sentence_attaches_to_the_drug() -> None:
    med = one(("patient", "我在吃氨氯地平。每天一次，一次5毫克。"), kind="medication_status")
    assert (med.slots["value"], med.slots["unit"], med.slots["frequency"]) == (
        5,
        "mg",
        "once daily",
    )


def test_a_later_dose_for_two_waiting_drugs_attaches_to_neither() -> None:
    found = facts(
        ("patient", "I take metformin and lisinopril. It's 500 mg."), kind="medication_status"
    )
    assert [f.slots.get("value") for f in found] == [None, None]


def test_a_bare_number_with_a_frequency_answers_a_medication_question() -> None:
    med = one(
        ("doctor", "Are you taking Benicar?"),
        ("patient", "Yes, 20 daily."),
        kind="medication_status",
    )
    assert (med.entity, med.slots["value"]) == ("olmesartan", 20)


def test_dose_said_before_the_drug() -> None:
    said = "I've prescribed 800 milligrams of ibuprofen to be taken every 8 hours as needed."
    med = one(("doctor", said), kind="medication_status", entity="ibuprofen")
    assert (med.slots["value"], med.slots["unit"]) == (800, "mg")


def test_spaced_unit_letters_are_a_dose_unit() -> None:
    med = one(("patient", "Yes, I take Micronase 2.5 M G once a day."), kind="medication_status")
    assert med.slots == {"value": 2.5, "unit": "mg", "frequency": "once daily"}


def test_dose_change_stores_the_new_dose() -> None:
    said = "We will increase your lisinopril from 10 mg to 20 mg daily."
    med = next(f for f in facts(("doctor", said)) if f.status == "dose_changed")
    assert (med.slots["value"], med.replaces) == (20, "lisinopril 10 mg")


def test_a_drug_taken_for_allergies_is_a_medication_not_an_allergen() -> None:
    found = facts(("patient", "I take Allegra for seasonal allergies."))
    assert [(f.type, f.entity) for f in found if f.entity == "fexofenadine"] == [
        ("medication_status", "fexofenadine")
    ]


def test_an_allergy_named_before_an_allergy_remedy_is_kept() -> None:
    said = "I am allergic to penicillin, I take Zyrtec for my allergies."
    allergies = {f.entity for f in facts(("patient", said), kind="allergy")}
    assert allergies == {"penicillin"}


def test_chinese_drug_taken_to_treat_allergy_is_no_allergy() -> None:
    treats = facts(("patient", "我吃氯雷他定治过敏。"), kind="allergy")
    causes = facts(("patient", "我吃氯雷他定会过敏。"), kind="allergy")
    assert (treats, [(f.entity, f.assertion) for f in causes]) == ([], [("loratadine", "present")])


def test_a_statement_with_a_tag_question_still_gives_its_value() -> None:
    said = "so your hemoglobin a1c here is 8 , you know last time it was about 6 , okay ?"
    assert one(("doctor", said), kind="lab_result", entity="hba1c").slots["value"] == 8
