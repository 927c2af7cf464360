"""Letter-spelled abbreviations ("C O P D", "H C T Z") name the item their letters spell."""

from __future__ import annotations

from memory.extraction.rules.entities import find_entities

from ._helpers import facts


def test_spelled_condition_is_a_condition() -> None:
    found = facts(("Patient", "I have C O P D and use an inhaler."))
    assert ("condition", "copd") in [(f.type, f.entity) for f in found]


def test_spelled_drug_is_a_medication() -> None:
    found = facts(("Patient", "I take H C T Z every morning."))
    assert ("medication_status", "hydrochlorothiazide") in [(f.type, f.entity) for f in found]


def test_spelled_test_is_a_test() -> None:
    assert [(h.canonical, h.kind) for h in find_entities("They did an M R I.", zh=False)] == [
        ("mri", "test")
    ]


def test_letters_the_lexicon_does_not_know_name_nothing() -> None:
    unknown = find_entities("I went to the E R and got an I V.", zh=False)
    known = find_entities("I went to the E R and got an M R I.", zh=False)
    assert (unknown, [(h.canonical, h.kind) for h in known]) == ([], [("mri", "test")])
