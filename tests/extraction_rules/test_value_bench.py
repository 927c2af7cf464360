"""The gold readers and matchers of bench/value_recall.py on tiny cases."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from memory.domain.types import ExtractedFact, Turn

_BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(_BENCH))  # value_recall imports extraction_dev's metrics
_SPEC = importlib.util.spec_from_file_location("value_recall", _BENCH / "value_recall.py")
assert _SPEC and _SPEC.loader
bench = importlib.util.module_from_spec(_SPEC)
sys.modules["value_recall"] = bench  # dataclasses look their module up there
_SPEC.loader.exec_module(bench)


def test_note_vitals_are_read_with_blood_pressure_as_two_numbers() -> None:
    note = "Blood pressure: 128/72 mmHg\nHeart rate: 72 bpm\nOxygen saturation: 96%"
    assert bench.note_values(note) == {
        ("blood pressure", (128.0, 72.0)),
        ("heart rate", (72.0,)),
        ("spo2", (96.0,)),
    }


def test_a_number_inside_a_name_or_a_date_is_no_note_value() -> None:
    note = "Diabetes panel: Glucose and hemoglobin A1c elevated. Labs from 04/10/2021."
    valued = "Diabetes panel: Glucose 182 and hemoglobin A1c 7.9 elevated. Labs from 04/10/2021."
    assert (bench.note_values(note), bench.note_values(valued)) == (
        set(),
        {("blood glucose", (182.0,)), ("hba1c", (7.9,))},
    )


def test_note_doses_pair_each_drug_with_its_own_dose() -> None:
    note = "Lisinopril 20 mg daily and metformin 500 mg twice a day."
    assert bench.note_doses(note) == {("lisinopril", 20.0), ("metformin", 500.0)}


def test_spoken_numbers_count_as_said_in_the_dialogue() -> None:
    turns = (Turn(1, "doctor", "your pressure is one thirty-six over eighty-four"),)
    assert {136.0, 84.0} <= bench.dialogue_numbers(turns)


def test_found_values_read_the_slots_not_the_text() -> None:
    bp = ExtractedFact(
        type="vital",
        subject="patient",
        entity="blood pressure",
        content="BP 136/84",
        value="136/84",
        slots={"systolic": 136, "diastolic": 84},
    )
    bare = ExtractedFact(type="vital", subject="patient", entity="heart rate", content="HR 72")
    assert bench.found_values([bp, bare]) == {("blood pressure", (136.0, 84.0))}
