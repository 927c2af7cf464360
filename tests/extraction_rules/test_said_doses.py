"""How doses are said, English and Chinese: one row per form, one slot per row.

The rows are written from clinical-language knowledge (how clinicians write a
prescription and how patients say what they take), not from dataset records:
amounts in digits and in words, fractions and halves, ranges, units and their
spoken names, Latin frequency abbreviations with and without dots, routes, and
the Chinese numerals, counters and frequency phrases.
"""

from __future__ import annotations

import pytest

from memory.extraction.rules.text import split_sentences
from tests.extraction_rules._helpers import facts, one

# (what the patient says, drug canonical, slot, expected slot value)
AMOUNTS = [
    ("I take metformin five hundred milligrams twice a day.", "metformin", 500),
    ("I take levothyroxine one hundred and twelve micrograms daily.", "levothyroxine", 112),
    ("I'm on one twenty-five of Synthroid.", "levothyroxine", 125),
    ("I take amlodipine two and a half milligrams daily.", "amlodipine", 2.5),
    ("I take amlodipine two point five milligrams daily.", "amlodipine", 2.5),
    ("I take Xanax point five milligrams as needed.", "alprazolam", 0.5),
    ("I take Xanax .5 mg as needed.", "alprazolam", 0.5),
    ("I inject Ozempic zero point five milligrams once a week.", "semaglutide", 0.5),
    ("I take half a tablet of metoprolol.", "metoprolol", 0.5),
    ("I take one half pill of lisinopril.", "lisinopril", 0.5),
    ("I take 1/2 tablet of warfarin.", "warfarin", 0.5),
    ("I take vitamin D 50,000 units once a week.", "vitamin d", 50000),
    ("I take metformin one gram twice a day.", "metformin", 1),
    ("I take ibuprofen 400 to 600 mg every 6 hours as needed.", "ibuprofen", 400),
    ("Take Tylenol 1-2 tablets every 6 hours.", "acetaminophen", 1),
    ("So the finasteride, I take half a pill, it's the 5 milligram one.", "finasteride", 5),
    ("I take lactulose 15 cc twice a day.", "lactulose", 15),
    ("I take potassium chloride 20 mEq daily.", "potassium chloride", 20),
    ("I use Flonase two sprays in each nostril daily.", "fluticasone", 2),
    ("我每天吃二甲双胍五百毫克，一天两次。", "metformin", 500),
    ("我吃拜阿司匹林一百毫克。", "aspirin", 100),
    ("阿莫西林胶囊每次两粒，一天三次。", "amoxicillin", 2),
    ("我每天吃一片阿司匹林。", "aspirin", 1),
    ("我吃半片倍他乐克。", "metoprolol", 0.5),
    ("我每天打胰岛素20个单位。", "insulin", 20),
    ("我吃优甲乐50微克。", "levothyroxine", 50),
    ("我吃二甲双胍零点五克，每天两次。", "metformin", 0.5),
]
UNITS = [
    ("I take metformin five hundred milligrams twice a day.", "metformin", "mg"),
    ("I take levothyroxine 75 micrograms every morning.", "levothyroxine", "mcg"),
    ("I take lactulose 15 cc twice a day.", "lactulose", "mL"),
    ("I take potassium chloride 20 milliequivalents daily.", "potassium chloride", "mEq"),
    ("I use Flonase two sprays in each nostril daily.", "fluticasone", "sprays"),
    ("I take half a tablet of metoprolol.", "metoprolol", "tablets"),
    ("I take vitamin D 2000 IU daily.", "vitamin d", "IU"),
    ("I inject Lantus twenty units at night.", "insulin glargine", "units"),
    ("我每天打胰岛素20个单位。", "insulin", "units"),
    ("我吃优甲乐50微克。", "levothyroxine", "mcg"),
    ("阿莫西林胶囊每次两粒，一天三次。", "amoxicillin", "capsules"),
    ("我每天吃一片阿司匹林。", "aspirin", "tablets"),
]
FREQUENCIES = [
    ("I take metformin 500 mg b.i.d.", "metformin", "twice daily"),
    ("I take metformin 500 mg BID.", "metformin", "twice daily"),
    ("I take lisinopril 20 mg q.d.", "lisinopril", "once daily"),
    ("I take gabapentin 300 mg t.i.d.", "gabapentin", "three times daily"),
    ("I take furosemide 20 mg q.i.d.", "furosemide", "four times daily"),
    ("Take atorvastatin 40 mg q.h.s.", "atorvastatin", "at bedtime"),
    ("I take prednisone 10 mg p.o. daily.", "prednisone", "once daily"),
    ("I take metoprolol twenty-five milligrams two times a day.", "metoprolol", "twice daily"),
    ("I take Lasix 40 mg 2x a day.", "furosemide", "twice daily"),
    ("I use albuterol two puffs every four to six hours.", "albuterol", "every 4-6 hours"),
    ("I use albuterol 2 puffs q4-6h.", "albuterol", "every 4-6 hours"),
    ("I take tramadol 50 mg q6h.", "tramadol", "every 6 hours"),
    ("I take Xanax 0.5 mg p.r.n.", "alprazolam", "as needed"),
    ("I take insulin 10 units with each meal.", "insulin", "with meals"),
    ("I take omeprazole 20 mg before breakfast.", "omeprazole", "every morning"),
    ("I take methotrexate three times a week.", "methotrexate", "three times weekly"),
    ("I get Prolia every six months.", "denosumab", "every 6 months"),
    ("我每天吃两次二甲双胍，每次一片。", "metformin", "twice daily"),
    ("我一日三次口服二甲双胍。", "metformin", "three times daily"),
    ("我每周打一次司美格鲁肽0.5毫克。", "semaglutide", "weekly"),
    ("我吃二甲双胍，饭后吃。", "metformin", "with meals"),
    ("阿托伐他汀20毫克，每晚睡前服用。", "atorvastatin", "at bedtime"),
]
ROUTES = [
    ("I take amoxicillin 875 mg by mouth twice daily.", "amoxicillin", "oral"),
    ("I take prednisone 10 mg p.o. daily.", "prednisone", "oral"),
    ("I take nitroglycerin 0.4 mg sublingual as needed.", "nitroglycerin", "sublingual"),
    ("I put nitroglycerin under the tongue when I get chest pain.", "nitroglycerin", "sublingual"),
    ("I use Flonase two sprays in each nostril daily.", "fluticasone", "nasal"),
    ("I inject Lantus twenty units subcutaneously at night.", "insulin glargine", "subcutaneous"),
    ("I was given morphine 2 mg i.v.", "morphine", "intravenous"),
    ("I use hydrocortisone cream twice a day.", "hydrocortisone", "topical"),
    ("静滴头孢曲松2克，每日一次。", "ceftriaxone", "intravenous"),
    ("外用红霉素软膏，每天两次。", "erythromycin", "topical"),
    ("布地奈德雾化，每天两次。", "budesonide", "inhaled"),
]


