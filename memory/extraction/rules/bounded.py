"""Bounded fact content: one sentence keeping the numbers, never a whole ASR run.

docs/design.md §3: content is "one sentence keeping reported numbers and units
verbatim". ACI-Bench transcripts hold 2,000-character turns without a full
stop; a fact there would carry the whole run, repeated for every fact of the
turn, and the clinician would have to hunt for the one clause that matters.
When the sentence is longer than LIMIT characters, the content becomes a window
around the fact's anchor (its entity or cue) cut at clause-like boundaries:
punctuation, conjunctions and the fillers of spoken English ("um", "okay",
"you know"). The window grows clause by clause, the following clause first
(a dose or value is said after the drug or metric), while it fits.
"""

from __future__ import annotations

import re

from memory.lexicon.cues import cues

LIMIT = 200

# The fillers and break words live in lexicon/data/cues/clauses.tsv.
_FILLERS = cues("clauses").pattern("spoken_filler", "en", ordered=True)
_BREAKS = cues("clauses").pattern("spoken_break", "en", ordered=True)
_BOUNDARY_EN = re.compile(rf"\s*[,;:]\s*|\s+-+\s+|\s+(?:{_FILLERS}|{_BREAKS})(?=\s)", re.I)
_BOUNDARY_ZH = re.compile(r"[，,；;：:、]|然后|所以|但是|不过")
_EDGE_EN = re.compile(
    rf"^(?:[\s,;:\-]|\b(?:{_FILLERS})\b)+|(?:[\s,;:\-]|\b(?:{_FILLERS})\b)+$", re.I
)
_EDGE_ZH = re.compile(r"^[，,；;：:、\s]+|[，,；;：:、\s]+$")


def bound_content(text: str, pos: int, zh: bool, limit: int = LIMIT) -> str:
    """`text` if short enough, else a window of whole clauses around `pos`."""
    if len(text) <= limit:
        return text
    pos = max(0, min(pos, len(text) - 1))
    spans = _clauses(text, zh)
    k = next((i for i, (a, b) in enumerate(spans) if a <= pos < b), len(spans) - 1)
    lo = hi = k
    if spans[k][1] - spans[k][0] > limit:
        return _around(text, pos, zh, limit)
    grew = True
    while grew:
        grew = False
        if hi + 1 < len(spans) and spans[hi + 1][1] - spans[lo][0] <= limit:
            hi, grew = hi + 1, True
        if lo > 0 and spans[hi][1] - spans[lo - 1][0] <= limit:
            lo, grew = lo - 1, True
    return _trim(text[spans[lo][0] : spans[hi][1]], zh) or _around(text, pos, zh, limit)


def bound_around(content: str, sentence: str, pos: int, entity: str | None, zh: bool) -> str:
    """Bound `content` (the sentence, a part of it, or a composed text) around the
    fact at `pos` of `sentence`, or around its entity's name in the content."""
    if len(content) <= LIMIT:
        return content
    offset = sentence.find(content)
    if offset >= 0 and offset <= pos < offset + len(content):
        return bound_content(content, pos - offset, zh)
    return bound_content(content, anchor_of(content, entity), zh)


def anchor_of(content: str, entity: str | None) -> int:
    """Where the entity is named in the content (0 if it is not)."""
    if not entity:
        return 0
    found = content.casefold().find(entity.casefold())
    return max(found, 0)


def _clauses(text: str, zh: bool) -> list[tuple[int, int]]:
    """Spans covering the text, each ending just before a boundary."""
    pattern = _BOUNDARY_ZH if zh else _BOUNDARY_EN
    spans: list[tuple[int, int]] = []
    last = 0
    for m in pattern.finditer(text):
        if m.start() > last:
            spans.append((last, m.start()))
            last = m.start()
    spans.append((last, len(text)))
    return spans


def _around(text: str, pos: int, zh: bool, limit: int) -> str:
    """One clause is too long: a window of whole words, more after the anchor."""
    a = max(0, pos - limit * 2 // 5)
    b = min(len(text), a + limit)
    a = max(0, b - limit)
    if not zh:
        while 0 < a < b and not text[a - 1].isspace():
            a += 1
        while b < len(text) and b > a and not text[b].isspace():
            b -= 1
    return _trim(text[a:b], zh)


def _trim(text: str, zh: bool) -> str:
    return (_EDGE_ZH if zh else _EDGE_EN).sub("", text.strip()).strip()
