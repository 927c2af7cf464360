"""Round 6 leftovers: dates said in answers, decisions to stop, screening questions,
uncertain answers. Each behaviour is checked in English and in Chinese."""

from __future__ import annotations

import pytest

from memory.extraction.rules.qa import answer_stance
from tests.extraction_rules._helpers import facts, one


def _stop_dated(*turns: tuple[str, str]) -> tuple[str | None, str | None, str]:
    fact = one(*turns, kind="medication_status", entity="ibuprofen")
    return fact.status, fact.date, fact.date_precision


# ---------------------------------------------------------------- 1. answer dates


def test_stop_stated_in_answer_takes_the_answers_date() -> None:
    found = _stop_dated(
        ("Doctor", "Are you still taking the ibuprofen?"),
        ("Patient", "No, I stopped it in March."),
    )
    assert found == ("stopped", "2024-03-01", "month")


def test_chinese_stop_stated_in_answer_takes_the_answers_date() -> None:
    found = _stop_dated(("医生", "布洛芬还在吃吗？"), ("患者", "没有，3月份就停了。"))
    assert found == ("stopped", "2024-03-01", "month")


def test_undated_answer_keeps_the_session_default_date() -> None:
    fact = one(
        ("Doctor", "Are you still taking the ibuprofen?"),
        ("Patient", "No, I stopped it."),
        kind="medication_status",
    )
    assert fact.date is None


# ---------------------------------------------------------------- 2. decided stops


def test_no_drug_then_is_a_stop_not_a_negated_active_record() -> None:
    found = facts(
        ("Doctor", "Your stomach pain could be from the ibuprofen."),
        ("Patient", "Okay, no ibuprofen then."),
        kind="medication_status",
    )
    last = [(f.status, f.assertion) for f in found if f.evidence_turn == 2]
    assert last == [("stopped", "present")]


def test_chinese_decision_not_to_take_drug_is_a_stop() -> None:
    fact = one(("患者", "那就不吃布洛芬了。"), kind="medication_status")
    assert (fact.status, fact.assertion) == ("stopped", "present")


def test_no_more_drug_is_a_stop() -> None:
    fact = one(("Doctor", "No more ibuprofen for you."), kind="medication_status")
    assert (fact.status, fact.assertion) == ("stopped", "present")


def test_chinese_do_not_take_again_is_a_stop() -> None:
    fact = one(("医生", "以后别再吃布洛芬。"), kind="medication_status")
    assert fact.status == "stopped"


def test_plain_denial_of_a_drug_stays_a_denial() -> None:
    fact = one(("Patient", "I don't take ibuprofen."), kind="medication_status")
    assert (fact.status, fact.assertion) == ("active", "negated")


# ---------------------------------------------------------------- 4. screening


# Each screening question beside the same question about the disease itself (the
# positive control: "yes" to it is a finding).
SCREENING_QUESTIONS = [
    ("Did you ever get a cancer screening?", "Did you ever have cancer?", "cancer"),
    (
        "Were you ever checked for colon cancer before?",
        "Were you ever treated for colon cancer before?",
        "colorectal cancer",
    ),
    (
        "Have you had screening for breast cancer in the past?",
        "Have you had breast cancer in the past?",
        "breast cancer",
    ),
]


@pytest.mark.parametrize(("question", "control", "disease"), SCREENING_QUESTIONS)
def test_yes_to_screening_question_gives_no_condition(
    question: str, control: str, disease: str
) -> None:
    found = facts(("Doctor", question), ("Patient", "Yes."), kind="condition")
    had = facts(("Doctor", control), ("Patient", "Yes."), kind="condition")
    assert (found, [f.entity for f in had]) == ([], [disease])


def test_yes_to_a_disease_question_gives_the_condition() -> None:
    # Positive control: the same exchange about the disease itself is a finding.
    found = facts(
        ("Doctor", "Have you ever had colon cancer?"),
        ("Patient", "Yes."),
        kind="condition",
    )
    assert [f.entity for f in found] == ["colorectal cancer"]


def test_chinese_screening_gives_no_condition() -> None:
    found = facts(("患者", "我去年做过肺癌筛查。"), kind="condition")
    had = facts(("患者", "我去年得过肺癌。"), kind="condition")
    assert (found, [f.entity for f in had]) == ([], ["lung cancer"])


def test_tested_positive_is_still_a_condition() -> None:
    fact = one(("Patient", "I tested positive for diabetes last year."), kind="condition")
    assert fact.entity == "diabetes"


def test_screening_question_after_family_question_is_about_the_patient() -> None:
    found = facts(
        ("Doctor", "Does this run in your family?"),
        ("Patient", "I don't think so."),
        ("Doctor", "Alright. Did you ever have a cancer screening? Any diabetes?"),
        ("Patient", "Yes, diabetes."),
    )
    assert found and all(f.subject == "patient" for f in found)


# ---------------------------------------------------------------- 5. uncertainty


def test_not_completely_sure_answer_settles_nothing() -> None:
    stance = answer_stance(
        "Does anyone in your family have diabetes?",
        "I'm not completely sure, but my wife may know.",
        False,
    )
    assert not stance.settles


def test_not_a_hundred_percent_sure_is_no_denial() -> None:
    stance = answer_stance("Any chest pain?", "I'm not a hundred percent sure.", False)
    assert not stance.denies


def test_chinese_uncertain_answer_settles_nothing() -> None:
    stance = answer_stance("您家里有人得糖尿病吗？", "我不太确定，得问我老伴。", True)
    assert not stance.settles


def test_uncertain_answer_to_still_taking_question_is_no_stop() -> None:
    found = facts(
        ("Doctor", "Are you still taking the metformin?"),
        ("Patient", "I'm not really too sure about that."),
        kind="medication_status",
    )
    sure = facts(
        ("Doctor", "Are you still taking the metformin?"),
        ("Patient", "Yes, I'm sure about that."),
        kind="medication_status",
    )
    assert (found, [(f.entity, f.status) for f in sure]) == ([], [("metformin", "active")])


def test_dont_know_why_does_not_hide_a_stop() -> None:
    stance = answer_stance(
        "Are you still taking the metformin?", "I don't know why, but I stopped it.", False
    )
    assert stance.stopped


def test_other_conditions_youre_aware_of_still_asks_about_the_family() -> None:
    found = facts(
        ("Doctor", "Does anyone in your family have heart disease?"),
        ("Patient", "My dad does."),
        ("Doctor", "Are there any other conditions you're aware of?"),
        ("Patient", "Oh yeah, high blood pressure."),
        kind="condition",
    )
    assert [f.subject for f in found if f.entity == "hypertension"] == ["family:relative"]
