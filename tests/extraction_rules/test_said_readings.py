"""How vitals and lab values are said, English and Chinese: one row per form.

Written from clinical-language knowledge, not from dataset records: blood
pressure in digits, in spoken pairs and named one by one, the vitals' names
and abbreviations (pulse, HR, temp, febrile, sats, pulse ox, resp rate, BMI),
the frequent labs (A1c, sugar, creatinine, GFR, electrolytes, lipids, TSH,
INR, the blood count, B12, ferritin...), spoken decimals, and the Chinese
numerals and pairs ("高压一百五，低压九十", "体温三十八度五").
"""

from __future__ import annotations

import pytest

from tests.extraction_rules._helpers import facts


def _values(said: str, entity: str) -> list[dict[str, object]]:
    found = [f for f in facts(("doctor", said)) if f.type in ("vital", "lab_result")]
    return [dict(f.slots) for f in found if f.entity == entity]


PRESSURES = [
    ("Your blood pressure today is 136/84.", 136, 84),
    ("Your blood pressure is one thirty-six over eighty-four.", 136, 84),
    ("Your blood pressure is one hundred and thirty-six over eighty-four.", 136, 84),
    ("Blood pressure a hundred and twenty over eighty.", 120, 80),
    ("Your pressure was one fifty over ninety-five.", 150, 95),
    ("BP's one forty-two over eighty-eight.", 142, 88),
    ("Your systolic was 160 and your diastolic 95.", 160, 95),
    ("Your BP was 160 systolic and 95 diastolic.", 160, 95),
    ("您的血压是140/90。", 140, 90),
    ("您的血压一百四十，九十。", 140, 90),
    ("我的血压高压150，低压90。", 150, 90),
    ("高压一百五，低压九十五。", 150, 95),
    ("收缩压160，舒张压100。", 160, 100),
]
READINGS = [
    ("Heart rate of 88 beats per minute.", "heart rate", 88),
    ("Your pulse is seventy-two.", "heart rate", 72),
    ("HR 64.", "heart rate", 64),
    ("Temp 101.2 degrees.", "temperature", 101.2),
    ("Your temperature is ninety-eight point six.", "temperature", 98.6),
    ("She was febrile to 102.", "temperature", 102),
    ("Your oxygen saturation is 97% on room air.", "spo2", 97),
    ("Your pulse ox was ninety-four percent.", "spo2", 94),
    ("You're satting 93% on room air.", "spo2", 93),
    ("Resp rate 20.", "respiratory rate", 20),
    ("Respirations 18.", "respiratory rate", 18),
    ("You weigh two hundred and ten pounds.", "weight", 210),
    ("BMI thirty-two point five.", "bmi", 32.5),
    ("Your hemoglobin A1c was 8.1 percent.", "hba1c", 8.1),
    ("Your A1c came back at seven point two.", "hba1c", 7.2),
    ("Your blood sugar this morning was 180.", "blood glucose", 180),
    ("Creatinine was one point two.", "creatinine", 1.2),
    ("Your creatinine was .9 last time.", "creatinine", 0.9),
    ("Your GFR is 45.", "egfr", 45),
    ("Your potassium was 5.2.", "potassium", 5.2),
    ("Your sodium is 132.", "sodium", 132),
    ("Your LDL is 130.", "ldl", 130),
    ("Your TSH is 2.5.", "tsh", 2.5),
    ("INR two point three.", "inr", 2.3),
    ("Your white count is 12.", "white blood cell count", 12),
    ("White blood cell count is 11,000.", "white blood cell count", 11000),
    ("Your platelets are 150.", "platelet count", 150),
    ("Your hematocrit is 35.", "hematocrit", 35),
    ("Your B12 level is 250.", "vitamin b12 level", 250),
    ("Your ferritin is 15.", "ferritin", 15),
    ("Your calcium is 9.5.", "calcium", 9.5),
    ("Your free T4 is 1.2.", "free t4", 1.2),
    ("Your albumin is 3.2.", "albumin", 3.2),
    ("Your CRP was 45.", "crp", 45),
    ("Your ejection fraction is 35%.", "ejection fraction", 35),
    ("心率每分钟八十次。", "heart rate", 80),
    ("我的心跳每分钟一百多下。", "heart rate", 100),
    ("体温三十八度五。", "temperature", 38.5),
    ("我体重七十公斤。", "weight", 70),
    ("空腹血糖七点八。", "blood glucose", 7.8),
    ("糖化血红蛋白百分之七点五。", "hba1c", 7.5),
    ("血红蛋白90克每升。", "hemoglobin", 90),
    ("白细胞12。", "white blood cell count", 12),
    ("血小板八十。", "platelet count", 80),
]
UNITS = [
    ("Temp 101.2 degrees.", "temperature", "°F"),
    ("Temperature 37.5 degrees Celsius.", "temperature", "°C"),
    ("我体温38.5度。", "temperature", "°C"),
    ("Your sugar was 145 milligrams per deciliter.", "blood glucose", "mg/dL"),
    ("Your weight is 90 kilograms.", "weight", "kg"),
    ("心率每分钟80次。", "heart rate", "bpm"),
    ("呼吸20次/分。", "respiratory rate", "/min"),
    ("血红蛋白90克每升。", "hemoglobin", "g/L"),
]


@pytest.mark.parametrize(("said", "systolic", "diastolic"), PRESSURES)
def test_a_blood_pressure_said_fills_both_numbers(said: str, systolic: int, diastolic: int) -> None:
    found = _values(said, "blood pressure")
    assert [(s["systolic"], s["diastolic"]) for s in found] == [(systolic, diastolic)]


@pytest.mark.parametrize(("said", "entity", "value"), READINGS)
def test_a_reading_said_is_the_value_of_its_item(said: str, entity: str, value: float) -> None:
    assert [s["value"] for s in _values(said, entity)] == [value]


@pytest.mark.parametrize(("said", "entity", "unit"), UNITS)
def test_a_unit_said_is_the_canonical_reading_unit(said: str, entity: str, unit: str) -> None:
    assert [s["unit"] for s in _values(said, entity)] == [unit]


def test_two_numbers_in_a_row_that_fall_are_no_chinese_reading() -> None:
    falling, rising = (
        _values("血压90，140。", "blood pressure"),
        _values("血压140，90。", "blood pressure"),
    )
    assert (falling, rising) == ([], [{"systolic": 140, "diastolic": 90, "unit": "mmHg"}])


def test_a_b12_level_is_no_b12_medication() -> None:
    found = facts(("doctor", "B12 was 180."))
    dosed = facts(("doctor", "B12 was 1000 mcg."))  # control: a dose unit makes it the drug
    meds = [[f.entity for f in got if f.type == "medication_status"] for got in (found, dosed)]
    assert meds == [[], ["cyanocobalamin"]]


def test_a_spelled_a1c_leaves_no_drug_named_hemoglobin() -> None:
    found = facts(("doctor", "Your hemoglobin a one c is 6.8."))
    meds = [f.entity for f in found if f.type == "medication_status"]
    labs = [(f.entity, f.value) for f in found if f.type == "lab_result"]
    assert (meds, labs) == ([], [("hba1c", "6.8")])


def test_a_calcium_channel_blocker_is_no_calcium_reading() -> None:
    said = "He is on a calcium channel blocker 10 mg daily."
    meds = [(f.entity, f.value) for f in facts(("doctor", said), kind="medication_status")]
    assert (_values(said, "calcium"), meds) == ([], [("calcium channel blockers", "10")])
