"""A patient's statement followed by his own question, in one sentence ("I'm scheduled
for a knee replacement next month, how long is recovery?"), still states: only the
last clause asks. A clinician's "I see you have asthma, is that right?" is left to the
answer. And "I had my gallbladder out" names the operation by what was removed.
Invented wording."""

from __future__ import annotations

from ._helpers import facts


def _operations(speaker: str, text: str) -> list[tuple[str, str | None]]:
    found = facts((speaker, text))
    return [(f.entity, f.status) for f in found if f.safety_kind == "surgical_history"]


def test_planned_operation_before_the_patients_question_is_planned() -> None:
    said = "I am scheduled for a knee replacement next month, how long is recovery?"
    assert _operations("Patient", said) == [("knee replacement", "planned")]


def test_dose_before_the_patients_question_is_his_dose() -> None:
    said = "I take metformin 500 mg twice a day, is that okay?"
    (med,) = facts(("Patient", said), kind="medication_status")
    assert (med.entity, med.slots.get("value")) == ("metformin", 500)


def test_patients_whole_question_states_nothing() -> None:
    asked = _operations("Patient", "Do I need a knee replacement, how long is recovery?")
    said = _operations("Patient", "I need a knee replacement, how long is recovery?")
    assert (asked, said) == ([], [("knee replacement", "planned")])


def test_clinicians_chart_reading_with_a_tag_is_left_to_the_answer() -> None:
    denied = facts(("Doctor", "I see you have asthma, is that right?"), ("Patient", "No."))
    confirmed = facts(("Doctor", "I see you have asthma, is that right?"), ("Patient", "Yes."))
    assert [(f.entity, f.assertion) for f in denied if f.type == "condition"] == [
        ("asthma", "negated")
    ]
    assert [(f.entity, f.assertion) for f in confirmed if f.type == "condition"] == [
        ("asthma", "present")
    ]


def test_organ_out_names_the_removal() -> None:
    said = "I had my gallbladder out in 2015."
    assert _operations("Patient", said) == [("cholecystectomy", None)]


def test_stone_passed_out_is_no_operation() -> None:
    passed = _operations("Patient", "I passed the kidney stone out last week.")
    had = _operations("Patient", "I had the kidney stone out last week.")
    assert (passed, len(had)) == ([], 1)


def test_operation_with_a_coming_time_after_it_is_planned() -> None:
    said = "I am having a knee replacement next month."
    assert _operations("Patient", said) == [("knee replacement", "planned")]


def test_done_operation_never_takes_a_coming_date() -> None:
    said = "I had a knee replacement and next month I start physical therapy."
    (op,) = [f for f in facts(("Patient", said)) if f.safety_kind == "surgical_history"]
    assert (op.status, op.date) == (None, None)


def test_done_operation_keeps_its_past_date() -> None:
    (op,) = [f for f in facts(("Patient", "I had a knee replacement in 2019.")) if f.safety_kind]
    assert (op.status, op.date) == (None, "2019-01-01")
