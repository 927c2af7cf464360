"""Whether a named operation is one the patient had, a plan, or no item at all.

An operation in the safety profile is read by a clinician before anaesthesia,
anticoagulation or a repeat procedure, so a false one costs as much as a
missing one (issue 29). The words live in lexicon/data/cues/operations.tsv;
this module holds the grammar: which cue, where, outweighs which.

* never an item: an operation avoided or not needed ("so we can avoid a knee
  replacement", "不需要做手术"), a hypothetical one ("如果保守治疗无效才考虑…"),
  counselling about an operation ("most people with this never need…"),
  advice for the time after an operation not yet done ("after the knee
  replacement you will need…"), and a third party's operation ("my neighbour
  had a hip replacement");
* planned: a plan word before the operation and no done-cue ("we will schedule
  a knee replacement", "准备做膝关节置换术"): stored with status planned, never
  as history.
"""

from __future__ import annotations

import re
from functools import cache

from memory.lexicon.cues import cues

# How far back a cue of the item's own sentence is read (characters).
_WINDOW = 120
# The end of a clause: English ASR text is full of commas, so only a full stop ends
# an English clause ("If the brace fails, you may need a knee replacement").
_CLAUSE_END = {False: re.compile(r"[.!?;]"), True: re.compile(r"[。！？；，,.!?;]")}


@cache
def cue(category: str, zh: bool) -> re.Pattern[str]:
    """The operations.tsv alternation of one category, compiled once per language."""
    return cues("operations").regex(category, "zh" if zh else "en")


@cache
def forms(category: str, zh: bool) -> frozenset[str]:
    return frozenset(f.casefold() for f in cues("operations").forms(category, "zh" if zh else "en"))


@cache
def _plan_before(zh: bool) -> re.Pattern[str]:
    """A plan word before the name, with no done word between them ("we will
    schedule a knee replacement"; not "I will tell him you had a colonoscopy")."""
    plan = cue("plan", zh).pattern
    if zh:
        # 准备做胆囊切除术: the plan word, then no 过/了/完 (done) up to the name.
        return re.compile(rf"{plan}(?:(?![过了完])[\u4e00-\u9fff]){{0,16}}$")
    done = cue("done_verb", zh).pattern
    return re.compile(rf"{plan}(?:(?!{done})[^.,;]){{0,40}}$", re.I)


def _clause_before(text: str, start: int) -> str:
    before = text[max(0, start - _WINDOW) : start]
    parts = _CLAUSE_END[False].split(before)
    return parts[-1] if parts else before


def _clause_after(text: str, end: int) -> str:
    """ "skin graft closure may be needed": a possibility said right after the name."""
    return _CLAUSE_END[True].split(text[end : end + 40])[0]


def done_strongly(text: str, zh: bool) -> bool:
    return bool(cue("done_strong", zh).search(text))


def never_an_item(text: str, start: int, end: int, zh: bool, *, post_op: bool = False) -> bool:
    """The operation at text[start:end] is avoided, hypothetical, counselling,
    post-operative advice for an operation not yet done, or a third party's.
    Chinese is read over the whole sentence: a cue match may start inside its
    lead-in ("如果需要做胆囊切除术"), and the cue may follow ("…是可以考虑的选择").
    `post_op`: the patient's side tells the days after it (我妈妈膝关节置换术后走路还不稳),
    which is no advice for an operation to come."""
    clause = text if zh else _clause_before(text, start)
    if cue("avoided", zh).search(clause) or cue("third_party", zh).search(text[:start]):
        return True
    if done_strongly(text, zh):
        return False  # "I had a knee replacement in 2015, if I remember right"
    if cue("hypothetical", zh).search(clause) or cue("counselling", zh).search(text):
        return True
    if not zh and cue("hypothetical", zh).search(_clause_after(text, end)):
        return True
    if post_op:
        return False
    if zh and cue("postop_after", zh).match(text, end):
        return True  # "胆囊切除术后需要注意…": advice for after the operation
    return bool(cue("postop_advice", zh).search(clause) and cue("instruction", zh).search(text))


def planned(text: str, start: int, end: int, zh: bool) -> bool:
    """A plan word stands before the operation's name, or a plan is said right after
    it ("the knee replacement is scheduled for May"). Chinese is read through the
    name, since a cue match may start inside its lead-in ("准备做胆囊切除术")."""
    if cue("plan_after", zh).match(text[end : end + 30].lstrip()):
        return True
    if zh:
        return bool(_plan_before(zh).search(text[max(0, start - 12) : end]))
    return bool(_plan_before(zh).search(text[max(0, start - 60) : start]))


@cache
def no_site_words() -> frozenset[str]:
    """English words that name no site or type of an operation: function words, sides
    and counts ("had", "right", "second" in "had my second right knee surgery")."""
    return forms("not_a_site", False) | forms("side", False) | forms("count", False)
