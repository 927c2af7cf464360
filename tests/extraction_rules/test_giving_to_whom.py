"""Whom a drug was given to: the listener ("we gave you"), a named relative ("I gave my
son"), never the giver. Rows written from how caregivers and clinicians talk."""

from __future__ import annotations

from tests.extraction_rules._helpers import facts, run


def _subjects(*turns: tuple[str, str], kind: str = "medication_status") -> set[str]:
    return {f.subject for f in facts(*turns, kind=kind)}


def test_a_drug_given_to_a_named_son_is_the_sons() -> None:
    assert _subjects(("patient", "I gave my son ibuprofen."), ("doctor", "Okay.")) == {"family:son"}


def test_a_drug_given_to_a_named_daughter_is_not_the_speakers() -> None:
    turns = (("patient", "I gave my daughter Tylenol and it helped."), ("doctor", "How much?"))
    myself = (("patient", "I gave myself Tylenol and it helped."), ("doctor", "How much?"))
    assert (_subjects(*turns), _subjects(*myself)) == ({"family:daughter"}, {"patient"})


def test_my_baby_aspirin_stays_a_product_of_the_speaker() -> None:
    assert _subjects(("patient", "I take my baby aspirin every day."), ("doctor", "Good.")) == {
        "patient"
    }


def test_what_the_doctor_gave_you_is_the_patients() -> None:
    turns = (("doctor", "We gave you morphine 4 mg in the ER."), ("patient", "Okay."))
    assert _subjects(*turns) == {"patient"}


def test_a_chinese_doctor_measuring_for_you_speaks_of_the_patient() -> None:
    turns = (("doctor", "我给你量一下血压。"), ("patient", "好的。"), ("doctor", "血压130/80。"))
    assert run(*turns).session_subject == "patient"


def test_the_reading_of_a_chinese_doctor_measuring_for_you_is_the_patients() -> None:
    turns = (("doctor", "我给您量一下血压。"), ("patient", "好的。"), ("doctor", "血压130/80。"))
    assert _subjects(*turns, kind="vital") == {"patient"}
