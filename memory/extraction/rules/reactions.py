"""The reaction of an allergy belongs to the allergy, never to the patient's conditions.

"I got amoxicillin and broke out in a red itchy rash all over my body, hives" tells
an allergy and what it did: the rash and the hives are the allergy's reaction
(its `reaction` slot, FHIR AllergyIntolerance.reaction), not a current rash or a
diagnosis of urticaria. The same words under an allergy question ("Any swelling
of the lips that time?" - "No, just the rash") describe that reaction too.
"""

from __future__ import annotations

import re
from dataclasses import replace

from memory.domain.types import ExtractedFact
from memory.extraction.rules import allergy_scope
from memory.extraction.rules.context_types import SentenceCtx, make_fact
from memory.lexicon.cues import cues

# Canonical names (after the lexicon) of what an allergic or intolerance reaction
# looks like: skin, swelling, airway (data: lexicon/data/cues/safety.tsv).
REACTION_NAMES = frozenset(cues("safety").forms("reaction_name"))
# A drug followed by what it did to the body: "broke out in", "gave me a rash",
# "reacted to", 吃了…起了疹子.
_DRUG_REACTION_EN = re.compile(
    r"\b(?:broke out|break(?:s)? out|breaking out|(?:bad |allergic |drug )?reactions?|"
    r"react(?:ed|s)?|allerg\w*|"
    r"(?:gave|gives?) (?:me|him|her|them) (?:a |an |the )?(?:\w+ )?(?:rash|hives|welts)|"
    r"(?:made|makes?) (?:me|him|her|them) (?:break out|itch|swell))\b",
    re.I,
)
# "I get hives from amoxicillin": the reaction first, then what brought it on.
_GOT_REACTION_EN = re.compile(
    r"\b(?:get|gets|got|getting) (?:a |an |the )?(?:\w+ )?(?:rash|hives|welts) "
    r"(?:from|after|with|when)\b",
    re.I,
)
_DRUG_REACTION_ZH = re.compile(
    # 起了(一身/一片/很多)疹子: a measure word may stand between the verb and the rash.
    r"过敏|不良反应|起了?(?:一身|全身|一片|一大片|很多|好多|一些)?(?:疹子|红疹|皮疹|风团|荨麻疹|包)|"
    r"出了?(?:一身|全身|一片|很多|好多|一些)?(?:疹子|红疹|皮疹)|"
    r"(?:全身|浑身)(?:发)?(?:痒|红|肿)"
)


_CONDITIONAL = cues("safety").pattern("habit_conditional", "en")
_TAKING = cues("safety").pattern("taking_verb", "en")
# What a reaction is blamed on, right before the drug: "itching with the", "a rash
# from", "a reaction to", "hives after", 吃…起疹子 is _DRUG_REACTION_ZH's.
_BLAMED_ON_EN = re.compile(
    r"\b(?:itch\w*|rash\w*|hives|welts|swell\w*|react\w*|allerg\w*|intoleran\w*|"
    r"sensitiv\w*|side effects?)\s+(?:\w+\s+){0,2}?"
    rf"(?:with|from|to|after|on|{_CONDITIONAL} (?:i|he|she|you) {_TAKING})\s+"
    r"(?:(?:the|that|this|your|my|his|her)\s+)?(?:(?:any|some)\s+)?$",
    re.I,
)


def reaction_causes(ctx: SentenceCtx) -> set[str]:
    """Drugs the sentence names as what caused a reaction ("I got a rash from the
    amoxicillin", "you suffer from itching with the prednisone?"): the reaction's
    cause, not a medication in use. A drug taken for the reaction ("cetirizine for the
    itching") is not blamed."""
    drugs = (h for h in ctx.hits if h.kind in ("drug", "drug_class"))
    return {h.canonical for h in drugs if _blamed(ctx, h.start)}


def _blamed(ctx: SentenceCtx, start: int) -> bool:
    return not ctx.zh and bool(_BLAMED_ON_EN.search(ctx.text, max(0, start - 60), start))


def reaction_context(ctx: SentenceCtx, allergy_cue: bool) -> bool:
    """The sentence describes a reaction to something: it names an allergy, answers
    an allergy question, or tells what a drug did ("broke out in hives")."""
    if allergy_cue or (ctx.frame is not None and ctx.frame.topic == "allergy"):
        return True
    if _drug_reaction_said(ctx):
        return bool(substances(ctx))
    return _habitual(ctx) and any(h.canonical in REACTION_NAMES for h in ctx.hits)


Substance = tuple[int, int, str]


