"""A value named by what it is ("your reading is 112") a few turns after the test was
named belongs to that test. Rows written from how a measurement is read out."""

from __future__ import annotations

from tests.extraction_rules._helpers import facts


def _values(*turns: tuple[str, str]) -> set[tuple[str, str]]:
    return {(f.entity, f.value or "") for f in facts(*turns) if f.type in ("vital", "lab_result")}


def test_your_reading_after_the_sugar_test_is_the_glucose() -> None:
    turns = (("doctor", "I'm going to check your fasting sugar with the meter now."),
             ("patient", "Sure, go ahead."),
             ("doctor", "Okay, your reading is one hundred and twelve."))  # fmt: skip
    assert _values(*turns) == {("blood glucose", "112")}


def test_the_numbers_after_taking_the_pressure_are_the_blood_pressure() -> None:
    turns = (("doctor", "Let me take your blood pressure."), ("patient", "Okay."),
             ("doctor", "The numbers look good, one twenty over seventy eight."))  # fmt: skip
    assert _values(*turns) == {("blood pressure", "120/78")}


def test_the_result_came_back_is_the_named_lab() -> None:
    turns = (("doctor", "We checked your potassium this morning."), ("patient", "And?"),
             ("doctor", "The result came back at 3.2, a bit low."))  # fmt: skip
    assert _values(*turns) == {("potassium", "3.2")}


def test_a_chinese_reading_noun_gives_the_named_test() -> None:
    turns = (("doctor", "我给你测一下血糖。"), ("patient", "好的。"), ("doctor", "读数是6.8。"))
    assert _values(*turns) == {("blood glucose", "6.8")}


def test_a_number_without_a_reading_noun_is_not_the_named_test() -> None:
    turns = (("doctor", "We checked your potassium this morning."),
             ("patient", "I have had 3 kids."), ("doctor", "Good."))  # fmt: skip
    read = (turns[0], ("patient", "The reading was 3."), turns[2])
    assert (_values(*turns), _values(*read)) == (set(), {("potassium", "3")})


def test_a_reading_noun_long_after_the_test_is_not_its_value() -> None:
    turns = (("doctor", "We checked your potassium this morning."), ("patient", "Okay."),
             ("doctor", "How is your knee?"), ("patient", "Better."), ("doctor", "And the back?"),
             ("patient", "Same."), ("doctor", "Your level of pain, out of 10?"),
             ("patient", "The number is 4."))  # fmt: skip
    close = (turns[0], ("patient", "Okay."), ("doctor", "Your level of potassium?"), turns[-1])
    assert (("potassium", "4") in _values(*turns), ("potassium", "4") in _values(*close)) == (
        False,
        True,
    )
