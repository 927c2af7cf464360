"""Safety facts said around the edges of an answer: a surgery list that goes on
after the doctor's "Okay.", a drug tolerated without reaction (a negative
allergy finding), a negation that ends where a new clause starts. Shaped after
MTS-Dialog dev rows (train t849, t400)."""

from __future__ import annotations

from ._helpers import facts, one


def test_surgery_list_goes_on_after_an_okay() -> None:
    found = facts(
        ("Doctor", "What other surgeries have you had?"),
        ("Patient", "I had a breast augmentation."),
        ("Doctor", "Okay."),
        ("Patient", "And knee surgery too, on the left side."),
        kind="surgical_history",
    )
    assert "knee surgery" in {f.entity for f in found if f.assertion == "present"}


def test_okay_after_an_unrelated_statement_opens_no_surgery_question() -> None:
    """The same "Okay." after a surgery question lets the next turn answer it."""

    def after(first: tuple[str, str]) -> list[tuple[str | None, str]]:
        found = facts(
            first,
            ("Doctor", "Okay."),
            ("Patient", "And knee surgery scares me."),
            kind="surgical_history",
        )
        return [(f.entity, f.assertion) for f in found]

    unrelated = after(("Patient", "My knee hurts."))
    asked = after(("Doctor", "What surgeries have you had?"))
    assert (unrelated, asked) == ([], [("knee surgery", "present")])


def test_tolerated_drug_is_a_negated_allergy() -> None:
    text = "I see here that you've previously tolerated Cephalosporins without any problems."
    fact = one(("Doctor", text), kind="allergy")
    assert (fact.entity, fact.assertion) == ("cephalosporins", "negated")


def test_chinese_tolerated_drug_is_a_negated_allergy() -> None:
    fact = one(("医生", "您以前能耐受头孢菌素，这次也可以用。"), kind="allergy")
    assert (fact.entity, fact.assertion) == ("cephalosporins", "negated")


def test_not_tolerated_drug_is_no_negated_allergy() -> None:
    not_tolerated = facts(("Patient", "I couldn't tolerate the metformin."), kind="allergy")
    tolerated = facts(("Patient", "I tolerated the metformin."), kind="allergy")
    negated = [
        [f.entity for f in found if f.assertion == "negated"]
        for found in (not_tolerated, tolerated)
    ]
    assert negated == [[], ["metformin"]]


def test_negation_ends_at_a_new_clause_with_its_own_subject() -> None:
    text = "I do not have a gall bladder, then I had a breast augmentation."
    fact = one(("Patient", text), kind="surgical_history", entity="breast augmentation")
    assert fact.assertion == "present"
