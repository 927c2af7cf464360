"""The condition judge of bench/condition_judge.py on tiny invented notes: the
findings definition reads stated positives and the lexicon's is-a relation of
disease forms, never a denied finding nor a sibling form."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_BENCH = Path(__file__).resolve().parents[2] / "bench"


def _load(name: str) -> object:
    spec = importlib.util.spec_from_file_location(name, _BENCH / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


judge = _load("condition_judge")


def _named(condition: str, text: str) -> bool:
    return condition in text.casefold()


def test_a_review_of_systems_positive_judges_the_condition_right() -> None:
    ros = "Skin: Reports eczema on both hands."
    assert judge.judged_right("eczema", "Plan: follow up.", ros, _named)


def test_a_review_of_systems_denial_judges_nothing() -> None:
    denied, stated = "Skin: Denies eczema.", "Skin: Reports eczema."
    found = [judge.judged_right("eczema", "Plan: follow up.", s, _named) for s in (denied, stated)]
    assert found == [False, True]


def test_a_general_name_in_the_list_judges_its_specific_form_right() -> None:
    assert judge.related("type 2 diabetes", frozenset({"diabetes"}))


def test_a_specific_form_in_the_list_judges_the_general_name_right() -> None:
    assert judge.related("diabetes", frozenset({"type 2 diabetes"}))


def test_a_sibling_form_is_no_match() -> None:
    assert (
        judge.related("type 1 diabetes", frozenset({"type 2 diabetes"})),
        judge.related("type 1 diabetes", frozenset({"type 1 diabetes"})),
    ) == (False, True)


def test_a_synonym_in_the_list_names_the_same_condition() -> None:
    note = "Assessment: high blood pressure, stable."
    assert judge.judged_right("hypertension", note, "", _named)
