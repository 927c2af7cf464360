"""Disease forms: the general name a specific form goes by, in both directions."""

from __future__ import annotations

from memory.lexicon import lookup
from memory.lexicon.disease_forms import broader, narrower, pairs


def test_type_2_diabetes_goes_by_diabetes() -> None:
    assert broader("type 2 diabetes") == "diabetes"


def test_diabetes_stands_for_either_type() -> None:
    assert {"type 1 diabetes", "type 2 diabetes"} <= set(narrower("diabetes"))


def test_one_form_is_never_the_general_name_of_another() -> None:
    assert broader("hypothyroidism") == broader("hyperthyroidism") == "thyroid disease"
    assert narrower("hypothyroidism") == narrower("type 1 diabetes") == ()


def test_every_form_is_a_lexicon_disease() -> None:
    names = {name for pair in pairs() for name in pair}
    assert names and all((e := lookup(n)) is not None and e.kind == "disease" for n in names)


def test_word_order_variants_name_type_2_diabetes() -> None:
    names = (
        "diabetes mellitus type 2",
        "diabetes type 2",
        "type II diabetes mellitus",
        "2型糖尿病",
    )
    assert {lookup(n).canonical for n in names} == {"type 2 diabetes"}
