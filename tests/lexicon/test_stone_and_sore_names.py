"""Clinical synonyms a note writes for what a patient calls otherwise: a stone in
the ureter is a kidney stone (as 输尿管结石 already is), a decubitus a pressure ulcer."""

from __future__ import annotations

import pytest

from memory.lexicon import lookup


@pytest.mark.parametrize(
    ("name", "canonical"),
    [
        ("ureteral stone", "kidney stones"),
        ("输尿管结石", "kidney stones"),
        ("decubitus ulcer", "pressure ulcer"),
        ("褥疮", "pressure ulcer"),
    ],
)
def test_a_clinical_synonym_names_the_same_condition(name: str, canonical: str) -> None:
    entry = lookup(name)
    assert entry is not None and entry.canonical == canonical
