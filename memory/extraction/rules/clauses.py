"""Subject segments of one sentence: the span of text that belongs to one person.

Why: a fact's content is shown to the clinician as that person's evidence. In
"I take lisinopril 10 mg and my dad takes indapamide for his blood pressure" the
patient's lisinopril fact must read "I take lisinopril 10 mg" - the father's drug
in the patient's evidence is exactly the subject pollution MedGraph exists to
remove (docs/design.md §1.2).

Algorithm: cut the sentence at clause boundaries (", and", ";", "but", "while",
"，", "；", "、", "而", "但是" ...). A clause that opens with a new subject (a
relative mention, I / my / you, 我 / 我自己 / 您) starts a new segment, provided
the segment before it already says something beyond naming people ("My mother
and father both had cancer" stays whole). Other clauses join the previous
segment, so "I have diabetes and hypertension" and Chinese zero-anaphora chains
("我妈65岁，高血压十年了，一直吃氨氯地平") stay whole. A clause opening with
he/she/they continues a relative's segment but splits from the patient's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from itertools import pairwise

from memory.extraction.rules.discourse.coordination import coordinated_relatives
from memory.extraction.rules.discourse.cues import (
    ZH_HE,
    ZH_SHE,
    RelMention,
    relative_mentions,
    self_marked,
)
from memory.extraction.rules.text import Sentence
from memory.lexicon.cues import cues

Span = tuple[int, int]

# The words live in lexicon/data/cues/clauses.tsv; the grammar stays here.
_CLAUSES = cues("clauses")
_CONJ = _CLAUSES.pattern("clause_conjunction", "en", ordered=True)
_CONJ_ZH = _CLAUSES.pattern("clause_conjunction", "zh", ordered=True)
_BOUNDARY_EN = re.compile(
    rf"\s*[,;:]\s*(?:{_CONJ}\b)?\s*|\s+{_CONJ}\s+|\s+-+\s+",
    re.I,
)
# A bare 但 with no punctuation before it cuts nothing (it also ends 不但, "not only").
_BOUNDARY_ZH = re.compile(rf"[，,；;、：:]\s*{_CONJ_ZH}?|而且|并且|但是|不过|可是|而")
# Words that may stand before a relation word inside the same mention.
_OWNER_EN = re.compile(
    rf"^(?:{_CLAUSES.pattern('relative_modifier', 'en', ordered=True)}\s+)*$", re.I
)
_SELF_OPEN_EN = re.compile(
    r"^(?:also\s+|then\s+|now\s+)?(?:i|i'm|i've|i'd|i'll|you|you're)\b", re.I
)
_THIRD_OPEN_EN = re.compile(r"^(?:also\s+|then\s+)?(?:he|she|they|he's|she's|they're)\b", re.I)
_SELF_OPEN_ZH = re.compile(r"^(?:我(?!们)|本人|自己|您|你(?!们))")
_THIRD_OPEN_ZH = re.compile(rf"^(?:{ZH_HE}|{ZH_SHE})")
_PEOPLE_ONLY_EN = re.compile(
    rf"\b{_CLAUSES.pattern('people_list_word', 'en', ordered=True)}\b", re.I
)
_PEOPLE_ONLY_ZH = re.compile(r"[和跟与及、，,我的都也]")
_TRIM = " \t,;:，；、：-"
_LEAD_EN = re.compile(rf"^{_CONJ}\s+", re.I)
# Words left hanging where a relative was cut off: "I take metformin like (my mother)".
_DANGLING_EN = re.compile(
    rf"(?:\s+{_CLAUSES.pattern('dangling_word', 'en', ordered=True)})+$", re.I
)
_TAIL_CONJUNCTION = re.compile(
    rf"(?:\s*[,;]?\s*\b{_CONJ}\b)+\s*$|(?:而且|并且|但是|而)$",
    re.I,
)
_LEAD_ZH = re.compile(rf"^{_CONJ_ZH}")


def _opener(clause: str, start: int, rels: Sequence[RelMention], zh: bool) -> str | None:
    """'rel' | 'self' | 'third' | None: who the clause at `start` opens with."""
    for r in rels:
        lead = clause[: r.start - start] if r.start >= start else None
        if lead is not None and (not lead.strip() if zh else _OWNER_EN.match(lead)):
            return "rel"
    if zh:
        if _SELF_OPEN_ZH.match(clause):
            return "self"
        return "third" if _THIRD_OPEN_ZH.match(clause) else None
    if _SELF_OPEN_EN.match(clause) or self_marked(" ".join(clause.split()[:2]), False):
        return "self"
    return "third" if _THIRD_OPEN_EN.match(clause) else None


def _says_something(text: str, span: Span, rels: Sequence[RelMention], zh: bool) -> bool:
    """Does the segment hold more than names of people ("My mother" / "我爸、")?"""
    chars = list(text[span[0] : span[1]])
    for r in rels:
        for i in range(max(r.start, span[0]), min(r.end, span[1])):
            chars[i - span[0]] = " "
    rest = "".join(chars)
    if zh:
        return bool(re.search(r"[\u4e00-\u9fff]", _PEOPLE_ONLY_ZH.sub("", rest)))
    return bool(re.search(r"[a-z]{2,}", _PEOPLE_ONLY_EN.sub(" ", rest), re.I))


def segments(text: str, zh: bool, rels: Sequence[RelMention]) -> tuple[Span, ...]:
    """Subject segments covering `text`, in order. One segment when the sentence
    names no relative: clause cutting only matters where two people meet."""
    if not rels:
        return ((0, len(text)),)
    pattern = _BOUNDARY_ZH if zh else _BOUNDARY_EN
    cuts = [(m.start(), m.end()) for m in pattern.finditer(text) if m.start() > 0]
    spans: list[Span] = []
    kinds: list[str | None] = []
    begin = 0
    for end, nxt in [*cuts, (len(text), len(text))]:
        clause_start = begin
        begin = nxt
        if end <= clause_start:
            continue
        kind = _opener(text[clause_start:end], clause_start, rels, zh)
        if spans and not _starts_segment(kind, kinds[-1], text, spans[-1], rels, zh):
            spans[-1] = (spans[-1][0], end)
            continue
        spans.append((clause_start, end))
        kinds.append(kind)
    return tuple(spans) or ((0, len(text)),)


def _starts_segment(
    kind: str | None,
    previous: str | None,
    text: str,
    span: Span,
    rels: Sequence[RelMention],
    zh: bool,
) -> bool:
    if kind is None or not _says_something(text, span, rels, zh):
        return False
    # "she" after "my mother ..." goes on about the mother; after "I ..." it is new.
    return not (kind == "third" and previous in ("rel", "third"))


def opener_of(text: str, span: Span, rels: Sequence[RelMention], zh: bool) -> str | None:
    """Who the segment opens with: 'rel' | 'self' | 'third' | None."""
    body = text[span[0] : span[1]]
    lead = len(body) - len(body.lstrip(_TRIM))
    start = span[0] + lead
    clause = (_LEAD_ZH if zh else _LEAD_EN).sub("", text[start : span[1]])
    return _opener(clause, span[1] - len(clause), rels, zh)


def segment_text(text: str, span: Span, zh: bool) -> str:
    """The segment as content: boundary punctuation and a leading conjunction off."""
    body = text[span[0] : span[1]].strip(_TRIM)
    return (_LEAD_ZH if zh else _LEAD_EN).sub("", body).strip(_TRIM)


def content_for(
    text: str, zh: bool, spans: Sequence[Span], rels: Sequence[RelMention], pos: int, own: bool
) -> str:
    """Content for a fact at `pos`: its segment. For the patient's own fact (`own`)
    a relative still named inside that segment is cut away, keeping the part of
    the segment around `pos` ("I take metformin like my mother" -> "I take metformin
    like")."""
    if len(spans) <= 1 and not own:
        return text
    span = next((s for s in spans if s[0] <= pos < s[1]), spans[-1])
    inside = [r for r in rels if span[0] <= r.start < span[1]]
    trimmed = own and bool(inside)
    if trimmed:
        span = _without_relatives(text, span, inside, pos, zh)
    if span == (0, len(text)):
        return text
    body = segment_text(text, span, zh)
    if trimmed and not zh:
        body = _DANGLING_EN.sub("", body).strip(_TRIM)
    return body or text


def _without_relatives(
    text: str, span: Span, rels: Sequence[RelMention], pos: int, zh: bool
) -> Span:
    """The piece of `span` around `pos` between relative mentions (owner words
    included in the cut)."""
    a, b = span
    for r in rels:
        cut = r.start if zh else _owner_start(text, r.start)
        if r.end <= pos:
            a = max(a, r.end)
        elif cut > pos:
            b = min(b, cut)
    return (a, b) if b > a else span


def _owner_start(text: str, rel_start: int) -> int:
    m = re.search(r"(?:\b(?:my|his|her|their|our|your)\s+)+$", text[:rel_start], re.I)
    return m.start() if m else rel_start


def split_at_subject_change(sent: Sentence) -> list[Sentence]:
    """One sentence per person where the subject changes between a relative and
    the speaker inside one sentence: "My father is allergic to aspirin, and I
    take aspirin 100 mg" is two statements, and the allergy cue of the first
    must not reach the drug of the second (nor its negation, dose or date)."""
    rels = relative_mentions(sent.text, sent.zh)
    spans = segments(sent.text, sent.zh, rels) if rels else ()
    if len(spans) < 2 or coordinated_relatives(sent.text, sent.zh, rels):
        return [sent]  # "me and my husband both have ...": one subject of two people
    openers = [opener_of(sent.text, span, rels, sent.zh) for span in spans]
    cuts = [0]
    for i in range(1, len(spans)):
        if {openers[i - 1], openers[i]} == {"rel", "self"}:
            cuts.append(spans[i][0])
    if len(cuts) == 1:
        return [sent]
    bounds = [*cuts, len(sent.text)]
    out = []
    for a, b in pairwise(bounds):
        piece = sent.text[a:b]
        lead = len(piece) - len(piece.lstrip(_TRIM))
        text = _TAIL_CONJUNCTION.sub("", piece.strip(_TRIM)).strip(_TRIM)
        if text:
            out.append(replace(sent, text=text, start=sent.start + a + lead))
    return out or [sent]
