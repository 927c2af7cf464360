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
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from memory.evaluation.notes import (
    allergy_gold,
    canonical,
    drug_names,
    relative_entities,
)
from memory.extraction.rules.discourse.cues import relative_mentions
from memory.extraction.rules.entities import find_entities, lookup
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


_THIRD_PERSON = re.compile(r"\b(?:he|she|him|his|her|hers|himself|herself|he's|she's)\b", re.I)


def refers_to_someone(dialogue: str) -> bool:
    """The words say the exchange is about someone other than the speaker: a third
    person or a relation noun somewhere in it. Without either, no reader (and no
    system) could tell a relative's answers from the patient's own, so a relative's
    exchange without one is no test of attribution."""
    return bool(_THIRD_PERSON.search(dialogue)) or names_relative(dialogue)


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


# A plan's conditional or tentative drug ("If his symptoms do not improve, we may
# consider a steroid injection") is neither taken now nor started at the visit.
# A mid-sentence "if he wishes" / "if needed" is an as-needed use, not a condition.
_TENTATIVE = re.compile(r"^\W*(?:if|unless|should)\b|\bconsider\w*\b|\bin the future\b", re.I)
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")


def settled(text: str) -> str:
    """The sentences of a plan or medication section that are not conditional."""
    return " ".join(s for s in _SENTENCE.split(text) if not _TENTATIVE.search(s))


def gold_drugs(text: str) -> list[GoldItem]:
    return [GoldItem(name, name) for name in sorted(drug_names(text))]


def gold_entity(name: str) -> GoldItem:
    """An item with its canonical entity whenever the lexicon names one, so that a
    synonym in the answer counts ("high blood pressure" for hypertension)."""
    canon = canonical(name)
    if lookup(name) is None:
        hits = [h.canonical for h in find_entities(name, zh=bool(_HAN.search(name)))]
        canon = hits[0] if len(set(hits)) == 1 else ""
    return GoldItem(name, canon or None)


# The visit metadata's "known conditions" is a free list of secondary complaints:
# besides conditions it holds negatives ("none"), past procedures ("colonoscopy",
# "hx neck surgery", "kidney transplant"), habits and faculties ("smoking", "mood")
# and passing complaints ("fatigue"). A long-standing condition is none of these,
# so each part of an entry ("hx cataract and skin cancer" -> two) is kept only when
# it names a condition: not negative, not a procedure, not a bare habit or faculty,
# and not only a symptom unless the entry calls it chronic ("chronic back pain").
_HX = re.compile(r"^\s*(?:hx|history)\s+(?:of\s+)?", re.I)
_PARTS = re.compile(r"\s*(?:,|;|\band\b|\bfollowing\b|\bstatus post\b|\bs/p\b)\s*", re.I)
_NOT_CONDITION = frozenset(
    {"mood", "sleep", "appetite", "weight", "smoking", "alcohol", "drinking", "diet", "exercise"}
)
_PROCEDURE_WORD = re.compile(r"\b(?:surgery|operation|procedure|transplant\w*|biopsy)\b", re.I)


def condition_items(entries: Sequence[str]) -> list[GoldItem]:
    """Long-standing conditions named by the metadata entries (rule above)."""
    out: dict[str, GoldItem] = {}
    for entry in entries:
        for part in _PARTS.split(_HX.sub("", entry.strip())):
            if _is_condition(part) and part.casefold() not in out:
                out[part.casefold()] = gold_entity(part)
    return list(out.values())


