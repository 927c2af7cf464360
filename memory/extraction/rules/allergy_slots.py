"""Allergens no word list names, read from the slot of an allergy statement.

"I'm allergic to kiwi", 我对柳絮过敏: the patient reacts to a substance the drug
lexicon and the common-allergen list do not hold. A prescriber still has to see it,
so the words the link governs ("allergic to X", 对X过敏) are the substance. In
Chinese the slot is read only in a first-person statement (我从小对杨絮过敏): a
consultation's talk of 对X过敏 is mostly general or a question. The
slot names nothing when it holds a pronoun, a question word or a bare "medicines"
("allergic to anything?", 对什么过敏): an unnamed drug allergy is read elsewhere.
Whether the statement is the patient's own allergy is judged afterwards, like any
allergen (rules.allergy_scope: general talk, avoidance, conditionals).
The words live in lexicon/data/cues/allergy.tsv; this module holds the grammar.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from memory.extraction.rules.allergy_scope import cue

Span = tuple[int, int, str]
_MAX_WORDS = 3  # "kiwi fruit", "hair dye", "latex gloves"
_ZH_SLOT = r"([\u4e00-\u9fff]{1,12}?)"


@cache
def _slots(zh: bool) -> tuple[re.Pattern[str], ...]:
    if not zh:
        return (re.compile(rf"(?:{cue('slot_link', False).pattern})\s+([a-z][a-z' -]*)", re.I),)
    link, close = cue("slot_link", True).pattern, cue("slot_link_after", True).pattern
    subject, guess = cue("slot_subject", True).pattern, cue("slot_suspicion", True).pattern
    slot, gap = rf"(?:{link}){_ZH_SLOT}(?:{close})", r"[^，。；？！,;?!]"
    asked = r"(?![^，。；]*[吗？?])"
    return (
        # 我从小对杨絮过敏: the first person's own statement (a question asks, tells nothing)
        re.compile(rf"(?:{subject}){gap}{{0,4}}?{slot}{asked}"),
        # 我是不是对洗衣液过敏了？: the patient's own guess, a question by its nature
        re.compile(rf"(?:{subject}){gap}{{0,2}}?(?:{guess}){slot}"),
        # 可能是对染发剂过敏: a clinician's reading of this patient (judged suspected)
        re.compile(rf"(?:{guess}){slot}{asked}"),
    )


def _english_names(words: str) -> list[tuple[int, str]]:
    """(offset into `words`, name) of each item of the slot: determiners dropped, each
    cut at the first word that ends a noun phrase, items joined by "and", "or" or a
    comma ("allergic to kiwi and papaya")."""
    out: list[tuple[int, str]] = []
    at = 0
    while at < len(words):
        named = _english_name(words, at)
        if named is None:
            break
        out.append(named)
        joint = _JOIN.match(words, named[0] + len(named[1]))
        if joint is None:
            break
        at = joint.end()
    return out


_JOIN = re.compile(r"\s*(?:,\s*)?(?:(?:and|or)\s+|,\s*)", re.I)


@cache
def _determiners() -> re.Pattern[str]:
    return re.compile(rf"(?:(?:{cue('slot_determiner', False).pattern})\s+)+", re.I)


def _english_name(words: str, at: int) -> tuple[int, str] | None:
    lead = _determiners().match(words, at)
    skip = lead.end() if lead else at
    taken: list[str] = []
    for word in words[skip:].split():
        if cue("slot_end", False).fullmatch(word) or len(taken) == _MAX_WORDS:
            break
        taken.append(word)
    name = " ".join(taken).strip(" '-")
    if not name or cue("slot_not_substance", False).fullmatch(name):
        return None
    if cue("slot_verb", False).fullmatch(name.split()[0]):
        return None  # "allergic to penicillin and get headaches": a reaction follows
    return skip, name.casefold()


# "新买的洗衣液" is the detergent, "护肤品中的某些成分" the skin-care product, "海鲜类"
# seafood: the head noun names the substance a prescriber looks up.
_PART_OF = re.compile(r"^(.{2,}?)(?:中的|里的|里面的)(.*)$")
_MODIFIED = re.compile(r"^.*的(?=.{2,}$)")
_KIND_TAIL = re.compile(r"(?:之类|一类|这类|类|等)$")


def _chinese_names(words: str) -> list[tuple[int, str]]:
    lead = re.match(rf"(?:{cue('slot_determiner', True).pattern})+", words)
    skip = lead.end() if lead else 0
    name = words[skip:]
    if not name or cue("slot_not_substance", True).search(name):
        return []
    part = _PART_OF.match(name)
    if part and cue("slot_vague_part", True).fullmatch(part[2]):
        return [(skip, part[1])]  # "护肤品中的某些成分": the product
    if part:
        skip, name = skip + part.start(2), part[2]  # "面霜里的香精": the part named
    head = _MODIFIED.match(name)
    if head:
        skip, name = skip + head.end(), name[head.end() :]
    tail = _KIND_TAIL.search(name)
    if tail and tail.start() >= 2:
        name = name[: tail.start()]
    return [(skip, name)]


def slot_allergens(text: str, zh: bool, found: Sequence[Span]) -> list[Span]:
    """Substances in the slot of an allergy link that no found allergen covers."""
    out: list[Span] = []
    matches = sorted((m for p in _slots(zh) for m in p.finditer(text)), key=lambda m: m.start(1))
    for m in matches:
        for skip, name in _chinese_names(m[1]) if zh else _english_names(m[1]):
            start = m.start(1) + skip
            end = start + len(name)
            if all(end <= s or start >= e for s, e, _ in [*found, *out]):
                out.append((start, end, name))
    return out
