"""Longest-match-first dictionary mention finding in Chinese/English text.

English: the text is cut into Latin word tokens once, and phrases of up to
N tokens are looked up in a dict (equivalent to a word-boundary regex
alternation, but linear in the text and independent of dictionary size).
Chinese: a dict keyed by surface with, per first character, the candidate
lengths longest first. All candidates from both scripts (and the English
drug fallback) are then resolved greedily: longest span first, so
阿司匹林肠溶片 beats 阿司匹林 and 高血压 beats 血压.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from memory.lexicon._fuzzy import MIN_LEN, FuzzyIndex, english_words
from memory.lexicon._index import DOSAGE_FORMS, SALT_PREFIXES, SALT_SUFFIXES, Index
from memory.lexicon._norm import EN_TOKEN, fold
from memory.lexicon.types import LexEntry, Mention

# (start, end, priority, entry); lower priority wins among equal lengths
Candidate = tuple[int, int, int, LexEntry]
Fallback = Callable[[str], LexEntry | None]
FALLBACK_MAX_TOKENS = 4


def phrase_lengths(keys: Iterable[str]) -> dict[str, int]:
    """First token -> the most tokens of any key starting with it. Only keys that
    are joined tokens can ever match a phrase, so skipping a token that starts
    none, and lengths beyond the longest, finds exactly the same mentions."""
    out: dict[str, int] = {}
    for k in keys:
        toks = EN_TOKEN.findall(k)
        if toks and " ".join(toks) == k:
            out[toks[0]] = max(out.get(toks[0], 0), len(toks))
    return out


_PREFIXES: dict[tuple[int, int], tuple[object, object, frozenset[str]]] = {}


def token_prefixes(keys: Iterable[str], limit: int | None = None) -> set[str]:
    """Every leading run of tokens ("blood", "blood pressure") of the keys that are
    joined tokens (only those can match a phrase), up to `limit` tokens."""
    out: set[str] = set()
    for k in keys:
        toks = EN_TOKEN.findall(k)
        if not toks or " ".join(toks) != k or (limit is not None and len(toks) > limit):
            continue
        for n in range(1, len(toks) + 1):
            out.add(" ".join(toks[:n]))
    return out


def _prefixes_of(curated: dict[str, LexEntry], fallback: Fallback | None) -> frozenset[str]:
    """Token prefixes of the curated phrases and of the fallback's keys (up to
    FALLBACK_MAX_TOKENS), computed once per pair of dictionaries: a phrase is only
    extended while it still starts some name, so most tokens cost one probe."""
    extra_keys = getattr(fallback, "keys", None) if fallback is not None else None
    extra = extra_keys() if callable(extra_keys) else None
    cache_key = (id(curated), id(extra))
    cached = _PREFIXES.get(cache_key)
    if cached is None or cached[0] is not curated or cached[1] is not extra:
        found = token_prefixes(curated)
        if extra is not None:
            found |= token_prefixes(extra, FALLBACK_MAX_TOKENS)
        cached = (curated, extra, frozenset(found))
        _PREFIXES[cache_key] = cached
    return cached[2]


def _english(folded: str, index: Index, fallback: Fallback | None) -> list[Candidate]:
    phrases = index.en_phrases
    if fallback is not None and not callable(getattr(fallback, "keys", None)):
        return _english_unindexed(folded, phrases, fallback)
    prefixes = _prefixes_of(phrases, fallback)
    toks = EN_TOKEN.findall(folded)
    out: list[Candidate] = []
    spans: list[re.Match[str]] | None = None
    for i, tok in enumerate(toks):
        if tok not in prefixes or tok.isdigit():
            continue  # no entry starts with this token (nor with a bare number)
        best = _longest(toks, i, prefixes, phrases, fallback)
        if best is not None:
            if spans is None:
                spans = list(EN_TOKEN.finditer(folded))
            n, prio, entry = best
            out.append((spans[i].start(), spans[i + n - 1].end(), prio, entry))
    return out


def _longest(
    toks: list[str],
    i: int,
    prefixes: frozenset[str],
    phrases: dict[str, LexEntry],
    fallback: Fallback | None,
) -> tuple[int, int, LexEntry] | None:
    """The longest name starting at token i: (tokens, priority, entry); a curated
    entry (priority 0) beats the fallback's at the same length."""
    best: tuple[int, int, LexEntry] | None = None
    phrase, n = toks[i], 1
    while True:
        entry, prio = phrases.get(phrase), 0
        if entry is None and fallback is not None and n <= FALLBACK_MAX_TOKENS:
            entry, prio = fallback(phrase), 1
        if entry is not None:
            best = (n, prio, entry)
        if i + n >= len(toks):
            return best
        phrase = f"{phrase} {toks[i + n]}"
        n += 1
        if phrase not in prefixes:
            return best


