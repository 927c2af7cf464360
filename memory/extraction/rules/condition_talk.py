"""Talk that names a condition the patient does not have (issue 30, item 3).

A clinician names diseases while counselling: the risks of a procedure ("the risk
of infection is under one percent"), a drug's side effects, the causes a finding
could have ("it could be anything from a migraine to a tumour"), what a medicine
is for ("a drug used for diabetes"), or a definition ("sinusitis is the
inflammation of the sinuses"). None of these is a diagnosis; stored as one, it
shows on the patient's page as a disease nobody found.

The words are data (lexicon/data/cues/condition_talk.tsv); this module keeps the
grammar: a cue before the name in the same clause, a risk word right after it, a
possessive that makes an indication the patient's own, and the copula between two
condition names. It also reads the one word whose sense its site decides: a bare
"ulcer" said of a foot, a hip or the skin is a skin ulcer, not a stomach ulcer.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory.extraction.rules.context_types import SentenceCtx
from memory.extraction.rules.entities import Hit
from memory.lexicon.cues import cues

# A clause ends at a strong stop or a contrast: "the risk of bleeding is low, but you
# have anaemia" says the anaemia of the patient.
_CLAUSE_END_EN = re.compile(r"[;:?!]|\.(?!\d)|\b(?:but|however|although)\b", re.I)
_CLAUSE_END_ZH = re.compile(r"[；：？！。]|但是|不过|可是")
# "used for your diabetes", 用于治疗您的糖尿病: the indication is the patient's own.
_POSSESSIVE_EN = re.compile(r"\b(?:your|my|his|her|their)\s+(?:\w+\s+)?$", re.I)
_POSSESSIVE_ZH = re.compile(r"(?:您|你|我|他|她)(?:的)?[^，。；]{0,4}$")
# Between a defining cue and the defining word: an article or a hedge, then a word
# or two ("is the acute inflammation", "is just inflammation"), in Chinese a few
# characters (就是胃黏膜的炎症). Without one, "your diabetes is type 2 diabetes"
# names the form, no definition.
_DEFINING_GAP_EN = (
    rf"\s+(?:{cues('condition_talk').pattern('defining_hedge', 'en')}\s+)+"
    r"(?:\w+\s+){0,2}$"
)
_DEFINING_GAP_ZH = r"[^，。；]{0,10}$"


@lru_cache(maxsize=16)
def _cue(category: str, zh: bool) -> re.Pattern[str]:
    return cues("condition_talk").regex(category, "zh" if zh else "en")


def named_in_talk(ctx: SentenceCtx, hit: Hit, others: tuple[Hit, ...]) -> bool:
    """Is this condition name part of counselling or general talk, not a finding?
    `others` are the sentence's other condition names (for a definition)."""
    return (
        _after_cue(ctx, hit, "risk_before")
        or _risk_after(ctx, hit)
        or _after_cue(ctx, hit, "differential")
        or _indication(ctx, hit)
        or _defining_word(ctx, hit, others)
    )


def clause_head(ctx: SentenceCtx, hit: Hit) -> str:
    """The text of the hit's clause before it."""
    head = ctx.text[: hit.start]
    ends = list((_CLAUSE_END_ZH if ctx.zh else _CLAUSE_END_EN).finditer(head))
    return head[ends[-1].end() :] if ends else head


def clause_tail(ctx: SentenceCtx, hit: Hit) -> str:
    """The text of the hit's clause after it."""
    end = (_CLAUSE_END_ZH if ctx.zh else _CLAUSE_END_EN).search(ctx.text, hit.end)
    return ctx.text[hit.end : end.start() if end else len(ctx.text)]


def owned(between: str, zh: bool) -> bool:
    """A possessive right before the condition ("for your diabetes", 您的糖尿病)."""
    return bool((_POSSESSIVE_ZH if zh else _POSSESSIVE_EN).search(between))


def _after_cue(ctx: SentenceCtx, hit: Hit, category: str) -> bool:
    return bool(_cue(category, ctx.zh).search(clause_head(ctx, hit)))


@lru_cache(maxsize=2)
def _risk_word_after(zh: bool) -> re.Pattern[str]:
    gap = r"的?" if zh else r"\s+"
    return re.compile(gap + _cue("risk_after", zh).pattern, re.I)


def _risk_after(ctx: SentenceCtx, hit: Hit) -> bool:
    """ "a stroke risk", 心梗的风险: the risk word right after the name."""
    return bool(_risk_word_after(ctx.zh).match(ctx.text, hit.end))


def _indication(ctx: SentenceCtx, hit: Hit) -> bool:
    head = clause_head(ctx, hit)
    found = list(_cue("indication", ctx.zh).finditer(head))
    if not found:
        return False
    return not owned(head[found[-1].end() :], ctx.zh)


@lru_cache(maxsize=2)
def _defining_copula(zh: bool) -> re.Pattern[str]:
    gap = _DEFINING_GAP_ZH if zh else _DEFINING_GAP_EN
    return re.compile(r"^\s*[,，]?\s*" + _cue("definition", zh).pattern + gap, 0 if zh else re.I)


def _defining_word(ctx: SentenceCtx, hit: Hit, others: tuple[Hit, ...]) -> bool:
    """ "Sinusitis is the inflammation of ...": a name right after another condition
    name and a defining copula is the definition's word, not a second condition."""
    defining = _defining_copula(ctx.zh)
    return any(o.end <= hit.start and defining.match(ctx.text[o.end : hit.start]) for o in others)


# The lexicon reads a bare "ulcer" as the stomach's (peptic ulcer disease); said of
# a place on the skin or a limb ("this ulcer on my heel", "ulcers on both thighs",
# 脚上的溃疡) it is a skin ulcer, whose care and risks are another disease's.
_BARE_ULCER = re.compile(r"^(?:ulcers?|溃疡)$", re.I)
_SKIN_ULCER = "skin ulcer"


def condition_name(ctx: SentenceCtx, hit: Hit) -> str:
    """The condition a name stands for in its sentence: its canonical, or a skin
    ulcer for a bare "ulcer" said with a skin site in the same sentence."""
    if not _BARE_ULCER.match(hit.surface):
        return hit.canonical
    return _SKIN_ULCER if _cue("skin_site", ctx.zh).search(ctx.text) else hit.canonical


# Transcripts split the clitic ("you do n't have", "it is n't"): a denial the
# sentence's negation scope does not read. Read here for conditions only, within
# the clause and a few words before the name, as a negation cue is.
_DENIAL_REACH = 60


def split_denial(ctx: SentenceCtx, hit: Hit) -> bool:
    """A clitic-split denial ("do n't have") governs the condition name."""
    if ctx.zh:
        return False
    head = clause_head(ctx, hit)[-_DENIAL_REACH:]
    return bool(_cue("split_denial", False).search(head))
