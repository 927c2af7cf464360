"""A dose unit as said is stored under its canonical label, whatever its spelling."""

from __future__ import annotations

from memory.extraction.rules.dose_words import unit_label


def test_the_micro_sign_spelling_is_micrograms() -> None:
    assert (unit_label("µg"), unit_label("ug"), unit_label("Micrograms")) == ("mcg", "mcg", "mcg")


def test_an_unknown_unit_is_kept_as_said() -> None:
    assert unit_label("furlongs") == "furlongs"
