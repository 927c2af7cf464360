"""The judges of bench/binding_precision.py on tiny invented cases: a stored value is
right when the note gives its number to the item it is stored under."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from memory.domain.types import ExtractedFact, Turn

_BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(_BENCH))


def _load(name: str) -> object:
    spec = importlib.util.spec_from_file_location(name, _BENCH / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


_load("value_recall")
bench = _load("binding_precision")

TURNS = (Turn(1, "doctor", "You weigh 79 kg and you take metformin 500 mg twice a day."),)
NOTE = "Weight: 79 kg.\nMEDICATIONS\nMetformin 500 mg twice daily."


def _fact(type_: str, entity: str, value: float) -> ExtractedFact:
    return ExtractedFact(type_, "patient", entity, "said", slots={"value": value})


def _tally(*facts: ExtractedFact) -> object:
    tally = bench.Tally()
    bench._score_binding(facts, bench._bindings(NOTE, NOTE, TURNS), tally, TURNS)
    return tally


def test_a_weight_stored_as_a_dose_is_a_wrong_binding() -> None:
    assert _tally(_fact("medication_status", "metformin", 79)).dose_binding == [0, 1]


def test_a_dose_stored_under_its_drug_is_a_right_binding_control() -> None:
    assert _tally(_fact("medication_status", "metformin", 500)).dose_binding == [1, 1]


def test_a_weight_stored_under_weight_is_a_right_binding() -> None:
    assert _tally(_fact("vital", "weight", 79)).binding == [1, 1]


def test_a_number_the_note_gives_to_nothing_is_not_judged() -> None:
    assert _tally(_fact("vital", "heart rate", 64)).binding == [0, 0]


def test_condition_named_in_the_problem_list_is_right() -> None:
    tally = bench.Tally()
    facts = (ExtractedFact("condition", "patient", "asthma", "I have asthma"),)
    bench._score_conditions(facts, "ASSESSMENT\nAsthma, stable.", "", tally, TURNS)
    assert tally.conditions == [1, 1]


def test_condition_missing_from_the_problem_list_is_wrong_control() -> None:
    tally = bench.Tally()
    facts = (ExtractedFact("condition", "patient", "asthma", "I have asthma"),)
    bench._score_conditions(facts, "ASSESSMENT\nKnee sprain.", "", tally, TURNS)
    assert tally.conditions == [0, 1]
