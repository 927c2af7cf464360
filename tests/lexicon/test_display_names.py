"""A stored lower-case name is shown in its usual spelling: a lab or condition
abbreviation keeps its capitals ("eGFR", "COPD"), an ordinary name is unchanged."""

from __future__ import annotations

import pytest

from memory.answering.values import item_name
from memory.lexicon import display_name


@pytest.mark.parametrize(
    ("stored", "shown"),
    [("egfr", "eGFR"), ("hba1c", "HbA1c"), ("ldl cholesterol", "LDL cholesterol"),
     ("tsh", "TSH"), ("copd", "COPD"), ("gerd", "GERD")],
)  # fmt: skip
def test_an_abbreviated_name_keeps_its_capitals(stored: str, shown: str) -> None:
    assert display_name(stored) == shown


def test_an_ordinary_name_is_shown_as_stored() -> None:
    assert (display_name("metformin"), display_name("blood pressure")) == (
        "metformin",
        "blood pressure",
    )


def test_an_unknown_name_is_shown_as_stored() -> None:
    assert display_name("zzqx panel") == "zzqx panel"


def test_an_answer_names_egfr_in_its_usual_spelling_not_capitalized() -> None:
    assert (item_name("egfr", "en"), item_name("potassium", "en")) == ("eGFR", "Potassium")


def test_a_chinese_answer_names_egfr_in_chinese() -> None:
    assert item_name("egfr", "zh") == "估算肾小球滤过率"
