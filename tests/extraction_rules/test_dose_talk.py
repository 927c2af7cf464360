# ruff: noqa: E501 -- each row is one said sentence with what it must give; split rows hide the form.
"""How a dose is talked about in a visit, English and Chinese: one row per general form.

Written from how clinicians and patients speak about doses (a plan or change by the
doctor, a dose confirmed across turns, a strength with a count, the dose before the
drug, spoken numbers, combination and percent strengths, speech-recognition spellings
of units), never from a dataset record. Each row states which record of the drug must
exist afterwards: its dose value and status.
"""

from __future__ import annotations

import pytest

from memory.domain.types import ExtractedFact
from tests.extraction_rules._helpers import run

Turns = tuple[tuple[str, str], ...]


def _records(turns: Turns, drug: str) -> list[ExtractedFact]:
    found = run(*turns).facts
    return [f for f in found if f.type == "medication_status" and f.entity == drug]


def _has(turns: Turns, drug: str, value: float | str, status: str) -> bool:
    return any(
        f.slots.get("value") == value and f.status == status and f.assertion == "present"
        for f in _records(turns, drug)
    )


D, P = "doctor", "patient"
# (turns, drug, the new dose, its status)
CHANGES: list[tuple[Turns, str, float | str, str]] = [
    (
        ((P, "I take lisinopril 20 mg."), (D, "Your pressure is high. Let's increase it to 40.")),
        "lisinopril",
        40,
        "dose_changed",
    ),
    (((D, "I'm going to increase your lisinopril to 40."),), "lisinopril", 40, "dose_changed"),
    (
        ((D, "Let's bump the metformin up to a thousand twice a day."),),
        "metformin",
        1000,
        "dose_changed",
    ),
    (((D, "Let's go up on the Lasix to 40 milligrams."),), "furosemide", 40, "dose_changed"),
    (((D, "We'll cut the prednisone back to 10."),), "prednisone", 10, "dose_changed"),
    (((D, "Let's bring the metoprolol down to 25."),), "metoprolol", 25, "dose_changed"),
    (
        ((D, "We'll titrate the gabapentin up to 300 three times a day."),),
        "gabapentin",
        300,
        "dose_changed",
    ),
    (((D, "he had me go up to 40 on the lisinopril ."),), "lisinopril", 40, "dose_changed"),
    (((P, "I take lisinopril 20 mg."), (D, "Let's double it.")), "lisinopril", 40, "dose_changed"),
    (
        ((P, "I take metoprolol 25 mg."), (D, "We'll cut it in half.")),
        "metoprolol",
        12.5,
        "dose_changed",
    ),
    (
        ((P, "I take lisinopril 20 mg."), (D, "We'll double your lisinopril.")),
        "lisinopril",
        40,
        "dose_changed",
    ),
    (
        ((P, "I take lisinopril 20 mg."), (D, "Let's increase it to 40.")),
        "lisinopril",
        40,
        "dose_changed",
    ),
    (
        ((P, "I take lisinopril 20 mg."), (D, "Let's bump you up to 40.")),
        "lisinopril",
        40,
        "dose_changed",
    ),
    (
        ((P, "I take lisinopril 20 mg."), (D, "Let's increase it by 10 milligrams.")),
        "lisinopril",
        30,
        "dose_changed",
    ),
    (
        ((P, "I take lisinopril."), (D, "Let's increase it to 40 milligrams.")),
        "lisinopril",
        40,
        "dose_changed",
    ),
    (
        (
            (
                D,
                "so you're on the lisinopril 20 mg and your pressure is still high so let's go ahead and increase that to 40 mg",
            ),
        ),
        "lisinopril",
        40,
        "dose_changed",
    ),
    (
        ((D, "you're on metformin 500 mg twice a day , let's go up to a thousand twice a day"),),
        "metformin",
        1000,
        "dose_changed",
    ),
    (
        ((D, "Are you still on the 20 of lisinopril?"), (P, "No, they lowered it to 10.")),
        "lisinopril",
        10,
        "dose_changed",
    ),
    (
        ((D, "Take the lisinopril 10 mg daily, and in two weeks go up to 20 mg."),),
        "lisinopril",
        20,
        "planned",
    ),
    (((D, "We'll start you on 25 of hydrochlorothiazide."),), "hydrochlorothiazide", 25, "planned"),
    (((P, "我吃缬沙坦80毫克。"), (D, "那就加到160毫克吧。")), "valsartan", 160, "dose_changed"),
    (
        ((P, "我吃氨氯地平5毫克。"), (D, "您的氨氯地平剂量加倍吧。")),
        "amlodipine",
        10,
        "dose_changed",
    ),
    (((P, "我吃缬沙坦80毫克。"), (D, "您的剂量加倍。")), "valsartan", 160, "dose_changed"),
    (((D, "您把倍他乐克减到半片。"),), "metoprolol", 0.5, "dose_changed"),
    (((D, "缬沙坦80毫克，加到160毫克。"),), "valsartan", 160, "dose_changed"),
]