def _english_unindexed(
    folded: str, phrases: dict[str, LexEntry], fallback: Fallback
) -> list[Candidate]:
    """A fallback without a key table: every phrase up to its limit must be tried."""
    toks = [(m.start(), m.end(), m.group()) for m in EN_TOKEN.finditer(folded)]
    curated = phrase_lengths(phrases)
    out: list[Candidate] = []
    for i in range(len(toks)):
        if toks[i][2].isdigit():
            continue
        longest = max(curated.get(toks[i][2], 0), FALLBACK_MAX_TOKENS)
        for n in range(min(longest, len(toks) - i), 0, -1):
            phrase = " ".join(t[2] for t in toks[i : i + n])
            entry, prio = phrases.get(phrase), 0
            if entry is None and n <= FALLBACK_MAX_TOKENS:
                entry, prio = fallback(phrase), 1
            if entry is not None:
                out.append((toks[i][0], toks[i + n - 1][1], prio, entry))
                break
    return out


def _extend_drug(folded: str, start: int, end: int) -> tuple[int, int]:
    for prefix in SALT_PREFIXES:
        if folded.startswith(prefix, max(0, start - len(prefix))) and start >= len(prefix):
            start -= len(prefix)
            break
    if end < len(folded) and folded[end] in SALT_SUFFIXES:
        end += 1
    for form in DOSAGE_FORMS:
        if folded.startswith(form, end):
            return start, end + len(form)
    return start, end


def _chinese(folded: str, index: Index) -> list[Candidate]:
    out: list[Candidate] = []
    if folded.isascii():
        return out  # no Chinese entry can start in ASCII-only text
    phrases, lengths = index.zh_phrases, index.zh_lengths
    size = len(folded)
    for i, ch in enumerate(folded):
        for length in lengths.get(ch, ()):
            if i + length > size:
                continue
            entry = phrases.get(folded[i : i + length])
            if entry is None:
                continue
            start, end = i, i + length
            if entry.kind == "drug":
                start, end = _extend_drug(folded, start, end)
            out.append((start, end, 0, entry))
            break
    return out


def _resolve(text: str, candidates: Iterable[Candidate]) -> list[Mention]:
    taken = bytearray(len(text))
    chosen: list[Mention] = []
    for start, end, _prio, entry in sorted(candidates, key=lambda c: (c[0] - c[1], c[2], c[0])):
        if any(taken[start:end]):
            continue
        taken[start:end] = b"\x01" * (end - start)
        chosen.append(Mention(start, end, text[start:end], entry))
    chosen.sort(key=lambda m: m.start)
    return chosen


def find(text: str, index: Index, fallback: Fallback | None) -> list[Mention]:
    folded = fold(text)
    candidates = _english(folded, index, fallback) + _chinese(folded, index)
    candidates += _misspelt(folded, index, candidates)
    return _resolve(text, candidates)


_FUZZY: dict[int, tuple[Index, FuzzyIndex]] = {}
# A name right after a title is a person's: "Dr. Creston", "Mrs. Landis".
_TITLE = re.compile(r"\b(?:dr|mr|mrs|ms|miss|doctor|nurse|professor)\.?\s+$")
_TITLE_REACH = 16  # characters before a word that may hold its title


def _fuzzy_index(index: Index) -> FuzzyIndex:
    cached = _FUZZY.get(id(index))
    if cached is None or cached[0] is not index:
        names = ((k, e.canonical) for k, e in index.en_phrases.items() if e.kind == "drug")
        cached = (index, FuzzyIndex(names))
        _FUZZY[id(index)] = cached
    return cached[1]


def load_misspelling_tables(index: Index) -> None:
    """Load the English word list and build the misspelling index now.

    Both load on the first unknown word of MIN_LEN+ letters (about 0.3 s); a worker
    loads them at start instead (memory.pipeline.warmup), so no request pays for them."""
    english_words()
    _fuzzy_index(index)


def _misspelt(folded: str, index: Index, found: list[Candidate]) -> list[Candidate]:
    """A word no name matched that is one edit from one drug's name (rules in _fuzzy)."""
    out: list[Candidate] = []
    fuzzy: FuzzyIndex | None = None
    for m in EN_TOKEN.finditer(folded):
        covered = any(s < m.end() and m.start() < e for s, e, _, _ in found)
        titled = _TITLE.search(folded, max(0, m.start() - _TITLE_REACH), m.start())
        if m.end() - m.start() < MIN_LEN or covered or titled:
            continue
        fuzzy = fuzzy or _fuzzy_index(index)
        canonical = fuzzy.match(m.group())
        entry = index.en_phrases.get(canonical) if canonical else None
        if entry is not None:
            out.append((m.start(), m.end(), 2, entry))
    return out
