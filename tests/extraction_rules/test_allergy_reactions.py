"""What an allergy did (rash, hives, swelling) is the allergy's reaction, never a
current condition or symptom of the patient; an allergy told as past history is
an allergy the patient has now."""

from __future__ import annotations

from ._helpers import facts, one

AMOXICILLIN = (
    "Patient",
    "When I was about twenty-five I got amoxicillin for a throat infection and broke out "
    "in a red itchy rash all over my body, hives.",
)
# The same sentence without the drug ("got amoxicillin for"): the rash is the patient's.
NO_DRUG = (
    "Patient",
    "When I was about twenty-five I got a throat infection and broke out "
    "in a red itchy rash all over my body, hives.",
)
ZH_REACTION = ("患者", "前年吃了阿莫西林以后全身起了红疹，特别痒。")


def test_a_drug_reaction_rash_is_no_condition() -> None:
    """Without the drug ("got amoxicillin for"), the same rash is a condition."""
    reaction = [(f.entity, f.assertion) for f in facts(AMOXICILLIN) if f.type == "condition"
                and "rash" in f.content and f.entity in ("exanthema", "rash")]  # fmt: skip
    found = facts(NO_DRUG)
    rash = [(f.entity, f.assertion) for f in found if f.type == "condition"
            and "rash" in f.content and f.entity in ("exanthema", "rash")]  # fmt: skip
    assert (reaction, rash) == ([], [("exanthema", "historical")])


def test_a_drug_reaction_rash_is_no_symptom() -> None:
    reaction = [f.entity for f in facts(AMOXICILLIN) if f.type == "symptom"]
    hives = [(f.entity, f.assertion) for f in facts(NO_DRUG) if f.type == "symptom"]
    assert (reaction, hives) == ([], [("urticaria", "historical")])


def test_the_reaction_is_stored_on_the_allergy() -> None:
    allergy = one(AMOXICILLIN, kind="allergy", entity="amoxicillin")
    assert "exanthema" in str(allergy.slots.get("reaction"))


def test_an_allergy_told_as_past_history_is_present() -> None:
    assert one(AMOXICILLIN, kind="allergy", entity="amoxicillin").assertion == "present"


def test_a_chinese_drug_reaction_rash_is_no_symptom() -> None:
    """With 感冒 in place of 吃了阿莫西林, the itch is the patient's symptom."""
    reaction = [f for f in facts(ZH_REACTION) if f.type in ("symptom", "condition")]
    after_a_cold = facts(("患者", "前年感冒以后全身起了红疹，特别痒。"), kind="symptom")
    assert (reaction, [(f.entity, f.assertion) for f in after_a_cold]) == (
        [],
        [("红疹", "present"), ("痒", "present")],
    )


def test_a_rash_under_an_allergy_question_is_the_reaction_not_a_condition() -> None:
    """The same turns under a skin question keep the rash as a condition."""

    def findings(question: str) -> list[tuple[str, str | None]]:
        found = facts(
            ("Doctor", question),
            ("Patient", "Sulfa drugs."),
            ("Doctor", "What happened when you took them?"),
            ("Patient", "Just a rash, it lasted a week."),
        )
        return [(f.type, f.entity) for f in found if f.type in ("condition", "symptom")]

    allergy = findings("Do you have any allergies to medicines?")
    skin = findings("Do you have any problems with your skin?")
    assert (allergy, skin) == ([], [("condition", "exanthema")])


def test_a_rash_told_without_any_drug_or_allergy_stays_a_finding() -> None:
    found = facts(("Patient", "I have had a rash on my arm for three days."))
    assert [f for f in found if f.type in ("condition", "symptom")]


def test_a_chinese_rash_without_any_drug_stays_a_finding() -> None:
    assert one(("患者", "这几天胳膊上起了皮疹。"), kind="symptom").entity == "皮疹"
