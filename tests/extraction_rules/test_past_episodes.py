"""A condition told as an episode long over is past history, not a current diagnosis;
a condition still going on, or one told beside an old operation, stays current."""

from __future__ import annotations

from ._helpers import facts, one


def test_appendicitis_removed_in_an_old_year_is_past_history_even_after_a_comma() -> None:
    fact = one(("患者", "做过，1995年做过阑尾切除术，是急性阑尾炎，术后恢复得挺好。"),
               kind="condition", entity="appendicitis")  # fmt: skip
    assert fact.assertion == "historical"


def test_a_past_episode_is_dated_by_the_year_it_was_told_with() -> None:
    fact = one(("患者", "1995年做过阑尾切除术，是急性阑尾炎。"), kind="condition",
               entity="appendicitis")  # fmt: skip
    assert (fact.date, fact.date_precision) == ("1995-01-01", "year")


def test_gallstones_removed_years_ago_are_past_history_in_chinese() -> None:
    fact = one(("患者", "我2012年因为胆结石做了胆囊切除手术。"), kind="condition")
    assert fact.assertion == "historical"


def test_pneumonia_back_in_an_old_year_is_past_history_across_commas() -> None:
    fact = one(("Patient", "Back in 2010, I had pneumonia, and it was pretty bad."),
               kind="condition", entity="pneumonia")  # fmt: skip
    assert fact.assertion == "historical"


def test_a_kidney_stone_ten_years_ago_that_passed_is_past_history() -> None:
    fact = one(("Patient", "Ten years ago I had a kidney stone, it passed on its own."),
               kind="condition")  # fmt: skip
    assert fact.assertion == "historical"


def test_an_illness_cured_years_ago_is_past_history_in_chinese() -> None:
    fact = one(("患者", "2015年得过一次肺炎，住院一周就好了。"), kind="condition")
    assert fact.assertion == "historical"


def test_diabetes_diagnosed_years_ago_stays_a_current_diagnosis() -> None:
    fact = one(("Patient", "I was diagnosed with diabetes in 2010."), kind="condition")
    assert fact.assertion == "present"


def test_hypertension_found_years_ago_and_still_treated_stays_current_in_chinese() -> None:
    fact = one(("患者", "2010年查出高血压，一直在吃药。"), kind="condition")
    assert fact.assertion == "present"


def test_a_lasting_condition_told_with_i_had_and_an_old_year_stays_current() -> None:
    fact = one(("Patient", "In 2012 I had high blood pressure, they put me on pills."),
               kind="condition")  # fmt: skip
    assert fact.assertion == "present"


def test_a_present_condition_beside_an_old_operation_stays_current() -> None:
    fact = one(("Patient", "In 2005 I had knee surgery, and I have asthma."),
               kind="condition", entity="asthma")  # fmt: skip
    assert fact.assertion == "present"


def test_a_present_condition_beside_an_old_operation_stays_current_in_chinese() -> None:
    fact = one(("患者", "2005年做过膝关节手术，我有哮喘。"), kind="condition", entity="asthma")
    assert fact.assertion == "present"


def test_a_condition_of_this_session_with_no_old_date_stays_current() -> None:
    fact = one(("Patient", "I had pneumonia last week and it is getting better."),
               kind="condition")  # fmt: skip
    assert fact.assertion == "present"


def test_a_questionnaire_score_is_no_diagnosis() -> None:
    found = facts(("Doctor", "Your PHQ-9 questionnaire score today is 14."))
    named = facts(("Doctor", "Your PHQ-9 questionnaire today shows depression."))
    conditions = ([f.entity for f in found if f.type == "condition"],
                  [f.entity for f in named if f.type == "condition"])  # fmt: skip
    assert conditions == ([], ["depression"])
