"""An allergy test's result: what it found positive is an allergy, negative none.

A positive skin, patch or blood allergy test is the evidence an allergy is real,
more than the patient's story ("the skin test was positive for ragweed",
过敏原检测：尘螨阳性). The polarity words only count in a sentence that names an
allergy test: a drug screen "positive for opiates" names no allergy. In English the
polarity stands before its substances ("positive for ragweed and cats, negative
for dust mites"), in Chinese after them (尘螨、猫毛阳性，花粉阴性).
The words live in lexicon/data/cues/allergy.tsv; this module holds the grammar.
"""

from __future__ import annotations

import re
from functools import cache

from memory.extraction.rules.allergy_scope import cue

PRESENT, NEGATED = "present", "negated"
# Chinese polarity follows its substance within one clause, a few characters on
# ("尘螨过敏原阳性", "猫毛检测呈阳性").
_ZH_CLAUSE = re.compile(r"[，。；！？,.;!?：:]")


@cache
def _polarity(zh: bool) -> re.Pattern[str]:
    return re.compile(
        f"(?P<pos>{cue('test_positive', zh).pattern})|(?P<neg>{cue('test_negative', zh).pattern})",
        re.I,
    )


def names_test(text: str, zh: bool) -> bool:
    """The sentence names an allergy test and one of its results."""
    return bool(cue("allergy_test", zh).search(text) and _polarity(zh).search(text))


def told(text: str, zh: bool) -> bool:
    """The sentence tells an allergy test's result (过敏原检测显示…, 皮试阳性): a finding
    of this visit about the patient even when it names nobody."""
    result_word = cue("test_result", zh).search(text) or _polarity(zh).search(text)
    return bool(cue("allergy_test", zh).search(text) and result_word)


def result(text: str, start: int, end: int, zh: bool) -> str | None:
    """PRESENT or NEGATED when the test result of the sentence is said of this
    substance; None when the sentence names no allergy test or no result for it."""
    if not names_test(text, zh):
        return None
    if zh:
        clause = _ZH_CLAUSE.split(text[end:])[0]
        m = _polarity(zh).search(clause)
    else:
        found = list(_polarity(zh).finditer(text, 0, start))
        m = found[-1] if found else None
    if m is None:
        return None
    return NEGATED if m["neg"] else PRESENT
