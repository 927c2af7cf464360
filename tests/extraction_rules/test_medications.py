"""medication_status facts: status cues, doses, changes."""

from __future__ import annotations

from ._helpers import facts, one


def test_taking_drug_with_dose_is_active() -> None:
    fact = one(("Patient", "I take lisinopril 20 mg daily."), kind="medication_status")
    assert (fact.entity, fact.status, fact.value, fact.unit) == ("lisinopril", "active", "20", "mg")


def test_brand_name_resolves_to_generic() -> None:
    fact = one(("Patient", "I take Tylenol for my back."), kind="medication_status")
    assert fact.entity == "acetaminophen"


def test_stopped_drug_is_state_change() -> None:
    fact = one(("Patient", "I stopped taking aspirin two weeks ago."), kind="medication_status")
    assert (fact.status, fact.is_state_change, fact.date) == ("stopped", True, "2024-05-20")


def test_dose_change_keeps_previous_value() -> None:
    found = facts(
        ("Doctor", "We will increase your lisinopril from 10 mg to 20 mg."),
        kind="medication_status",
    )
    fact = next(f for f in found if f.status == "dose_changed")
    assert (fact.value, fact.replaces) == ("20", "lisinopril 10 mg")


def test_dose_change_content_keeps_both_numbers() -> None:
    fact = one(("Doctor", "Lisinopril 10 mg → 20 mg."), kind="medication_status")
    assert "10 mg" in fact.content and "20 mg" in fact.content


def test_plan_to_start_is_planned() -> None:
    fact = one(("Doctor", "I'd like to start you on metformin."), kind="medication_status")
    assert fact.status == "planned"


def test_denied_drug_is_negated() -> None:
    fact = one(("Patient", "I don't take aspirin."), kind="medication_status")
    assert fact.assertion == "negated"


def test_drug_not_taken_anymore_is_stopped() -> None:
    fact = one(("Patient", "I don't take aspirin anymore."), kind="medication_status")
    assert (fact.status, fact.assertion) == ("stopped", "present")


def test_answer_to_medication_question_is_active() -> None:
    fact = one(
        ("Doctor", "What medications are you taking?"),
        ("Patient", "Metformin and atorvastatin."),
        kind="medication_status",
        entity="atorvastatin",
    )
    assert fact.status == "active"


def test_yes_to_named_drug_question_is_active() -> None:
    fact = one(
        ("Doctor", "Are you still taking Norvasc?"), ("Patient", "Yes."), kind="medication_status"
    )
    assert (fact.entity, fact.status) == ("amlodipine", "active")


def test_chinese_stop_cue() -> None:
    fact = one(("患者", "上周我停用了阿司匹林。"), kind="medication_status")
    assert (fact.entity, fact.status) == ("aspirin", "stopped")


def test_chinese_dose_increase() -> None:
    fact = one(("医生", "您的氨氯地平加量到10毫克。"), kind="medication_status")
    assert (fact.status, fact.value) == ("dose_changed", "10")


def test_chinese_plan() -> None:
    fact = one(("医生", "我们准备给您用二甲双胍。"), kind="medication_status")
    assert fact.status == "planned"


def test_clause_final_chinese_stop_verb_stops_the_drug() -> None:
    fact = one(("患者", "好，布洛芬我今天就停。"), kind="medication_status")
    assert fact.status == "stopped"


def test_chinese_stop_inside_a_longer_word_is_no_stop() -> None:
    fact = one(("患者", "我停经两年了，一直吃阿司匹林。"), kind="medication_status")
    assert fact.status == "active"
