"""Dose changes and switches, English and Chinese (rules.medications, rules.switches)."""

from __future__ import annotations

from ._helpers import one, run


def test_chinese_add_to_dose_is_dose_changed() -> None:
    fact = one(("医生", "可以把缬沙坦加到160毫克。"), kind="medication_status")
    assert (fact.entity, fact.status, fact.value) == ("valsartan", "dose_changed", "160")


def test_chinese_reduce_to_dose_is_dose_changed() -> None:
    fact = one(("医生", "二甲双胍减量为500毫克。"), kind="medication_status")
    assert (fact.status, fact.value) == ("dose_changed", "500")


def test_chinese_change_to_number_is_dose_changed() -> None:
    fact = one(("医生", "氨氯地平改成10毫克。"), kind="medication_status")
    assert (fact.status, fact.value) == ("dose_changed", "10")


def test_chinese_from_to_keeps_both_numbers() -> None:
    found = run(("医生", "缬沙坦由80毫克加到160毫克。")).facts
    fact = next(f for f in found if f.status == "dose_changed")
    assert fact.replaces == "valsartan 80 毫克" and "80毫克" in fact.content


def test_earlier_dose_in_session_becomes_previous_value() -> None:
    found = run(("患者", "我在吃缬沙坦80毫克。"), ("医生", "可以把缬沙坦加到160毫克。")).facts
    change = next(f for f in found if f.status == "dose_changed")
    assert change.replaces == "valsartan 80毫克" and "80毫克" in change.content


def test_english_bump_to_bare_number_takes_unit_of_earlier_dose() -> None:
    found = run(
        ("Patient", "I take lisinopril 10 mg."), ("Doctor", "Let's bump the lisinopril to 20.")
    )
    change = next(f for f in found.facts if f.status == "dose_changed")
    assert (change.value, change.unit, change.replaces) == ("20", "mg", "lisinopril 10 mg")


def test_english_increase_to_is_dose_changed() -> None:
    fact = one(("Doctor", "We'll increase the lisinopril to 20 mg."), kind="medication_status")
    assert (fact.status, fact.value) == ("dose_changed", "20")


def test_english_cut_back_reads_dose_before_drug() -> None:
    fact = one(("Doctor", "We will cut back to 25 mg of metoprolol."), kind="medication_status")
    assert (fact.status, fact.value) == ("dose_changed", "25")


def test_dose_of_next_drug_is_not_taken() -> None:
    fact = one(
        ("Patient", "I take lisinopril and metformin 500 mg."),
        kind="medication_status",
        entity="lisinopril",
    )
    assert fact.value is None


def test_english_switch_stops_old_drug() -> None:
    fact = one(
        ("Doctor", "I'm going to switch you from lisinopril to losartan 50 mg."),
        kind="medication_status",
        entity="lisinopril",
    )
    assert (fact.status, fact.is_state_change, fact.value) == ("stopped", True, None)


def test_english_switch_starts_new_drug_replacing_old() -> None:
    fact = one(
        ("Doctor", "I'm going to switch you from lisinopril to losartan 50 mg."),
        kind="medication_status",
        entity="losartan",
    )
    assert (fact.status, fact.replaces, fact.value) == ("active", "lisinopril", "50")


def test_chinese_switch_stops_old_drug() -> None:
    fact = one(
        ("医生", "把缬沙坦换成氨氯地平5毫克。"), kind="medication_status", entity="valsartan"
    )
    assert (fact.status, fact.is_state_change) == ("stopped", True)


def test_chinese_switch_starts_new_drug() -> None:
    fact = one(
        ("医生", "把缬沙坦换成氨氯地平5毫克。"), kind="medication_status", entity="amlodipine"
    )
    assert (fact.status, fact.replaces, fact.is_state_change) == ("active", "valsartan", True)


def test_chinese_stop_then_use_other_is_switch() -> None:
    fact = one(
        ("医生", "停用二甲双胍，改用格列美脲。"), kind="medication_status", entity="glimepiride"
    )
    assert (fact.status, fact.replaces) == ("active", "metformin")


def test_english_stop_and_start_in_one_sentence_keep_own_cues() -> None:
    fact = one(
        ("Doctor", "Stop the aspirin, start clopidogrel 75 mg."),
        kind="medication_status",
        entity="clopidogrel",
    )
    assert fact.status == "active"


def test_tapered_down_to_a_dose_is_a_dose_change_of_the_drug_just_named() -> None:
    found = run(("patient", "I was on prednisone 40 mg."),
                ("patient", "Then they tapered it down to 10 mg."))  # fmt: skip
    assert ("dose_changed", "10") in {(f.status, f.value) for f in found.facts}


def test_tapered_off_is_a_stop() -> None:
    fact = one(("patient", "I tapered off the Xanax last month."), kind="medication_status")
    assert fact.status == "stopped"


def test_weaned_off_is_a_stop() -> None:
    fact = one(("patient", "They weaned me off the prednisone in May."), kind="medication_status")
    assert fact.status == "stopped"
