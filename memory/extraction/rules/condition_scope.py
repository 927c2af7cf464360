"""Condition names said of no one, or of someone else (issue 30, item 3).

A clinician names diseases that are nobody's finding in this patient: a group of
other people ("patients with covid"), a study or an organisation ("a diabetes
study"), examples of a kind ("either a psychiatric disease, or schizophrenia,
bipolar, things like that"), a concern of what may come ("concern for a needle
stick"), and a yes/no question inside a sentence an ASR transcript did not end
with a question mark ("have you ever had any issues with urinary retention").
Stored as the patient's, each shows on the overview as a diagnosis nobody made.

The words are data (lexicon/data/cues/condition_talk.tsv); this module keeps the
grammar: where a cue stands relative to the name within its clause, and what
makes the name the patient's after all (a possessive, a person who has the list,
a question that presupposes the condition: "how long have you had diabetes").
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory.extraction.rules.condition_talk import clause_head, clause_tail, owned, split_denial
from memory.extraction.rules.context_types import SentenceCtx
from memory.extraction.rules.entities import Hit
from memory.lexicon.cues import cues

# How far before the name a group noun ("people with poorly controlled diabetes") or a
# question verb ("have you ever had any issues where you had what we call ...") reaches.
_GROUP_GAP_EN = r"\s+(?:[\w'-]+\s+){0,3}$"
_ASKED_REACH = {False: 90, True: 16}


@lru_cache(maxsize=32)
def _cue(category: str, zh: bool) -> re.Pattern[str]:
    return cues("condition_talk").regex(category, "zh" if zh else "en")


@lru_cache(maxsize=2)
def _group_before(zh: bool) -> re.Pattern[str]:
    if zh:
        return re.compile("(?!)")
    return re.compile(_cue("third_party_before", False).pattern + _GROUP_GAP_EN, re.I)


@lru_cache(maxsize=2)
def _right_after(category: str, zh: bool) -> re.Pattern[str]:
    gap = r"\s*" if zh else r"s?\s+"
    return re.compile(gap + _cue(category, zh).pattern, re.I)


def not_said_of_the_patient(ctx: SentenceCtx, hit: Hit) -> bool:
    """The condition name stands for other people, a study, examples, a concern or a
    question, not for a condition the patient has. Only a name read as present is
    weighed: a denial ("no fracture or anything like that") is a negative finding
    worth keeping, and so is the question an answer settles ("Anyone with diabetes?"
    - "No."), which rules.answers reads as the answer's statement."""
    if ctx.frame is not None and ctx.frame.text == ctx.text:
        return False
    if ctx.assertion(hit.start, hit.end) != "present" or split_denial(ctx, hit):
        return False
    return (
        _third_party(ctx, hit)
        or bool(_right_after("modifier_after", ctx.zh).match(ctx.text, hit.end))
        or _examples(ctx, hit)
        or _concern(ctx, hit)
        or _asked(ctx, hit)
    )


def _third_party(ctx: SentenceCtx, hit: Hit) -> bool:
    """ "patients with covid", 有糖尿病的人: a group named by its condition."""
    if _right_after("third_party_after", ctx.zh).match(ctx.text, hit.end):
        return True
    return bool(_group_before(ctx.zh).search(clause_head(ctx, hit)))


def _examples(ctx: SentenceCtx, hit: Hit) -> bool:
    """A clinician's examples of a kind ("schizophrenia, bipolar, things like that",
    "such as lupus", 比如糖尿病之类的) said of no person. A patient listing his own
    history in short ("diabetes, reflux, stuff like that") keeps it."""
    if ctx.sent.role != "doctor":
        return False
    head = clause_head(ctx, hit)
    if _cue("person_has", ctx.zh).search(head):
        return False
    return bool(
        _cue("example_before", ctx.zh).search(head)
        or _cue("list_closer", ctx.zh).search(clause_tail(ctx, hit))
    )


def _concern(ctx: SentenceCtx, hit: Hit) -> bool:
    """ "concern for a needle stick", 担心会出现肺炎: feared, not found; "worried about
    my asthma" is the patient's own."""
    head = clause_head(ctx, hit)
    found = list(_cue("concern", ctx.zh).finditer(head))
    return bool(found) and not owned(head[found[-1].end() :], ctx.zh)


def _asked(ctx: SentenceCtx, hit: Hit) -> bool:
    """A yes/no question before the name in its clause ("have you had any injuries to
    that ankle", 有没有得过胃溃疡): asked, not said. A possessive ("have you had trouble
    with your asthma"), a "still" ("are you still having reflux") or a wh-word before
    the verb ("how long have you had diabetes") presupposes the condition. A marked
    question is read only when its answer says yes (rules.answers): then it states.
    A speaker's "I" between the question and the name starts a statement of his own
    ("how are you doing I was told you were in hospital for heart failure")."""
    if ctx.sent.is_question:
        return False
    head = clause_head(ctx, hit)[-_ASKED_REACH[ctx.zh] :]
    found = list(_cue("asked", ctx.zh).finditer(head))
    if not found:
        return False
    last = found[-1]
    between = head[last.end() :]
    presupposed = _cue("asked_presupposed", ctx.zh).search(head[: last.start()][-16:])
    still = _cue("asked_still", ctx.zh).search(head[max(0, last.start() - 3) :])
    stated = _cue("speaker_statement", ctx.zh).search(between)
    return not (presupposed or still or stated or owned(between, ctx.zh))


_DRUG_KINDS = frozenset({"drug", "drug_class"})
_ARTICLE_EN = r"(?:(?:the|my|your|his|her|this|that)\s+)?"


@lru_cache(maxsize=2)
def _drug_link(zh: bool) -> re.Pattern[str]:
    if zh:
        return re.compile(rf"^(?:{_cue('reaction_link_before', True).pattern})[^，。；]{{0,6}}$")
    return re.compile(rf"\s+{_cue('reaction_link_after', False).pattern}\s+{_ARTICLE_EN}$", re.I)


def reaction_to_a_drug(ctx: SentenceCtx, hit: Hit) -> bool:
    """A complaint told with the drug that brings it ("itching with the
    methylprednisolone", 吃了泼尼松就一直瘙痒) is the drug's reaction, not a standing
    condition (it stays a symptom); a disease named so ("eczema with the prednisone")
    stays one."""
    if hit.kind != "symptom":
        return False
    drugs = [h for h in ctx.hits if h.kind in _DRUG_KINDS]
    link = _drug_link(ctx.zh)
    if ctx.zh:
        return any(d.end <= hit.start and link.match(ctx.text[d.end : hit.start]) for d in drugs)
    return any(d.start >= hit.end and link.match(ctx.text[hit.end : d.start]) for d in drugs)
