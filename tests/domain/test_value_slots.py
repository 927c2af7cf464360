"""domain.slots and the repeated-mention rule's use of slots (pure, no DB)."""

from __future__ import annotations

from datetime import date

from memory.domain.chains import ChainMember, NewRecord, plan_chain_update
from memory.domain.dose_words import dose_word
from memory.domain.slots import as_number, blood_pressure, measured, slots_differ

DAY = date(2024, 3, 5)


def _tail(content: str, slots: dict) -> ChainMember:
    return ChainMember(
        fact_id=1,
        fact_type="medication_status",
        status="active",
        content=content,
        event_date=None,
        session_date=date(2024, 1, 10),
        position=0,
        slots=slots,
    )


def _new(content: str, slots: dict) -> NewRecord:
    return NewRecord("medication_status", "active", content, None, DAY, slots=slots)


def test_numbers_are_canonical() -> None:
    assert [as_number("136"), as_number("7.20"), as_number("1,200"), as_number("high")] == [
        136,
        7.2,
        1200,
        None,
    ]


def test_blood_pressure_shape() -> None:
    assert blood_pressure("136", "84") == {"systolic": 136, "diastolic": 84, "unit": "mmHg"}


def test_a_word_value_stays_a_word() -> None:
    assert measured("positive", None) == {"value": "positive"}


def test_same_dose_written_differently_does_not_differ() -> None:
    assert not slots_differ({"value": "20.0", "unit": "MG"}, {"value": 20, "unit": "mg"})


def test_a_new_dose_differs() -> None:
    assert slots_differ({"value": 40, "unit": "mg"}, {"value": 20, "unit": "mg"})


def test_a_mention_without_the_dose_does_not_differ() -> None:
    assert not slots_differ({}, {"value": 20, "unit": "mg"})


def test_a_new_frequency_differs() -> None:
    assert slots_differ({"value": 20, "frequency": "twice daily"}, {"value": 20})


def test_return_to_an_earlier_dose_is_appended_not_repeated() -> None:
    tail = _tail("valsartan 80 mg, previously 160 mg", {"value": 80})
    plan = plan_chain_update([tail], _new("back on valsartan 160 mg", {"value": 160}))
    assert plan.kind == "append"


def test_same_dose_is_a_repeated_mention() -> None:
    tail = _tail("valsartan 80 mg daily", {"value": 80})
    plan = plan_chain_update([tail], _new("still valsartan 80 mg", {"value": 80}))
    assert plan.kind == "repeat"


def test_records_without_slots_keep_the_numeral_rule() -> None:
    tail = ChainMember(1, "medication_status", "active", "valsartan 80 mg", None, DAY, 0)
    new = NewRecord("medication_status", "active", "valsartan 80 mg", None, DAY)
    assert plan_chain_update([tail], new).kind == "repeat"


def test_every_n_days_frequency_reads_in_chinese() -> None:
    assert dose_word("every 3 days", "zh") == "每3天"


def test_twice_weekly_frequency_reads_in_chinese() -> None:
    assert dose_word("twice weekly", "zh") == "每周两次"
