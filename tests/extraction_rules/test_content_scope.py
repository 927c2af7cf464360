"""Fact content is the clause of the fact's own subject: a relative's words never
appear in the patient's evidence (subject pollution, docs/design.md §1.2)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from memory.extraction.rules.discourse.cues import relative_mentions
from memory.extraction.rules.text import is_chinese

from ._helpers import facts, one

_MIXED = (
    "I take lisinopril 10 mg and my dad takes indapamide for his blood pressure.",
    "My mother has type 2 diabetes, but I have asthma and use albuterol.",
    "I stopped aspirin last week; my wife is still on it for her heart.",
    "My brother had a stroke at 50 while I had a heart attack at 58.",
    "I smoke a pack a day and my father smoked too until his lung cancer.",
    "My blood pressure was 150/95 and my mom's was even higher on amlodipine.",
    "我自己在吃二甲双胍，我妈在打胰岛素。",
    "我有高血压，我爸也有糖尿病，在吃阿卡波糖。",
    "我血压150/95，而我妈一直吃氨氯地平。",
    "我妈有糖尿病、我在吃阿司匹林。",
)


@pytest.mark.parametrize("sentence", _MIXED)
def test_no_patient_fact_content_names_a_relative(sentence: str) -> None:
    own = [f for f in facts(("Patient", sentence)) if f.subject == "patient"]
    assert own and not any(relative_mentions(f.content, is_chinese(f.content)) for f in own)


def test_patient_drug_content_is_own_clause() -> None:
    fact = one(
        ("Patient", "I take lisinopril 10 mg and my dad takes indapamide for his blood pressure."),
        kind="medication_status",
        entity="lisinopril",
    )
    assert fact.content == "I take lisinopril 10 mg"


def test_relative_drug_content_is_relatives_clause() -> None:
    fact = one(
        ("Patient", "I take lisinopril 10 mg and my dad takes indapamide for his blood pressure."),
        kind="medication_status",
        entity="indapamide",
    )
    assert fact.content.startswith("my dad takes indapamide") and "lisinopril" not in fact.content


def test_chinese_patient_drug_content_is_own_clause() -> None:
    fact = one(
        ("患者", "我自己在吃二甲双胍，我妈在打胰岛素。"),
        kind="medication_status",
        entity="metformin",
    )
    assert fact.content == "我自己在吃二甲双胍"


def test_chinese_relative_drug_is_mothers_with_own_clause() -> None:
    fact = one(
        ("患者", "我自己在吃二甲双胍，我妈在打胰岛素。"), kind="medication_status", entity="insulin"
    )
    assert (fact.subject, fact.content) == ("family:mother", "我妈在打胰岛素。")


def test_two_relatives_facts_each_get_their_own_clause() -> None:
    sentence = "My father had a heart attack at 60 and my mother has type 2 diabetes on metformin."
    contents = {f.entity: f.content for f in facts(("Patient", sentence))}
    assert contents["myocardial infarction"] == "My father had a heart attack at 60"


def test_relative_condition_and_drug_share_the_relatives_clause() -> None:
    sentence = "My father had a heart attack at 60 and my mother has type 2 diabetes on metformin."
    contents = {f.entity: f.content for f in facts(("Patient", sentence))}
    assert (
        contents["metformin"]
        == contents["type 2 diabetes"]
        == ("my mother has type 2 diabetes on metformin.")
    )


def test_numbers_and_units_stay_verbatim_in_clause() -> None:
    fact = one(
        ("Patient", "My blood pressure was 150/95 and my mom's was even higher on amlodipine."),
        kind="vital",
    )
    assert "150/95" in fact.content and "mom" not in fact.content


def test_people_named_together_keep_the_whole_sentence() -> None:
    fact = one(("Patient", "My mother and father both had colon cancer."), kind="condition")
    assert fact.content == "My mother and father both had colon cancer."


def test_sentence_without_relative_keeps_whole_content() -> None:
    fact = one(
        ("Patient", "I have diabetes and I take metformin 500 mg."), kind="medication_status"
    )
    assert fact.content == "I have diabetes and I take metformin 500 mg."


def test_chinese_zero_anaphora_chain_stays_with_relative() -> None:
    fact = one(("患者", "我妈今年65岁，高血压十年了，一直吃氨氯地平。"), kind="medication_status")
    assert fact.content.startswith("我妈") and fact.subject == "family:mother"


def test_childhood_is_no_relative_mention() -> None:
    mine = relative_mentions("I had my tonsils out when I was a kid.", zh=False)
    hers = relative_mentions("I had my tonsils out when my mom was a kid.", zh=False)
    assert (mine, [m.relation for m in hers]) == ([], ["mother"])


def _bench() -> object:
    path = Path(__file__).resolve().parents[2] / "bench" / "extraction_dev.py"
    spec = importlib.util.spec_from_file_location("extraction_dev", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["extraction_dev"] = module
    spec.loader.exec_module(module)
    return module


def test_bench_counts_polluted_patient_content() -> None:
    found = facts(("Patient", "I take lisinopril 10 mg and my dad takes indapamide."))
    polluted = [*found, found[0].__class__("condition", "patient", "gout", "my dad has gout")]
    assert _bench().polluted_content(polluted) == (2, 1)  # type: ignore[attr-defined]


def test_relatives_date_does_not_date_patients_fact() -> None:
    fact = one(
        ("Patient", "My dad had a stroke in 2019 and I take aspirin."), kind="medication_status"
    )
    assert (fact.subject, fact.date) == ("patient", None)


def test_relatives_own_date_stays_with_relative() -> None:
    fact = one(("Patient", "My dad had a stroke in 2019 and I take aspirin."), kind="condition")
    assert (fact.subject, fact.date) == ("family:father", "2019-01-01")
