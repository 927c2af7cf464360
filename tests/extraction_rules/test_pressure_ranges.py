"""A range of blood pressures ("138 to 146 over 86 to 92") names no single reading:
storing its inner pair (146/86) would be a number nobody measured. The same words
with one pair are a reading. Wording is invented."""

from __future__ import annotations

from tests.extraction_rules._helpers import facts


def _pressures(speaker: str, text: str) -> list[str]:
    return [
        f"{f.slots['systolic']}/{f.slots['diastolic']}"
        for f in facts((speaker, text), kind="vital")
        if f.entity == "blood pressure"
    ]


def test_a_range_of_home_pressures_is_no_single_reading_en() -> None:
    ranged = _pressures("Patient", "At home the cuff shows 138 to 146 over 86 to 92.")
    single = _pressures("Patient", "At home the cuff shows 146 over 86.")
    assert (ranged, single) == ([], ["146/86"])


def test_a_named_blood_pressure_range_is_no_single_reading_en() -> None:
    ranged = _pressures("Patient", "My blood pressure runs 128 - 134 over 82 - 88 lately.")
    single = _pressures("Patient", "My blood pressure runs 134 over 82 lately.")
    assert (ranged, single) == ([], ["134/82"])


def test_a_range_of_pressures_is_no_single_reading_zh() -> None:
    ranged = _pressures("Patient", "我在家量的血压一般是135到145/85到90。")
    single = _pressures("Patient", "我在家量的血压一般是145/85。")
    assert (ranged, single) == ([], ["145/85"])


def test_a_change_between_two_pairs_keeps_the_newer_reading_en() -> None:
    said = _pressures("Doctor", "Your pressure came down from 152/94 to 128/80.")
    assert said == ["128/80"]
