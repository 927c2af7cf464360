"""Drug class words ("decongestants", 降压药) are medication records only when
someone uses or owns them; "X won't help" / "不需要用X" is no drug in use."""

from __future__ import annotations

from memory.lexicon import is_class_name, lookup

from ._helpers import facts, one


def test_class_word_offered_as_option_is_not_a_medication() -> None:
    found = facts(("Doctor", "You can take decongestants for the congestion."))
    taken = facts(("Doctor", "You take decongestants for the congestion."))
    meds = [[f.entity for f in got if f.type == "medication_status"] for got in (found, taken)]
    assert meds == [[], ["nasal decongestants"]]


def test_class_word_the_patient_takes_is_a_medication() -> None:
    fact = one(("Patient", "I take a decongestant every morning."), kind="medication_status")
    assert (fact.entity, fact.status) == ("nasal decongestants", "active")


def test_chinese_class_word_the_patient_takes_is_a_medication() -> None:
    fact = one(("患者", "我在吃降压药。"), kind="medication_status")
    assert (fact.entity, fact.status) == ("antihypertensives", "active")


def test_chinese_class_word_nobody_takes_is_not_a_medication() -> None:
    heard = facts(("患者", "听说消炎药伤胃。"), kind="medication_status")
    taken = facts(("患者", "我吃消炎药伤胃。"), kind="medication_status")
    assert (heard, [(f.entity, f.status) for f in taken]) == ([], [("antibiotics", "active")])


def test_class_given_as_an_injection_is_a_medication() -> None:
    fact = one(("Doctor", "The plan is steroid injection today."), kind="medication_status")
    assert fact.entity == "corticosteroids"


def test_class_the_doctor_prescribes_is_a_medication() -> None:
    text = "I'm going to prescribe you a course of an oral steroid."
    assert one(("Doctor", text), kind="medication_status").entity == "corticosteroids"


def test_class_that_wont_help_is_not_an_active_medication() -> None:
    found = facts(("Doctor", "It's a virus, so antibiotics won't help."), kind="medication_status")
    # Control: the same virus with antibiotics started is a drug in use.
    said = "It's a virus, but I'm starting antibiotics."
    started = facts(("Doctor", said), kind="medication_status")
    present = [[f.entity for f in got if f.assertion == "present"] for got in (found, started)]
    assert present == [[], ["antibiotics"]]


def test_chinese_class_not_needed_is_not_an_active_medication() -> None:
    found = facts(("医生", "不需要用抗生素。"), kind="medication_status")
    # Control: "您需要用" (bare "需要用抗生素。" is not extracted yet) is a drug in use.
    needed = facts(("医生", "您需要用抗生素。"), kind="medication_status")
    present = [[f.entity for f in got if f.assertion == "present"] for got in (found, needed)]
    assert present == [[], ["antibiotics"]]


def test_specific_drug_not_needed_is_negated() -> None:
    fact = one(("Doctor", "You don't need amoxicillin for this."), kind="medication_status")
    assert fact.assertion == "negated"


def test_chinese_specific_drug_not_needed_is_not_present() -> None:
    found = facts(("医生", "您没必要吃阿莫西林。"), kind="medication_status")
    assert found and all(f.assertion == "negated" for f in found)


def test_drug_package_class_name_is_a_class() -> None:
    assert is_class_name("nasal decongestants") and not is_class_name("amoxicillin")


def test_decongestants_resolve_to_a_drug_class() -> None:
    entry = lookup("decongestants")
    assert entry is not None and entry.kind == "drug_class"