def _is_condition(part: str) -> bool:
    words = part.strip().casefold()
    if not words or _NEGATIVE.search(words) or words in _NOT_CONDITION:
        return False
    if _SURGICAL.search(words) or _PROCEDURE_WORD.search(words):
        return False
    kinds = {h.kind for h in find_entities(part, zh=bool(_HAN.search(part)))}
    entry = lookup(part)
    if entry is not None:
        kinds = {entry.kind}
    if kinds & {"procedure", "test", "drug", "drug_class"}:
        return False
    return kinds != {"symptom"} or "chronic" in words


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
# Managing a medicine or taking a reading, and weighing a change (issue 29): in a
# caregiver session "I increased the metformin", "I measure the pressure every
# morning", "I'm not sure whether to raise it", 我把二甲双胍加到…, 我每天早上量血压,
# 要不要加量 are about the relative - the caregiver is the subject only with an
# explicit cue of his own body ("myself", "my own", 我自己, 我本人).
_EN_MANAGES = re.compile(
    r"\bI(?:'m|'ve|'ll|'d)?(?:\s+(?:am|have|had|was|will|just|also|already|usually|always|"
    r"been|then|now|still|should|could|might|thinking of|thinking about))*\s+"
    r"(?:increas\w*|decreas\w*|rais(?:e|ed|es|ing)|lower(?:ed|ing)?|doubl\w*|halv\w*|cut|"
    r"stopp?(?:ed|ing)?|hold|held|skipp?(?:ed|ing)?|adjust\w*|measur\w*|"
    r"check(?:ed|ing|s)?|monitor\w*|track\w*|log(?:ged|ging|s)?|record(?:ed|ing|s)?)\b"
    r"(?!\s+(?:up|in|out|smoking|drinking|\w+ing)\b)"
    r"|\bmy\s+(?:log|notes|diary|records|notebook)\s+of\b|\bwhether\s+(?:to|i|we)\b|"
    r"\bshould\s+(?:i|we)\s+(?:increase|decrease|raise|lower|cut|stop|hold|change)\b",
    re.I,
)
_ZH_MANAGES = re.compile(
    r"我[^，。！？,.;；他她你您]{0,6}?(?:把|加到|减到|加量|减量|停了|量|测|记录|监测)|要不要|是否|该不该"
)
_EN_OWN_CUE = re.compile(r"\bmyself\b|\bmy own\b", re.I)
_ZH_OWN_CUE = re.compile(r"我自己|我本人")


def caregiver_own(text: str) -> bool:
    """The sentence is only the speaker's own: see the comment above."""
    zh = bool(_HAN.search(text))
    first, others = (_ZH_I, _ZH_OTHERS) if zh else (_EN_I, _EN_OTHERS)
    manages, own = (_ZH_MANAGES, _ZH_OWN_CUE) if zh else (_EN_MANAGES, _EN_OWN_CUE)
    if manages.search(text) and not own.search(text):
        return False
    return bool(first.search(text)) and not others.search(text) and not names_relative(text)


# The caregiver's first person managing the relative's medicines or readings, said
# of him or her ("I give him", "I've increased her lisinopril", "I have him on",
# 我给他吃, 我把她的药, 我给他量) or not ("I increased the metformin", 我每天早上量血压,
# 要不要加量). A session with one is measured apart (issue 29).
_EN_CARE = re.compile(
    r"\bI(?:'m|'ve|'ll|'d|\s+am|\s+have|\s+was|\s+will|\s+had)?(?:\s+been)?\s+"
    r"(?:give|gave|giving|have|had|increas\w*|decreas\w*|rais\w*|lower\w*|cut|doubl\w*|"
    r"stopp?\w*|hold|held|check\w*|measur\w*|monitor\w*|track\w*)\s+(?:him|her|his)\b",
)
_ZH_CARE = re.compile(r"我[^，。？！]{0,6}?(?:给|帮|替|把)(?:他|她)")


def manages_for_relative(text: str) -> bool:
    """A caregiver's first-person management of the relative's medicines or readings."""
    if _EN_CARE.search(text) or _ZH_CARE.search(text):
        return True
    manages, own = (_ZH_MANAGES, _ZH_OWN_CUE) if _HAN.search(text) else (_EN_MANAGES, _EN_OWN_CUE)
    return bool(manages.search(text)) and not own.search(text)
