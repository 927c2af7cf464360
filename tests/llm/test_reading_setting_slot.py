"""A vital's `setting` slot (office | home) is validated like every slot."""

from __future__ import annotations

import pytest

from memory.extraction.slots import SlotError, parse_slots

BP = {"systolic": 150, "diastolic": 95}


def test_a_vital_keeps_where_it_was_taken() -> None:
    slots = parse_slots({**BP, "setting": "Home"}, "facts[0].slots", "vital", "150/95", "mmHg")
    assert slots["setting"] == "home"


def test_an_unknown_setting_is_rejected_with_its_path() -> None:
    with pytest.raises(
        SlotError, match=r"facts\[0\]\.slots\.setting: expected one of office, home"
    ):
        parse_slots({**BP, "setting": "car"}, "facts[0].slots", "vital", "150/95", "mmHg")


def test_a_dose_has_no_setting() -> None:
    with pytest.raises(SlotError, match="unknown slot"):
        parse_slots(
            {"value": 5, "setting": "home"}, "facts[0].slots", "medication_status", "5", "mg"
        )
