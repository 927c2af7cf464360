"""Drug names misspelt by one letter: "Detroal LA", "Lipitol", "metforman".

Typed and transcribed dialogue misspells drug names in ways no list can hold in
advance (drug_misspellings.tsv keeps the frequent ones). A word that is no
dictionary English word, no lexicon name, and lies one edit (a letter added,
dropped, changed, or two swapped) from exactly one curated drug's single-word
name is that drug. Guards, because a false drug is a false medication in the
patient's memory:
- only words of MIN_LEN letters or more (names of MIN_NAME or more), so short words,
  abbreviations and the many six-letter brands never match ("norvig" is no Norvir,
  "saxena" no Saxenda);
- a name after a title is a person ("Dr. Creston" is no Crestor);
- the first letter must agree: misspellings keep how a name starts;
- an English word, or an inflection of one ("walked", "tablets"), is never a drug;
- a word one edit from two different drugs is left alone.
The deletion index (every name with each one letter removed) makes a look-up a
few dict probes per unknown word. Pure: no Django.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

MIN_LEN = 7  # letters of a word that may be a misspelt name
MIN_NAME = 6  # letters of a name it may be a misspelling of
_INFLECTIONS = ("s", "es", "ed", "d", "ing", "ly", "er", "ers", "ness", "ment", "ments")

_lock = threading.Lock()
_english: frozenset[str] | None = None


def english_words() -> frozenset[str]:
    """Lower-case English words (Webster's 2nd and GCIDE word lists, english-words)."""
    global _english
    if _english is None:
        with _lock:
            if _english is None:
                from english_words import get_english_words_set

                _english = frozenset(get_english_words_set(["web2", "gcide"], lower=True))
    return _english


# Words of today that the older word lists lack and that lie one edit from a brand.
_MODERN = frozenset({"metadata"})


def is_english(word: str) -> bool:
    words = english_words()
    if word in words or word in _MODERN:
        return True
    for tail in _INFLECTIONS:
        if word.endswith(tail) and len(word) - len(tail) >= 3:
            stem = word[: -len(tail)]
            doubled = stem[-1:] == stem[-2:-1] and stem[:-1] in words  # "stopped"
            if stem in words or stem + "e" in words or doubled:
                return True
    return word.endswith("ies") and word[:-3] + "y" in words


def _deletions(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


def one_edit(a: str, b: str) -> bool:
    """a and b differ by one insertion, deletion, substitution or adjacent swap."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        i, j = diff if len(diff) == 2 else (0, 0)
        return j == i + 1 and a[i] == b[j] and a[j] == b[i]
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


class FuzzyIndex:
    """Single-word drug names of MIN_NAME+ letters, keyed by themselves and their deletions."""

    def __init__(self, names: Iterable[tuple[str, str]]) -> None:
        self._keys: dict[str, set[tuple[str, str]]] = {}
        for name, canonical in names:
            if len(name) < MIN_NAME or not name.isalpha() or not name.isascii():
                continue
            for key in {name, *_deletions(name)}:
                self._keys.setdefault(key, set()).add((name, canonical))

    def match(self, word: str) -> str | None:
        """The canonical of the one drug whose name is one edit from `word`, else None."""
        if len(word) < MIN_LEN or not word.isalpha() or is_english(word):
            return None
        found: set[str] = set()
        for key in {word, *_deletions(word)}:
            for name, canonical in self._keys.get(key, ()):
                if name[0] == word[0] and one_edit(name, word):
                    found.add(canonical)
        return found.pop() if len(found) == 1 else None
