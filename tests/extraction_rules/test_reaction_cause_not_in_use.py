"""A drug named as what caused a reaction ("itching with the methylprednisolone",
"a rash from the Bactrim", 吃阿莫西林起疹子) is the reaction's cause, not a medication
in use. Sentences written for these tests (no dataset record)."""

from __future__ import annotations

from ._helpers import run


def _active(*turns: tuple[str, str], entity: str) -> list[str]:
    return [
        f.content
        for f in run(*turns).facts
        if f.entity == entity and f.type == "medication_status" and f.status == "active"
    ]


def test_itching_with_a_drug_is_no_use_of_it() -> None:
    reaction = _active(
        (
            "Doctor",
            "okay, and it looks like you suffer from itching with the prednisone? "
            "uh, that's correct.",
        ),
        entity="prednisone",
    )
    # The control is a statement: the question form "you take the prednisone? uh,
    # that's correct." is not read as in use yet (the in-turn confirmation is ignored).
    taken = _active(
        (
            "Doctor",
            "okay, and it looks like you suffer from itching, so you take the prednisone. "
            "uh, that's correct.",
        ),
        entity="prednisone",
    )
    assert (reaction, len(taken)) == ([], 1)


def test_a_rash_from_a_drug_is_no_use_of_it() -> None:
    rash = _active(("Patient", "I got a terrible rash from the amoxicillin."), entity="amoxicillin")
    taken = _active(
        ("Patient", "I got a terrible rash so I take the amoxicillin."), entity="amoxicillin"
    )
    assert (rash, len(taken)) == ([], 1)


def test_a_reaction_to_a_drug_is_no_use_of_it() -> None:
    reaction = _active(
        ("Patient", "I had a bad reaction to the codeine, my heart was racing."), entity="codeine"
    )
    response = _active(
        ("Patient", "I had a good response to the codeine, my heart was racing."), entity="codeine"
    )
    assert (reaction, len(response)) == ([], 1)


def test_a_drug_taken_for_the_itching_is_still_in_use() -> None:
    found = _active(
        ("Patient", "I take cetirizine every day for the itching."), entity="cetirizine"
    )
    assert found != []


def test_a_yes_to_a_reaction_question_is_no_use_of_the_drug() -> None:
    yes = ("Patient", "Yes, that's correct.")
    hives = _active(("Doctor", "Do you get hives with the penicillin?"), yes, entity="penicillin")
    refills = _active(("Doctor", "Do you get refills of the penicillin?"), yes, entity="penicillin")
    assert (hives, len(refills)) == ([], 1)