def substances(ctx: SentenceCtx) -> list[Substance]:
    """(start, end, name) of the drugs and of the foods, pollens, animals and materials
    (cues/allergy.tsv allergen) the sentence names: what a reaction may be told of."""
    found = [(h.start, h.end, h.canonical) for h in ctx.hits if h.kind in ("drug", "drug_class")]
    for m in allergy_scope.cue("allergen", ctx.zh).finditer(ctx.text):
        if all(m.end() <= a or m.start() >= b for a, b, _ in found):
            found.append((m.start(), m.end(), m[0].casefold()))
    return sorted(found)


def is_reaction(fact: ExtractedFact) -> bool:
    return fact.type in ("condition", "symptom") and (fact.entity or "") in REACTION_NAMES


def with_reactions(
    ctx: SentenceCtx, allergies: list[ExtractedFact], findings: list[ExtractedFact]
) -> tuple[list[ExtractedFact], list[ExtractedFact]]:
    """(allergies carrying the reaction in their `reaction` slot, the findings that
    are not the reaction). Called only for a sentence that describes a reaction; a
    drug told with what it did and no allergy word ("I got amoxicillin and broke out
    in hives") is an allergy to that drug: safety facts, better too many than one missed."""
    reactions = [f for f in findings if is_reaction(f)]
    kept = [f for f in findings if not is_reaction(f)]
    seen = [f.entity for f in reactions if f.assertion != "negated" and f.entity]
    if not seen:
        return allergies, kept
    named = ", ".join(dict.fromkeys(seen))
    if not allergies:
        allergies = _told_reaction(ctx, min(_reaction_start(ctx, f) for f in reactions))
    out = [
        replace(a, slots={**a.slots, "reaction": named})
        if a.safety_kind == "allergy" and a.assertion != "negated" and "reaction" not in a.slots
        else a
        for a in allergies
    ]
    return out, kept


def _reaction_start(ctx: SentenceCtx, fact: ExtractedFact) -> int:
    """Where the reaction is named in the sentence (its first mention)."""
    return next((h.start for h in ctx.hits if h.canonical == fact.entity), len(ctx.text))


# "If I take penicillin I get hives", "whenever she takes sulfa she breaks out": what
# happens each time the person takes the drug, told in the present, is an allergy had;
# "if you get a rash from it, stop it" and "if I took it I would itch" suppose one.
_HABITUAL_EN = re.compile(rf"\b{_CONDITIONAL}\s+(?:i|he|she)\s+{_TAKING}\b", re.I)
_TAKEN_GAP = 12  # "if I take the penicillin", "when she takes any sulfa"
_SUPPOSED_EN = re.compile(r"\b(?:will|would|could|might|'ll|'d)\b", re.I)


def _drug_reaction_said(ctx: SentenceCtx) -> bool:
    if ctx.zh:
        return bool(_DRUG_REACTION_ZH.search(ctx.text))
    return bool(_DRUG_REACTION_EN.search(ctx.text) or _GOT_REACTION_EN.search(ctx.text))


def _habitual(ctx: SentenceCtx) -> bool:
    """The conditional takes a drug ("if I take penicillin"), not anything else
    ("when I get these headaches"), and nothing in the sentence supposes."""
    if ctx.zh or _SUPPOSED_EN.search(ctx.text):
        return False  # Chinese 一…就 is read as present by the assertion scope already
    drugs = [a for a, _, _ in substances(ctx)]
    return any(
        any(0 <= d - m.end() <= _TAKEN_GAP for d in drugs) for m in _HABITUAL_EN.finditer(ctx.text)
    )


def _told_reaction(ctx: SentenceCtx, reaction_at: int) -> list[ExtractedFact]:
    """An allergy to the drug named last before the reaction, if the reaction was told
    as what a drug did (not only under an allergy question with no drug named)."""
    habitual = _habitual(ctx)
    if not (habitual or _drug_reaction_said(ctx)):
        return []
    if ctx.assertion(reaction_at, reaction_at + 1) == "hypothetical" and not habitual:
        return []  # "if you get a rash from the amoxicillin, stop it": supposed
    named = substances(ctx)
    before = [x for x in named if x[1] <= reaction_at]
    # "I get hives from amoxicillin", "a rash when I eat shrimp": what is blamed after it
    blamed = [x for x in named if x[0] >= reaction_at and _blamed(ctx, x[0])]
    if not (before or blamed):
        return []
    start, end, name = before[-1] if before else blamed[0]
    assertion = ctx.assertion(start, end)
    if assertion == "negated" or (assertion == "hypothetical" and not habitual):
        return []
    return [
        make_fact(
            ctx,
            start,
            type="safety",
            safety_kind="allergy",
            entity=name,
            assertion="present",  # a reaction told as past history: an allergy now
            confidence=0.75,
        )
    ]