@pytest.mark.parametrize(("turns", "drug", "value", "status"), CHANGES)
def test_a_dose_change_is_a_record_of_the_new_dose(
    turns: Turns, drug: str, value: float, status: str
) -> None:
    assert _has(turns, drug, value, status), _records(turns, drug)


# (turns, drug, the dose taken before the change)
OLD_DOSES: list[tuple[Turns, str, float]] = [
    (
        (
            (
                D,
                "i'd like to increase your dose of lasix from twenty milligrams to sixty milligrams",
            ),
        ),
        "furosemide",
        20,
    ),
    (((D, "We will increase your lisinopril from 10 mg to 20 mg."),), "lisinopril", 10),
    (
        (
            (
                D,
                "so you're on the lisinopril 20 mg and your pressure is still high so let's increase that to 40 mg",
            ),
        ),
        "lisinopril",
        20,
    ),
    (((D, "缬沙坦从80毫克加到160毫克。"),), "valsartan", 80),
    (((D, "缬沙坦80毫克，加到160毫克。"),), "valsartan", 80),
]


@pytest.mark.parametrize(("turns", "drug", "value"), OLD_DOSES)
def test_the_dose_a_change_replaces_stays_on_an_older_active_record(
    turns: Turns, drug: str, value: float
) -> None:
    assert _has(turns, drug, value, "active"), _records(turns, drug)


def test_the_older_record_comes_before_the_change() -> None:
    said = ((D, "We will increase your lisinopril from 10 mg to 20 mg."),)
    assert [f.slots["value"] for f in _records(said, "lisinopril")] == [10, 20]


# No change is made: a negated, conditional or unrelated "to" sentence.
NO_CHANGE: list[tuple[Turns, str]] = [
    (
        ((D, "You're on lisinopril 20 mg."), (D, "I'm not going to increase it to 40 yet.")),
        "lisinopril",
    ),
    (
        (
            (D, "You're on lisinopril 20 mg."),
            (D, "If your pressure stays high, we'll increase it to 40."),
        ),
        "lisinopril",
    ),
    (((P, "I take lisinopril 20 mg."), (D, "Take it to the pharmacy on the 5th.")), "lisinopril"),
    (
        ((P, "I take lisinopril 20 mg and metformin 500 mg."), (D, "Let's increase it to 40.")),
        "lisinopril",
    ),
    (
        ((P, "I take lisinopril 20 mg and metformin 500 mg."), (D, "Let's increase it to 40.")),
        "metformin",
    ),
]


NO_CHANGE += [
    # the pronoun stands for a reading, not the drug
    (
        (
            (P, "I take lisinopril 20 mg."),
            (D, "Your pressure is 150. We need to bring it down to 130."),
        ),
        "lisinopril",
    ),
    (
        (
            (
                D,
                "you're on lisinopril 20 mg ; your pressure is high so let's bring it down to 130 .",
            ),
        ),
        "lisinopril",
    ),
]


@pytest.mark.parametrize(("turns", "drug"), NO_CHANGE)
def test_no_change_record_without_a_change_made_of_one_drug(turns: Turns, drug: str) -> None:
    assert all(f.status != "dose_changed" for f in _records(turns, drug))


