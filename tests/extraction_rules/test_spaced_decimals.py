"""A decimal point spaced out by an ASR transcript ("seven . three") is the number's
point, not a sentence end: the value is 7.3, not 7 (issue 30, item 1). Chinese says
the point as a word (七点三), which reads the same value."""

from __future__ import annotations

import pytest

from memory.extraction.rules.text import split_sentences

from ._helpers import facts


def _values(speaker: str, text: str, kind: str) -> dict[str, str | None]:
    return {f.entity or "": f.value for f in facts((speaker, text), kind=kind)}


@pytest.mark.parametrize(
    ("speaker", "text"),
    [
        ("Doctor", "your a1c came back at six . eight this time"),
        ("医生", "您这次的糖化血红蛋白是六点八。"),
    ],
)
def test_a_spaced_decimal_point_gives_the_lab_its_decimal(speaker: str, text: str) -> None:
    assert _values(speaker, text, "lab_result")["hba1c"] == "6.8"


@pytest.mark.parametrize(
    ("speaker", "text"),
    [
        ("Doctor", "and you're taking two . five of norvasc every morning"),
        ("医生", "您每天早上吃氨氯地平二点五毫克。"),
    ],
)
def test_a_spaced_decimal_point_gives_the_dose_its_decimal(speaker: str, text: str) -> None:
    assert _values(speaker, text, "medication_status")["amlodipine"] == "2.5"


def test_digits_after_a_spoken_point_keep_their_leading_zero() -> None:
    text = "your tsh came back at zero point zero five"
    assert _values("Doctor", text, "lab_result")["tsh"] == "0.05"


def test_a_spaced_period_before_a_word_still_ends_the_sentence() -> None:
    said = split_sentences(1, "doctor", "your a1c came back at six . how do you feel about that ?")
    assert [s.text for s in said] == ["your a1c came back at six .", "how do you feel about that ?"]


def test_a_spaced_period_between_a_number_and_a_digit_ends_no_sentence() -> None:
    said = split_sentences(1, "doctor", "your a1c came back at six . eight this time")
    assert [s.text for s in said] == ["your a1c came back at six . eight this time"]


@pytest.mark.parametrize("spelling", ["depo-medrol", "depomedrol"])
def test_a_brand_written_without_its_hyphen_is_the_same_drug(spelling: str) -> None:
    text = f"It looks like he gave you eighty milligrams of {spelling} last spring."
    assert _values("Doctor", text, "medication_status") == {"methylprednisolone": "80"}
