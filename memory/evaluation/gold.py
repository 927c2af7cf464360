"""Gold items and how a reader context is judged against them.

An item is found in a context by lexicon match (its canonical entity among
the context's entities, so "Lasix" finds furosemide and 阿司匹林 finds
aspirin) or by normalized string match (every lexical token of the item among
the context's tokens, so "knee replacement" finds "replacement of the knee").
The gold readers of memory/evaluation/notes.py are shared with the
rule-extractor figures (bench/extraction_dev.py), so both speak of the same gold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from memory.evaluation.notes import (
    allergy_gold,
    canonical,
    drug_names,
    relative_entities,
)
from memory.extraction.rules.discourse.cues import relative_mentions
from memory.extraction.rules.entities import find_entities
from memory.search.text import lexical_tokens

__all__ = [
    "GoldItem",
    "Judged",
    "allergy_gold",
    "canonical",
    "drug_names",
    "relative_entities",
    "surgical_terms",
]

_HAN = re.compile(r"[\u4e00-\u9fff]")
_CLINICAL_KINDS = frozenset({"drug", "drug_class", "disease", "symptom", "test"})
_SURGICAL = re.compile(
    r"\b(?:[a-z]+(?:ectomy|otomy|ostomy|plasty|scopy|pexy|rrhaphy)"
    r"|(?:[a-z]+\s+)?(?:surgery|replacement|repair|reconstruction|stent|bypass|fusion|"
    r"transplant|c-section))\b",
    re.I,
)
_NEGATIVE = re.compile(r"^\W*(?:no\b|none|denies|negative|non-?contributory|noncontributory)", re.I)
_FILLER = frozenset({"had", "a", "the", "her", "his", "of", "and", "with", "for", "status", "post"})


@dataclass(frozen=True)
class GoldItem:
    text: str  # as written in the reference note
    canonical: str | None = None  # lexicon entity, when the lexicon knows it


@dataclass(frozen=True)
class Judged:
    """A context reduced to what matching needs (computed once per context)."""

    tokens: frozenset[str]
    entities: frozenset[str]

    def contains(self, item: GoldItem) -> bool:
        if item.canonical and item.canonical in self.entities:
            return True
        toks = item_tokens(item.text)
        return bool(toks) and toks <= self.tokens


@lru_cache(maxsize=4096)
def item_tokens(text: str) -> frozenset[str]:
    return frozenset(lexical_tokens(text)) - _FILLER


def judge(text: str) -> Judged:
    return Judged(frozenset(lexical_tokens(text)), frozenset(entities_in(text)))


@lru_cache(maxsize=16384)
def entities_in(text: str) -> frozenset[str]:
    """Canonical clinical entities named in a text (English and Chinese lexicon)."""
    hits = find_entities(text, zh=bool(_HAN.search(text)))
    if _HAN.search(text) and re.search(r"[A-Za-z]{3}", text):
        hits = [*hits, *find_entities(text, zh=False)]
    return frozenset(h.canonical for h in hits if h.kind in _CLINICAL_KINDS)


def names_relative(text: str) -> bool:
    return bool(relative_mentions(text, zh=bool(_HAN.search(text))))


def surgical_terms(section_text: str) -> list[str]:
    """Procedures named in a surgical-history note section; [] for a negative one."""
    if _NEGATIVE.search(section_text.strip()):
        return []
    seen: list[str] = []
    for m in _SURGICAL.finditer(section_text):
        term = m[0].strip().lower()
        if term not in seen and term != "surgery" and item_tokens(term):
            seen.append(term)
    return seen


def gold_drugs(text: str) -> list[GoldItem]:
    return [GoldItem(name, name) for name in sorted(drug_names(text))]


def gold_entity(name: str) -> GoldItem:
    canon = canonical(name)
    return GoldItem(name, canon if canon != name.strip().casefold() else None)


# The gold of a caregiver session gives every health fact to the relative, except
# the caregiver's own first-person statements ("I am tired today", 我自己也有高血压):
# the body concerned is the speaker's, and the speaker is the memory's owner. The
# rule is deliberately narrow, so that it never excuses a relative's fact: a first
# person singular, and no one else in the sentence - no he/she/他/她, no relation
# noun, no we/我们, no second person (a question put to the caregiver), and no
# verb of care or observation ("I gave", "I noticed", 我给, 我发现), whose object is
# the relative.
_EN_I = re.compile(r"\b(?:i|i'm|i've|i'd|me|my|myself|mine)\b", re.I)
_EN_OTHERS = re.compile(
    r"\b(?:he|she|him|her|his|hers|himself|herself|he's|she's|we|us|our|ours|you|your|"
    r"yours|you're|they|them|their)\b|"
    r"\b(?:gave|give|giving|given|fed|feed|feeding|administer\w*|put|apply|applied|treated|"
    r"treat|notice\w*|saw|see|seen|watch\w*|think|thought|worr\w*|afraid|concerned)\b",
    re.I,
)
_ZH_I = re.compile(r"我(?!们)|本人|自己")
_ZH_OTHERS = re.compile(
    r"他|她|它|我们|咱们|您|你|给|喂|让|帮|带|替|陪|发现|看到|觉得|担心|观察|注意到|怀疑"
)


def caregiver_own(text: str) -> bool:
    """The sentence is only the speaker's own: see the comment above."""
    zh = bool(_HAN.search(text))
    first, others = (_ZH_I, _ZH_OTHERS) if zh else (_EN_I, _EN_OTHERS)
    return bool(first.search(text)) and not others.search(text) and not names_relative(text)