# (turns, drug, the dose value the record holds)
SAID: list[tuple[Turns, str, float | str]] = [
    # confirmed across turns
    (((D, "Are you still on the 20 milligrams of lisinopril?"), (P, "Yes.")), "lisinopril", 20),
    (
        ((D, "And you take the metoprolol 25 mg twice a day?"), (P, "That's right.")),
        "metoprolol",
        25,
    ),
    (((D, "Which aspirin do you take?"), (P, "The 81.")), "aspirin", 81),
    (((D, "Are you taking aspirin?"), (P, "Yes, the baby one.")), "aspirin", 81),
    # a bare number after the name gives way to the strength asked for and said with its unit
    (
        (
            (P, "I take Loestrin twenty four."),
            (D, "Do you know its strength?"),
            (P, "It is twenty mcg."),
        ),
        "ethinylestradiol/norethisterone acetate",
        20,
    ),
    (
        (
            (P, "I take Synthroid 50."),
            (D, "How many micrograms is that?"),
            (P, "It is 75 micrograms."),
        ),
        "levothyroxine",
        75,
    ),
    # the strength the name implies, the dose before the drug
    (((P, "I take a baby aspirin every day."),), "aspirin", 81),
    (((P, "I'm on low-dose aspirin."),), "low-dose aspirin", 81),
    (((P, "I take an 81 milligram aspirin."),), "aspirin", 81),
    (((P, "I'm on the 50 of metoprolol."),), "metoprolol", 50),
    # strength with a count, counts, puffs, units
    (((P, "I take two 500 milligram tablets of metformin."),), "metformin", 500),
    (((P, "I take 40 units of Lantus at bedtime."),), "insulin glargine", 40),
    (((P, "I take a puff of albuterol when I need it."),), "albuterol", 1),
    (((P, "I took 2 Advil this morning."),), "ibuprofen", 2),
    (((P, "I took two Tylenol last night."),), "acetaminophen", 2),
    # spoken numbers
    (((P, "I take metformin fifteen hundred milligrams a day."),), "metformin", 1500),
    (((P, "I take metformin a thousand milligrams twice a day."),), "metformin", 1000),
    (((P, "I take Xanax point five."),), "alprazolam", 0.5),
    (((P, "I take Ativan half a milligram at night."),), "lorazepam", 0.5),
    # combination and percent strengths
    (((P, "i take norco 10/325 for the pain"),), "hydrocodone", "10/325"),
    (
        ((D, "I'm going to prescribe Percocet 5/325 every 6 hours as needed."),),
        "oxycodone",
        "5/325",
    ),
    (((P, "I take Symbicort 160/4.5 two puffs twice a day."),), "budesonide/formoterol", "160/4.5"),
    (((D, "Let's start you on 1% hydrocortisone cream twice a day."),), "hydrocortisone", 1),
    (((D, "we'll get you on some lidocaine 2% jelly"),), "lidocaine", 2),
    # a release form or salt between the drug and its strength, a hyphenated strength
    (((P, "I take Wellbutrin XL 150."),), "bupropion", 150),
    (((P, "i'm on toprol xl 50 and lasix 40 ."),), "metoprolol", 50),
    (((P, "I take metformin ER 500 twice a day."),), "metformin", 500),
    (((P, "i take metoprolol succinate 25 ."),), "metoprolol", 25),
    (((P, "I take a 20-milligram tablet of lisinopril."),), "lisinopril", 20),
    (((P, "I take extra strength Tylenol."),), "acetaminophen", 500),
    (((P, "I take Sinemet 25/100 three times a day."),), "carbidopa/levodopa", "25/100"),
    # a run-on spoken sentence: the strength far after the drug, or "a day" before "of"
    (
        (
            (
                D,
                "so the metoprolol that we started you on last time when you came in with the palpitations is twenty five milligrams twice a day",
            ),
        ),
        "metoprolol",
        25,
    ),
    (((P, "i take twenty milligrams a day of the lisinopril"),), "lisinopril", 20),
    # Chinese regimens
    (((D, "二甲双胍每次一片，每天两次。"),), "metformin", 1),
    (((P, "阿司匹林一天一粒。"),), "aspirin", 1),
    (((P, "我打胰岛素十个单位。"),), "insulin", 10),
    (((P, "倍他乐克早上一片晚上半片。"),), "metoprolol", 1),
    (((D, "您还在吃20毫克的阿托伐他汀吗？"), (P, "是的。")), "atorvastatin", 20),
]


