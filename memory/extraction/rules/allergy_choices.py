"""Substances beside an allergy word that the clinician chooses, advises to avoid,
or that the patient takes without trouble (English clause grammar).

* The drug a clinician chooses in a clause of its own ("since you're allergic to
  penicillin, we'll use clindamycin") is the safe choice, never an allergen.
* Advice to avoid governs its whole list ("avoid dust, mold, and pet dander"):
  each item is counselling, not a reaction of the patient.
* A substance the patient can take ("I'm allergic to penicillin but I can take
  cephalexin") is a negative finding.

None of them applies to a substance the allergy is said of ("allergic to X").
The words live in lexicon/data/cues/allergy.tsv; this module holds the grammar.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from memory.extraction.rules.allergy_scope import cue, linked

_CLAUSE_BREAK = {False: re.compile(r"[.!?;,]"), True: re.compile(r"[。！？；，,.!?;]")}
# The gap between two items of one list: "dust, mold, and pet dander", 花粉、尘螨.
_LIST_GAP = re.compile(
    r"^[\s,，、/]*(?:\b(?:or|and|plus|as well as)\b|或|和|及|或者)?[\s,，、]*$", re.I
)


def _clause_before(text: str, start: int, zh: bool) -> str:
    """The clause before a substance, from its last break or contrast word on."""
    before = _CLAUSE_BREAK[zh].split(text[:start])[-1]
    cut = list(cue("contrast", zh).finditer(before))
    return before[cut[-1].end() :] if cut else before


def prescribed(text: str, start: int, end: int) -> bool:
    """English: the clinician chooses the drug in its own clause."""
    chosen = cue("prescribed", False).search(_clause_before(text, start, False))
    return bool(chosen) and not linked(text, start, end, False)


def avoided(text: str, found: Sequence[tuple[int, int, str]], zh: bool) -> list[bool]:
    """Per substance: advised against, itself or as a later item of the list an
    avoidance word opens ("avoid dust, mold, and pet dander")."""
    out: list[bool] = []
    for i, (start, end, _) in enumerate(found):
        if linked(text, start, end, zh):
            out.append(False)
            continue
        own = bool(cue("avoidance", zh).search(_clause_before(text, start, zh)))
        prev_end = found[i - 1][1] if i else None
        listed = bool(out) and out[-1] and bool(_LIST_GAP.match(text[prev_end:start]))
        out.append(own or listed)
    return out


def denied_after(text: str, end: int, zh: bool) -> bool:
    """The allergy word after the substance is denied (我对青霉素不过敏): the negation
    sits after the name, where a scope looking backwards from it never sees it."""
    return bool(_denial(zh).match(text, end, end + 24))


# Between the substance and its denial: a comma, a subject ("青霉素我不过敏", "penicillin,
# I'm not allergic").
_DENIAL_GAP = {
    True: r"\s*(?:我|他|她|您|你|孩子)?",
    False: r"[\s,]*(?:(?:i'm|i am|he's|she's|he is|she is)\s+)?",
}


@cache
def _denial(zh: bool) -> re.Pattern[str]:
    return re.compile(rf"{_DENIAL_GAP[zh]}(?:{cue('denied_after', zh).pattern})", re.I)


def taken_fine(text: str, start: int, end: int, zh: bool) -> bool:
    """The patient can take the substance, said after a contrast ("allergic to
    penicillin, but I can take cephalexin"); without one "I have taken amoxicillin
    and broke out" tells a reaction."""
    clause = _CLAUSE_BREAK[zh].split(text[:start])[-1]
    turned = list(cue("contrast", zh).finditer(clause))
    if not turned or linked(text, start, end, zh) or cue("general_talk", zh).search(text[:start]):
        return False
    return bool(cue("tolerated_before", zh).search(clause[turned[-1].end() :]))
