"""Value slots end to end: extraction -> writes -> stored chain records."""

from __future__ import annotations

import pytest

from memory.models import Fact, FactEdge

from .conftest import construct, fact, reply

pytestmark = pytest.mark.django_db


def test_dose_change_keeps_the_old_dose_on_the_superseded_record(add_session):
    construct(add_session("2024-01-10", "Patient: I take lisinopril 10 mg once a day."))
    construct(add_session("2024-03-05", "Doctor: We will increase your lisinopril to 20 mg."))
    old, new = Fact.objects.filter(entity__name="lisinopril").order_by("chain_position")
    assert (
        old.slots["value"],
        new.slots["value"],
        new.status,
        FactEdge.objects.filter(src=new, dst=old, kind="supersedes").exists(),
    ) == (10, 20, "dose_changed", True)


def test_visit_blood_pressure_is_stored_with_systolic_and_diastolic(add_session):
    text = "Doctor: Your blood pressure today is one thirty-six over eighty-four."
    construct(add_session("2024-01-10", text))
    bp = Fact.objects.get(fact_type="vital")
    assert (bp.entity.name, bp.slots, bp.effective_date.isoformat()) == (
        "blood pressure",
        {"systolic": 136, "diastolic": 84, "unit": "mmHg", "setting": "office"},
        "2024-01-10",
    )


def _valsartan(content: str, slots: dict) -> dict:
    return fact(entity="valsartan", content=content, status="active", slots=slots)


def test_a_return_to_an_earlier_dose_is_a_new_record_not_a_repeat(llm, add_session):
    # The tail's content names both doses, so the paper's numeral test alone
    # would fold "valsartan 160 mg" into it; the slots say the dose changed.
    llm.reply(reply(_valsartan("Valsartan 80 mg daily, previously 160 mg", {"value": 80})))
    llm.reply(reply(_valsartan("Back on valsartan 160 mg daily", {"value": 160})))
    construct(add_session("2024-01-10"))
    construct(add_session("2024-03-05"))
    doses = list(Fact.objects.order_by("chain_position").values_list("slots", flat=True))
    assert doses == [{"value": 80}, {"value": 160}]


def test_same_dose_again_is_folded_as_a_repeated_mention(llm, add_session):
    llm.reply(reply(_valsartan("Valsartan 80 mg daily", {"value": 80, "unit": "mg"})))
    llm.reply(reply(_valsartan("Still on valsartan 80 mg", {"value": 80, "unit": "mg"})))
    construct(add_session("2024-01-10"))
    construct(add_session("2024-03-05"))
    assert Fact.objects.get().mention_count == 2
