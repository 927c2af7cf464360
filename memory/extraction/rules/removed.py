"""A lesion the sentence says was removed is history, not a current diagnosis.

"The gastroenterologist removed two small polyps", "the cyst was taken out",
息肉已经切除了: the operation is the record (surgical history); the polyp or the cyst
is gone, so the condition is past, never "confirmed, current". Words live in
lexicon/data/cues/conditions.tsv (removed_before, removed_after); the removal word
must stand in the lesion's clause, right before it (a few words of number and size
between) or right after it.
"""

from __future__ import annotations

import re
from functools import cache

from memory.lexicon.cues import cues

# A few words of number and size between ("removed two small polyps"); a conjunction
# starts another clause ("removed the bandage and the rash looked better").
_JOIN = cues("conditions").pattern("clause_joiner", "en")
_BEFORE_GAP = {False: rf"(?:\s+(?!{_JOIN})[\w.-]+){{0,3}}?\s+$", True: r"[^，。；,;和而]{0,8}$"}
_AFTER_GAP = {False: r"s?\s+(?:\w+\s+){0,2}?", True: r"[^，。；,;]{0,4}?"}


def _words(category: str, zh: bool) -> str:
    return cues("conditions").pattern(category, "zh" if zh else "en")


@cache
def _before(zh: bool) -> re.Pattern[str]:
    return re.compile(rf"(?:{_words('removed_before', zh)}){_BEFORE_GAP[zh]}", re.I)


@cache
def _after(zh: bool) -> re.Pattern[str]:
    return re.compile(rf"{_AFTER_GAP[zh]}(?:{_words('removed_after', zh)})", re.I)


def removed(text: str, start: int, end: int, zh: bool) -> bool:
    """Does the sentence say the lesion at start-end was removed?"""
    return bool(_before(zh).search(text[max(0, start - 40) : start]) or _after(zh).match(text, end))
