"""A drug given for an allergic condition, or one the clinician starts or keeps the
patient on, is a treatment, never an allergen."""

from __future__ import annotations

import pytest

from tests.extraction_rules._helpers import facts


def _present_allergens(*turns: tuple[str, str]) -> set[str | None]:
    return {f.entity for f in facts(*turns, kind="allergy") if f.assertion == "present"}


@pytest.mark.parametrize(
    ("said", "control", "drug"),
    [
        (
            "You should carry an EpiPen for anaphylaxis when you need it.",
            "You are allergic to an EpiPen, you had anaphylaxis when you needed it.",
            "epinephrine",
        ),
        (
            "You might be having a little bit of allergies, maybe we can try some Singulair.",
            "You are having a little bit of an allergy to the Singulair.",
            "montelukast",
        ),
        (
            "With the allergies, you can continue to use the albuterol inhaler.",
            "With the allergies, you are allergic to the albuterol inhaler.",
            "albuterol",
        ),
        (
            "For the allergies I will prescribe an EpiPen.",
            "For the allergies, you are allergic to an EpiPen.",
            "epinephrine",
        ),
    ],
)
def test_a_drug_started_or_given_for_an_allergy_is_no_allergen(
    said: str, control: str, drug: str
) -> None:
    given = drug in _present_allergens(("doctor", said))
    reacted = drug in _present_allergens(("doctor", control))
    assert (given, reacted) == (False, True)


def test_a_drug_started_in_the_past_before_a_reaction_is_still_the_allergen() -> None:
    said = "We started amoxicillin last year and she had an allergic reaction with hives."
    assert "amoxicillin" in _present_allergens(("doctor", said))


def test_allergic_to_a_drug_stays_an_allergy() -> None:
    assert "penicillin" in _present_allergens(("patient", "I'm allergic to penicillin."))


def test_the_recommended_drug_beside_an_avoided_allergen_is_no_allergen() -> None:
    said = (
        "What we would try is a triamcinolone injection, and I would avoid the "
        "dexamethasone, because you had a reaction to that."
    )
    assert _present_allergens(("doctor", said)) == {"dexamethasone"}
