"""A clinician's optional or as-needed advice of a drug is a plan (a recommendation),
never an active medication; a drug the patient takes, or keeps, stays active."""

from __future__ import annotations

from ._helpers import one


def _status(*turns: tuple[str, str]) -> str | None:
    return one(*turns, kind="medication_status").status


def test_you_can_take_a_drug_if_needed_is_a_plan() -> None:
    assert _status(("Doctor", "You can take Tylenol if the pain comes back.")) == "planned"


def test_use_a_drug_up_to_a_ceiling_is_a_plan() -> None:
    text = "Use acetaminophen, up to 1 gram three times a day, and a gel on the knee."
    assert _status(("Doctor", text)) == "planned"


def test_a_drug_named_in_answer_to_what_can_i_take_is_a_plan() -> None:
    assert (
        _status(("Patient", "What can I take then?"), ("Doctor", "Acetaminophen for the aches."))
        == "planned"
    )


def test_chinese_keyi_chi_is_a_plan() -> None:
    assert _status(("医生", "您感冒了可以吃点对乙酰氨基酚。")) == "planned"


def test_chinese_when_it_hurts_is_a_plan() -> None:
    text = "痛的时候可以吃对乙酰氨基酚，每次500毫克，一天不超过三次。"
    assert _status(("医生", text)) == "planned"


def test_a_chinese_answer_to_what_can_i_take_is_a_plan() -> None:
    turns = (("患者", "我感冒了能吃什么药？"), ("医生", "您吃点对乙酰氨基酚就行。"))
    assert _status(*turns) == "planned"


def test_a_drug_the_patient_takes_when_needed_stays_active() -> None:
    assert _status(("Patient", "I take Tylenol when my knee hurts.")) == "active"


def test_a_drug_the_chinese_patient_takes_when_needed_stays_active() -> None:
    assert _status(("患者", "我膝盖痛的时候吃布洛芬。")) == "active"


def test_continue_a_drug_as_needed_stays_active() -> None:
    assert _status(("Doctor", "Continue the Tylenol as needed.")) == "active"


def test_a_scheduled_prescription_stays_active() -> None:
    assert _status(("Doctor", "Take metformin 500 mg twice a day with meals.")) == "active"


def test_a_chinese_start_said_with_keyi_stays_active() -> None:
    assert _status(("医生", "您可以开始吃二甲双胍，每次500毫克。")) == "active"


def test_a_regimen_with_as_needed_stays_active() -> None:
    text = "Bactroban ointment is also three times a day as needed for your bug bites."
    assert _status(("Doctor", text)) == "active"
