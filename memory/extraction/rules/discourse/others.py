"""People outside the relation table: friends, coworkers, neighbours, roommates.

"My neighbour is allergic to penicillin", "a guy at work had a heart attack",
我同事在吃二甲双胍: the fact is that person's, never the patient's and never a
relative's (docs/design.md §3 `other:<label>` persons). Stored under the patient it
would raise a false allergy alert or a false diagnosis; under "family:relative" it
would enter the family history.

A person word right after a preposition owns nothing ("I went with my friend",
"caught it from a coworker", 陪朋友去医院): the speaker is still the one concerned.
The words live in lexicon/data/cues/people.tsv, one category per label; this
module holds the grammar.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from memory.lexicon.cues import cues

# The categories of people.tsv that are grammar, not a person.
_GRAMMAR = frozenset({"not_owner", "owner", "part_of", "turn_back"})
# "It was nice meeting you, my friend.": a person word between a comma (or the
# start) and the end of a clause is said to the listener, it names no one else.
_VOCATIVE_BEFORE = re.compile(r"(?:^|[,，])\s*$")
_VOCATIVE_AFTER = re.compile(r"\s*(?:[,.!?，。！？]|$)")


@dataclass(frozen=True)
class OtherMention:
    start: int  # from the owner word ("my neighbour"), so a first person inside is its own
    end: int
    label: str  # people.tsv category: other:<label>

    @property
    def subject(self) -> str:
        return f"other:{self.label}"


@cache
def _labels() -> tuple[str, ...]:
    return tuple(c for c in cues("people").categories() if c not in _GRAMMAR)


@cache
def _pattern(zh: bool) -> re.Pattern[str]:
    table, lang = cues("people"), "zh" if zh else "en"
    words = "|".join(f"(?P<{label}>{table.pattern(label, lang)})" for label in _labels())
    return re.compile(rf"(?:{table.pattern('owner', lang)}\s*)?(?:{words})", re.I)


@cache
def _not_owner(zh: bool) -> re.Pattern[str]:
    gap = "" if zh else r"\s+"
    return re.compile(rf"{cues('people').pattern('not_owner', 'zh' if zh else 'en')}{gap}$", re.I)


def third_parties(text: str, zh: bool) -> tuple[OtherMention, ...]:
    """The people outside the relation table a sentence names as owners, in order."""
    if not (_pattern(zh).search(text)):
        return ()
    return _third_parties(text, zh)


@lru_cache(maxsize=4096)
def _third_parties(text: str, zh: bool) -> tuple[OtherMention, ...]:
    lang = "zh" if zh else "en"
    inside = [m.span() for m in cues("people").regex("part_of", lang).finditer(text)]
    out = []
    for m in _pattern(zh).finditer(text):
        label = next(k for k in _labels() if m[k])
        word = m.span(label)
        if any(a <= word[0] and word[1] <= b for a, b in inside):
            continue  # 男朋友 is a partner, "friendly" no one
        if _not_owner(zh).search(text, 0, m.start()):
            continue
        if _VOCATIVE_BEFORE.search(text, 0, m.start()) and _VOCATIVE_AFTER.match(text, m.end()):
            continue
        out.append(OtherMention(m.start(), m.end(), label))
    return tuple(out)


def turns_back(text: str, start: int, end: int, zh: bool) -> int | None:
    """Where a contrast between the person and a mention starts (None: no contrast):
    after it the speaker speaks of himself again unless a he / she follows."""
    m = cues("people").regex("turn_back", "zh" if zh else "en").search(text, start, end)
    return m.start() if m else None
