"""Whether a substance named beside an allergy word is an allergy of the patient.

An allergy in the safety profile blocks a treatment and raises alerts, so a false
one costs as much as a missing one (issue 29). An allergy is the patient reacting
to a substance. Said beside an allergy word, a substance is none when it is:

* general talk
  ("some people with this also react to sulfa drugs");
* the head of a condition name (花粉症 is hay fever);
* not linked to the allergy word ("allergic to X", "X allergy", 对X过敏) and
  avoided or cleaned out in counselling, one of a list of common allergens, the
  drug chosen instead, or a drug that treats allergy (antihistamines, steroids,
  leukotriene antagonists: lexicon classes);
* in Chinese, in a clause that says nothing of a reaction (我对海鲜过敏，前天吃了虾).

A linked class word beside a member drug ("I reacted to some antibiotic, I think it
was cefalexin") is the member. A substance taken without trouble is a negative
finding; a guess or a test ordered to find out makes it suspected.
The words live in lexicon/data/cues/allergy.tsv; this module holds the grammar.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from memory.lexicon import find_mentions
from memory.lexicon.classes import ancestry
from memory.lexicon.cues import cues

NONE, NEGATED, SUSPECTED = "none", "negated", "hypothetical"
# How far a link word may stand from its substance: "allergic to the penicillin",
# 对青霉素过敏; a few words of a name ("allergic to sulfa drugs").
_LINK_GAP = {
    False: rf"(?:\s+{cues('allergy').pattern('link_determiner', 'en')})*\s*",
    True: r"[都也有会]?",
}
_CLAUSE_END = {False: re.compile(r"[.!?;,]"), True: re.compile(r"[。！？；，,.!?;]")}


@cache
def cue(category: str, zh: bool) -> re.Pattern[str]:
    return cues("allergy").regex(category, "zh" if zh else "en")


@cache
def _link_before(zh: bool) -> re.Pattern[str]:
    return re.compile(rf"(?:{cue('link_before', zh).pattern}){_LINK_GAP[zh]}$", re.I)


@cache
def _link_after(zh: bool) -> re.Pattern[str]:
    return re.compile(rf"{_LINK_GAP[zh]}(?:{cue('link_after', zh).pattern})", re.I)


@cache
def treating_classes() -> frozenset[str]:
    return frozenset(f.casefold() for f in cues("allergy").forms("treats_allergy_class", "en"))


def _clause(text: str, start: int, end: int, zh: bool) -> tuple[str, str]:
    """(the clause before the substance, the clause after it); a contrast word
    ("but", 但是) also ends a clause."""
    ends, contrast = _CLAUSE_END[zh], cue("contrast", zh)
    before = ends.split(text[:start])[-1]
    cut = list(contrast.finditer(before))
    if cut:
        before = before[cut[-1].end() :]
    after = ends.split(text[end:])[0]
    first = contrast.search(after)
    return before, after[: first.start()] if first else after


def linked(text: str, start: int, end: int, zh: bool) -> bool:
    """The allergy word is said of this very substance: "allergic to X", "X allergy"."""
    return _linked_directly(text, start, end, zh) or _back_referenced(text, end, zh)


def _linked_directly(text: str, start: int, end: int, zh: bool) -> bool:
    return bool(
        _link_before(zh).search(text[max(0, start - 30) : start])
        or _link_after(zh).match(text, end)
    )


def _back_referenced(text: str, end: int, zh: bool) -> bool:
    """A later "reaction to that" points at the substance named last before it only
    ("try a cortisone injection, and avoid the dexamethasone, because you had a
    reaction to that": the dexamethasone)."""
    ref = cue("back_reference", zh).search(text, end)
    if ref is None:
        return False
    between = find_mentions(text[end : ref.start()])
    return not any(m.entry.kind in ("drug", "drug_class") for m in between)


@cache
def _general_after(zh: bool) -> re.Pattern[str]:
    link = cue("link_after", zh).pattern
    return re.compile(rf"{_LINK_GAP[zh]}{link}\s*(?:{cue('general_after', zh).pattern})", re.I)


def _conditional_or_general(text: str, before: str, end: int, zh: bool) -> bool:
    """The allergy is a condition ("如果对青霉素过敏") or a kind of people ("对青霉素过敏的人")."""
    return bool(cue("conditional", zh).search(before) or _general_after(zh).match(text, end))


def _treats_allergy(name: str) -> bool:
    return any(c.casefold() in treating_classes() for c in ancestry(name))


def _unlinked_none(before: str, after: str, name: str, zh: bool, told: bool) -> bool:
    """A substance the allergy word is not said of: counselling, a list, a choice, a remedy."""
    clause = f"{before} {after}"
    if cue("avoidance", zh).search(before) or cue("allergen_list", zh).search(clause):
        return True
    if cue("instead", zh).search(clause) or _treats_allergy(name):
        return True
    if cue("treatment", zh).search(before):
        return True
    return zh and not told


def judge(
    text: str, start: int, end: int, name: str, zh: bool, *, in_frame: bool, reacts: bool
) -> str | None:
    """NONE (no item), NEGATED, SUSPECTED, or None (the caller's own reading).

    `in_frame`: it answers an allergy question (or names the drug of a linked
    class word), so it needs no link of its own; `reacts`: its own clause speaks
    of an allergy or a reaction."""
    if cue("general_talk", zh).search(text[:start]):
        return NONE
    if zh and cue("condition_suffix", zh).match(text, end):
        return NONE
    if cue("not_a_substance_after", zh).match(text[end:].lstrip()):
        return NONE  # "a cat scan" is a CT scan
    before, after = _clause(text, start, end, zh)
    direct = _linked_directly(text, start, end, zh)
    said_of = direct or _back_referenced(text, end, zh)
    # "如果对青霉素过敏" supposes the allergy; "我一旦吃青霉素就过敏" tells the reaction
    # that follows each time (a back-reference is a consequence, never supposed).
    if direct and _conditional_or_general(text, before, end, zh):
        return NONE
    if cue("tolerance", zh).search(after):
        return NEGATED  # "but cefalexin is fine": taken without reaction
    # Counselling, a list, a choice or a remedy is none even in answer to an allergy
    # question; only the need for a reaction word in the clause is lifted there.
    if not said_of and _unlinked_none(before, after, name, zh, reacts or in_frame):
        return NONE
    clause = f"{before} {after}"
    tested = cue("test_ordered", zh).search(clause) and not cue("test_result", zh).search(text)
    if cue("suspicion", zh).search(before) or tested:
        return SUSPECTED
    return None


def clause_speaks(text: str, start: int, end: int, zh: bool, speaks: re.Pattern[str]) -> bool:
    """The substance's clause speaks of an allergy or a reaction, or the clause is one
    bare item of a list whose allergy word the sentence says (青霉素，头孢，磺胺都过敏)."""
    before, after = _clause(text, start, end, zh)
    if speaks.search(before) or speaks.search(after):
        return True
    rest = cue("list_word", zh).sub("", f"{before}{after}")
    return len(re.sub(r"[\W_]", "", rest)) <= 1 and bool(speaks.search(text))


def members_over_classes(found: Sequence[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """A class word beside a drug of that class names the drug: keep the drug only."""
    names = [n for _, _, n in found]
    return [
        (a, b, n) for a, b, n in found if not any(m != n and n in ancestry(m)[1:] for m in names)
    ]


@cache
def _self_guess(zh: bool) -> re.Pattern[str]:
    guess = cue("self_guess", zh).pattern
    return re.compile(rf"(?:{guess})[^，。；？！]{{0,12}}?过敏" if zh else guess, re.I)


def self_guess(text: str, zh: bool) -> bool:
    """The speaker's own guess at an allergy, asked as a question ("是不是对化妆品过敏
    了？", "could I be allergic to the new soap?"). From the patient's side it tells a
    suspected allergy; the same question from a clinician asks and tells nothing."""
    return bool(_self_guess(zh).search(text))