def _slot(said: str, drug: str, slot: str) -> object:
    return one(("patient", said), kind="medication_status", entity=drug).slots.get(slot)


@pytest.mark.parametrize(("said", "drug", "amount"), AMOUNTS)
def test_the_amount_said_is_the_dose_value(said: str, drug: str, amount: float) -> None:
    assert _slot(said, drug, "value") == amount


@pytest.mark.parametrize(("said", "drug", "unit"), UNITS)
def test_the_unit_said_is_the_canonical_dose_unit(said: str, drug: str, unit: str) -> None:
    assert _slot(said, drug, "unit") == unit


@pytest.mark.parametrize(("said", "drug", "frequency"), FREQUENCIES)
def test_how_often_said_is_the_dose_frequency(said: str, drug: str, frequency: str) -> None:
    assert _slot(said, drug, "frequency") == frequency


@pytest.mark.parametrize(("said", "drug", "route"), ROUTES)
def test_the_route_said_is_the_dose_route(said: str, drug: str, route: str) -> None:
    assert _slot(said, drug, "route") == route


def test_a_dose_range_is_no_dose_change() -> None:
    said = ("patient", "I take ibuprofen 400 to 600 mg every 6 hours as needed.")
    assert one(said, kind="medication_status", entity="ibuprofen").status == "active"


def test_a_change_from_one_dose_to_another_is_still_a_change() -> None:
    said = ("doctor", "We changed your lisinopril from 10 mg to 20 mg last month.")
    found = facts(said, kind="medication_status")
    assert [f.status for f in found if f.value == "20"] == ["dose_changed"]


def test_a_dotted_abbreviation_ends_no_sentence_before_the_frequency() -> None:
    said = split_sentences(1, "patient", "I take prednisone 10 mg p.o. daily and nothing else.")
    assert len(said) == 1


def test_a_dotted_abbreviation_at_the_end_still_ends_its_sentence() -> None:
    said = split_sentences(1, "patient", "I take metformin 500 mg b.i.d. My sugars are better.")
    assert [s.text for s in said][1] == "My sugars are better."


def test_a_chinese_dose_said_in_a_later_turn_reads_its_numerals() -> None:
    turns = (
        ("patient", "我在吃二甲双胍。"),
        ("doctor", "吃多少？"),
        ("patient", "每次两片，一天三次。"),
    )
    assert one(*turns, kind="medication_status", entity="metformin").slots["value"] == 2