@pytest.mark.parametrize(("turns", "drug", "value"), SAID)
def test_the_dose_said_is_the_records_dose(turns: Turns, drug: str, value: float) -> None:
    assert any(f.slots.get("value") == value for f in _records(turns, drug)), _records(turns, drug)


# (what is said, drug, canonical unit): units as speech recognition spells them
UNITS: list[tuple[str, str, str]] = [
    ("I take lisinopril 20 milli grams daily.", "lisinopril", "mg"),
    ("I take lisinopril 20 mgs daily.", "lisinopril", "mg"),
    ("I take lisinopril 20 milligram's daily.", "lisinopril", "mg"),
    ("I take levothyroxine 50 mics daily.", "levothyroxine", "mcg"),
    ("I take Synthroid 75 Meg daily.", "levothyroxine", "mcg"),
    ("I take vitamin B12 1000 mikes daily.", "cyanocobalamin", "mcg"),
    ("I take vitamin D 2000 international units daily.", "vitamin d", "IU"),
    ("I take lactulose 15 cc's twice a day.", "lactulose", "mL"),
    ("I use 1% hydrocortisone cream.", "hydrocortisone", "%"),
    ("I took 2 Advil this morning.", "ibuprofen", "tablets"),
]


@pytest.mark.parametrize(("said", "drug", "unit"), UNITS)
def test_a_spoken_or_misheard_unit_is_the_canonical_unit(said: str, drug: str, unit: str) -> None:
    assert [f.slots.get("unit") for f in _records(((P, said),), drug)] == [unit]


# Numbers that are no strength of the drug they follow.
NOT_A_STRENGTH: list[tuple[str, str]] = [
    ("I started lisinopril 3/15.", "lisinopril"),  # a date
    ("I take insulin 70/30.", "insulin"),  # the shares of a premixed insulin
    ("I have type 2 diabetes and take metformin.", "metformin"),
    ("My pain is 50% better since the ibuprofen.", "ibuprofen"),
    (
        "you're taking atorvastatin and your triglycerides were 265 milligrams per deciliter",
        "atorvastatin",
    ),
    (
        "you're on the metformin and your a1c came back at 8 so your sugar has been 250 milligrams",
        "metformin",
    ),
]


@pytest.mark.parametrize(("said", "drug"), NOT_A_STRENGTH)
def test_a_date_a_mix_or_a_share_is_no_dose(said: str, drug: str) -> None:
    assert all("value" not in f.slots for f in _records(((P, said),), drug))


def test_insulin_on_a_sliding_scale_is_its_regimen() -> None:
    said = ((P, "I take Humalog on a sliding scale with meals."),)
    assert [f.slots.get("frequency") for f in _records(said, "insulin lispro")] == ["sliding scale"]


def test_one_dose_form_a_day_in_chinese_is_once_daily() -> None:
    said = ((P, "阿司匹林一天一粒。"),)
    assert [f.slots.get("frequency") for f in _records(said, "aspirin")] == ["once daily"]


def test_a_change_said_before_the_next_drug_is_not_the_first_drugs() -> None:
    said = ((D, "you're on lisinopril 20 mg and we'll go up to 40 on the atorvastatin ."),)
    assert [f.slots.get("value") for f in _records(said, "lisinopril")] == [20]


# A change ruled out: the drug goes on as it is, in use, not denied.
DENIED_CHANGES: list[tuple[Turns, str]] = [
    (
        (
            (
                D,
                "let's draw labs to be sure we do n't need any changes to your metformin",
            ),
        ),
        "metformin",
    ),
    (((D, "We will not increase your lisinopril."),), "lisinopril"),
    (((D, "There is no need to adjust the metformin."),), "metformin"),
    (((D, "您的二甲双胍不用调整。"),), "metformin"),
]


@pytest.mark.parametrize(("turns", "drug"), DENIED_CHANGES)
def test_a_change_ruled_out_leaves_the_drug_in_use(turns: Turns, drug: str) -> None:
    assert [(f.status, f.assertion) for f in _records(turns, drug)] == [("active", "present")]
