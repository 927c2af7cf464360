"""Is a record about an asked item? Same item, a member of an asked class, or its wording.

"Is he on an antibiotic?" is about an amoxicillin record (the asked class is
in amoxicillin's ancestry); "any history of asthma?" about an asthma record;
"any diabetes?" about a type 2 diabetes record (a specific form of the asked
disease, memory.lexicon.disease_forms); "kidney function?" about an eGFR record (a test of
the asked panel, memory.lexicon.panels).
An item the lexicon does not know matches a record only by its words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from memory import lexicon
from memory.answering.intents import AskedItem
from memory.domain.evidence import FactView
from memory.lexicon.classes import ancestry
from memory.lexicon.disease_forms import broader
from memory.lexicon.panels import panel_members

_WORD = re.compile(r"[a-z0-9]{3,}|[\u4e00-\u9fff]{2,}", re.IGNORECASE)
_STOP_WORDS = (
    "the and for with what which who whom does did has have had was were are his her their "
    "patient patients this that any from about current currently now take takes taking give "
    "can could should would will how much many when does dose level value result record "
    "records history ever personally been being on of is"
)
_STOP = frozenset(_STOP_WORDS.split())


@lru_cache(maxsize=8192)
def _entry(name: str) -> lexicon.LexEntry | None:
    """Entity names repeat across questions: look each up once per process."""
    return lexicon.lookup(name) if name else None


def canonical(name: str) -> str:
    entry = _entry(name)
    return entry.canonical if entry is not None else name.casefold().strip()


def concerns(fact: FactView, item: AskedItem) -> bool:
    if fact.entity:
        entry = _entry(fact.entity)
        own = entry.canonical if entry is not None else fact.entity.casefold().strip()
        if own == item.canonical or item.canonical in ancestry(fact.entity)[1:]:
            return True
        if broader(own) == item.canonical:
            return True  # "糖尿病吗？" is answered by a type 2 diabetes record
        if own in panel_members(item.canonical):
            return True  # "kidney function?" is answered by an eGFR record
        if item.kind:
            # A record about another item is not about this one, even when its
            # sentence names it ("no muscle pain from the atorvastatin").
            return bool(item.surface) and item.surface.casefold() in fact.entity.casefold()
    text = f"{fact.entity} {fact.content}".casefold()
    return bool(item.surface) and item.surface.casefold() in text


def concerning(facts: Iterable[FactView], item: AskedItem) -> list[FactView]:
    return [f for f in facts if concerns(f, item)]


def words(text: str) -> set[str]:
    """Content words of a question or record (stop words and short tokens dropped)."""
    return {w.casefold() for w in _WORD.findall(text) if w.casefold() not in _STOP}


def shares_words(fact: FactView, question_words: set[str]) -> bool:
    if not question_words:
        return False
    return bool(words(f"{fact.entity} {fact.content}") & question_words)
