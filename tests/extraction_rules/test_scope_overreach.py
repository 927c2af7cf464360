"""Negation and hypothesis scopes end where the clause they govern ends.

Transcripts run clauses together without punctuation, and clinicians state plans
with a polite "would": neither may turn a drug the patient takes or a condition he
has into a denied or merely possible one (a list answer then leaves it out).
"""

from __future__ import annotations

from memory.extraction.rules.context import assertion_of

from ._helpers import one


def _assertion(text: str, word: str, zh: bool = False) -> str:
    start = text.rindex(word)
    return assertion_of(text, start, start + len(word), zh)


def test_would_like_to_increase_states_a_plan_not_a_hypothesis() -> None:
    text = "so for your sugars i would like to increase the glipizide to ten milligrams"
    assert _assertion(text, "glipizide") == "present"


def test_what_i_would_have_you_do_states_a_plan() -> None:
    assert (
        _assertion("what i would have you do is keep taking the losartan", "losartan") == "present"
    )


def test_a_diagnosis_that_would_be_is_stated() -> None:
    assert _assertion("my impression would be plantar fasciitis", "plantar fasciitis") == "present"


def test_a_plan_ends_an_earlier_would() -> None:
    text = "nothing that i would be worried about i would like you to stay on the naproxen"
    assert _assertion(text, "naproxen") == "present"


def test_i_would_avoid_is_advice_not_a_hypothesis() -> None:
    assert _assertion("i would avoid the ibuprofen with your kidneys", "ibuprofen") == "present"


def test_would_of_consequence_stays_hypothetical() -> None:
    assert _assertion("if it keeps bleeding you would need a transfusion", "transfusion") == (
        "hypothetical"
    )


def test_would_not_still_negates() -> None:
    assert _assertion("we would not give him warfarin", "warfarin") == "negated"


def test_would_like_you_to_continue_keeps_the_drug_in_use() -> None:
    fact = one(
        ("Doctor", "I would like you to continue the atorvastatin 40 mg at night."),
        kind="medication_status",
    )
    assert fact.assertion == "present"


def test_acknowledgement_ends_a_negation_in_a_run_on_turn() -> None:
    text = "no fever at all okay now your asthma is it doing well"
    assert _assertion(text, "asthma") == "present"


def test_not_okay_with_is_a_refusal_not_a_clause_break() -> None:
    assert _assertion("i am not okay with taking prednisone", "prednisone") == "negated"


def test_interjection_no_before_a_clause_negates_nothing() -> None:
    text = "no actually they switched me to lisinopril last month"
    assert _assertion(text, "lisinopril") == "present"


def test_no_before_a_noun_still_negates() -> None:
    assert _assertion("and no chest pain with exertion", "chest pain") == "negated"


def test_no_then_a_negated_clause_still_negates() -> None:
    assert _assertion("no i never took metformin", "metformin") == "negated"


def test_and_it_starts_a_clause_outside_the_without() -> None:
    text = "the pain is bad without naproxen and it gets better with naproxen"
    assert _assertion(text, "naproxen") == "present"


def test_prior_dates_only_its_own_noun_phrase() -> None:
    text = "history of a prior knee replacement in 2015 and also hypertension and gout"
    assert _assertion(text, "gout") == "present"


def test_prior_still_dates_the_item_it_modifies() -> None:
    assert _assertion("she has a prior myocardial infarction", "myocardial infarction") == (
        "historical"
    )


def test_chinese_no_answer_then_a_clause_keeps_the_drug() -> None:
    assert _assertion("没有，其实我一直在吃阿司匹林", "阿司匹林", zh=True) == "present"


def test_chinese_advice_without_a_condition_word_is_a_plan() -> None:
    fact = one(("医生", "我建议你继续吃二甲双胍，每天两次。"), kind="medication_status")
    assert fact.assertion == "present"
