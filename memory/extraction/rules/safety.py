"""Safety facts (docs/design.md §1.3): allergy and contraindication (surgical or bleeding
history: rules.surgery; interaction warnings: rules.interactions). Each is its own fact;
better too many than one missed. Words live in lexicon/data/cues/safety.tsv.

Negations are kept as negated facts, never dropped and never turned into a
presence: "no known drug allergies" -> one negated allergy with no entity;
"not allergic to penicillin" -> a negated penicillin allergy.
"""

from __future__ import annotations

import itertools
import re

from memory.domain.types import ExtractedFact
from memory.extraction.rules import allergy_choices, allergy_scope, allergy_slots, allergy_tests
from memory.extraction.rules.context import sentence_affirmative, sentence_negative
from memory.extraction.rules.context_types import SentenceCtx, make_fact
from memory.extraction.rules.entities import Hit, find_entities
from memory.extraction.rules.reactions import substances
from memory.lexicon.classes import ancestry
from memory.lexicon.cues import cues

_ALLERGY_CUE = re.compile(
    r"allerg\w*|\breact(?:ed|ion|ions)?\b|intoleran\w*|anaphyla\w*|\bnkda\b|sensitive to|"
    r"过敏|不耐受",
    re.I,
)
# Substances people react to that the drug lexicon does not hold (foods, pollens,
# animals, materials): vocabulary in lexicon/data/cues/allergy.tsv.
ALLERGEN_EN = allergy_scope.cue("allergen", False)
ALLERGEN_ZH = allergy_scope.cue("allergen", True)
_SAFETY = cues("safety")
_REACTION = re.compile(
    rf"\b{_SAFETY.pattern('reaction', 'en')}\b|{_SAFETY.pattern('reaction', 'zh')}", re.I
)
_NO_ALLERGY_SENTENCE = re.compile(
    r"\b(?:no|not|denies|deny|nkda|none)\b.{0,40}\ballerg|\bnkda\b|"
    r"\b(?:don't|doesn't|do not|does not)\s+have\b.{0,30}\ballerg(?:y|ies|ic)\b(?!\s+symptom)|"
    r"没有.{0,6}过敏|无.{0,6}过敏|否认.{0,8}过敏|不过敏|"
    r"不对[^，。；]{0,8}过敏|过敏史[：:\s]*(?:无|没有|否认)|[没未](?:有)?发现[^，。；]{0,8}过敏",
    re.I,
)
_CONTRA = _SAFETY.regex("contraindication")


# What makes a clause speak of an allergy: the allergy word or a reaction.
_SPEAKS = re.compile(f"{_ALLERGY_CUE.pattern}|{_REACTION.pattern}", re.I)


def _allergens(ctx: SentenceCtx) -> list[tuple[int, int, str]]:
    """(start, end, canonical) of drugs, drug classes, common non-drug allergens and
    the allergen a statement's slot names ("allergic to papaya")."""
    found = substances(ctx)
    return sorted(found + allergy_slots.slot_allergens(ctx.text, ctx.zh, found))


def _reaction(text: str) -> str | None:
    m = _REACTION.search(text)
    return m[0] if m else None


def _allergy_fact(
    ctx: SentenceCtx, pos: int, entity: str | None, assertion: str, content: str
) -> ExtractedFact:
    return make_fact(
        ctx,
        pos,
        type="safety",
        safety_kind="allergy",
        entity=entity,
        assertion=assertion,
        content=content,
        confidence=0.85 if assertion == "present" else 0.7,
    )


def _question_allergens(ctx: SentenceCtx) -> list[str]:
    """Drugs named in the open allergy question ("Penicillin or sulfa?"). A frame
    opened by a statement names no drug to the reply: "try a cortisone injection and
    avoid the dexamethasone, you reacted to that" - "that one itched me" is no
    cortisone allergy (the statement's own allergy was read where it was said)."""
    if ctx.frame is None or ctx.frame.stated:
        return []
    hits = find_entities(ctx.frame.text, ctx.zh)
    names = [h.canonical for h in hits if h.kind in ("drug", "drug_class")]
    pattern = ALLERGEN_ZH if ctx.zh else ALLERGEN_EN
    return names + [m[0].casefold() for m in pattern.finditer(ctx.frame.text)]


# "You've previously tolerated cephalosporins without any problems": a drug taken
# without reaction is a negative allergy finding (docs/design.md §8), worth keeping beside
# a penicillin allergy (cross-reactivity is what the prescriber asks next).
_TOLERATED = re.compile(
    r"(?<!n't )(?<!not )(?<!never )\btolerat(?:ed|es|ing)\s+(?:the\s+|a\s+|any\s+)?$|"
    r"(?<!不)(?<!没)(?:能|可以)?耐受(?:了)?$",
    re.I,
)


def _tolerated(ctx: SentenceCtx) -> list[ExtractedFact]:
    drugs = [h for h in ctx.hits if h.kind in ("drug", "drug_class")]
    return [
        _allergy_fact(ctx, h.start, h.canonical, "negated", ctx.content_at(h.start))
        for h in drugs
        if _TOLERATED.search(ctx.text[max(0, h.start - 40) : h.start])
    ]


def extract_allergies(ctx: SentenceCtx) -> list[ExtractedFact]:
    in_frame = ctx.frame is not None and ctx.frame.topic == "allergy"
    cue = speaks_of_allergy(ctx.text) or allergy_tests.names_test(ctx.text, ctx.zh)
    if not (cue or in_frame):
        return _tolerated(ctx)
    found = _allergens(ctx)
    avoided = allergy_choices.avoided(ctx.text, found, ctx.zh)
    treating = _treating(ctx, found)
    allergens = [a for a, t, v in zip(found, treating, avoided, strict=True) if not (t or v)]
    facts = _judged_allergies(ctx, allergens, in_frame, cue)
    if facts:
        return facts
    reaction = _reaction(ctx.text)
    if _supposed_denial(ctx):
        return []  # "如果不过敏的话可以继续吃", "if you're not allergic": a condition, no denial
    if _NO_ALLERGY_SENTENCE.search(ctx.text) or (in_frame and sentence_negative(ctx.text, ctx.zh)):
        if in_frame and ctx.frame is not None and ctx.frame.asks_for_more:
            return []  # "any other allergies?" - "no": adds nothing, refutes nothing
        named = _question_allergens(ctx) if in_frame else []
        if named:
            return [
                _allergy_fact(ctx, 0, n, "negated", f"{ctx.frame.text} {ctx.text}") for n in named
            ]  # type: ignore[union-attr]
        if _NO_ALLERGY_SENTENCE.search(ctx.text) or _asks_allergies(ctx):
            return [_allergy_fact(ctx, 0, None, "negated", _negative_content(ctx))]
        # "Any swelling of the lips?" - "No, just the rash": a follow-up about the
        # reaction; its "no" denies no allergy, and a finding needs an allergen.
        return []
    if in_frame and (sentence_affirmative(ctx.text, ctx.zh) or reaction):
        named = _question_allergens(ctx)
        content = f"{ctx.frame.text} {ctx.text}"  # type: ignore[union-attr]
        return [_allergy_fact(ctx, 0, n, "present", content) for n in named]
    return []


def _supposed_denial(ctx: SentenceCtx) -> bool:
    said = _NO_ALLERGY_SENTENCE.search(ctx.text)
    return said is not None and ctx.assertion(said.start(), said.end()) == "hypothetical"


def _judged_allergies(
    ctx: SentenceCtx, allergens: list[tuple[int, int, str]], in_frame: bool, cue: bool
) -> list[ExtractedFact]:
    """One fact per substance that is an allergy of the person (rules.allergy_scope)."""
    kept = allergy_scope.members_over_classes(allergens)
    inherited = _named_by_linked_class(ctx, allergens, kept)
    facts = []
    for start, end, name in kept:
        tested = allergy_tests.result(ctx.text, start, end, ctx.zh)
        if tested is not None:  # an allergy test's own finding outweighs the wording around it
            facts.append(_allergy_fact(ctx, start, name, tested, ctx.content_at(start)))
            continue
        # A drug naming the class word the allergy was said of is as certain as that
        # word: "好像是阿莫西林" after "对一种抗生素过敏" hedges the name, not the allergy.
        a, b = inherited.get(name, (start, end))
        reacts = allergy_scope.clause_speaks(ctx.text, a, b, ctx.zh, _SPEAKS)
        verdict = allergy_scope.judge(
            ctx.text, a, b, name, ctx.zh, in_frame=in_frame or name in inherited, reacts=reacts
        )
        if allergy_choices.taken_fine(ctx.text, a, b, ctx.zh) or allergy_choices.denied_after(
            ctx.text, b, ctx.zh
        ):
            verdict = allergy_scope.NEGATED  # "but I can take cephalexin", 但是可以用头孢
        if verdict == allergy_scope.NONE:
            continue
        # A reaction told as past history ("when I was twenty-five I got
        # amoxicillin and broke out in hives") is an allergy the patient has now.
        assertion = ctx.assertion(a, b).replace("historical", "present")
        if assertion == "present" and _NO_ALLERGY_SENTENCE.search(ctx.text[:start]) and not cue:
            assertion = "negated"
        if verdict is not None and assertion == "present":
            assertion = verdict
        facts.append(_allergy_fact(ctx, start, name, assertion, ctx.content_at(start)))
    return facts


def _named_by_linked_class(
    ctx: SentenceCtx, found: list[tuple[int, int, str]], kept: list[tuple[int, int, str]]
) -> dict[str, tuple[int, int]]:
    """Drugs that stand for a class word the allergy was said of ("对一种抗生素过敏，
    好像是头孢氨苄"), with where that class word is: they take its link."""
    dropped = [
        (a, b, n) for a, b, n in found
        if (a, b, n) not in kept and allergy_scope.linked(ctx.text, a, b, ctx.zh)
    ]  # fmt: skip
    return {name: (a, b) for _, _, name in kept for a, b, c in dropped if c in ancestry(name)}


# "I take Allegra for seasonal allergies", "allergy pills like Claritin", "吃氯雷他定
# 治过敏": the drug treats an allergy; taking it for one is no allergy to it.
_FOR_ALLERGY_AFTER = re.compile(
    r"[\w\s'-]{0,30}?\b(?:for|to help with|to treat|to control|helps? with|in case of)\s+"
    rf"(?:{_SAFETY.pattern('remedy_for_modifier', 'en')}\s+)*"
    r"(?:allerg|anaphyla)",
    re.I,
)
# "maybe we can try some Singulair", "continue to use the albuterol inhaler", "I'll
# prescribe an EpiPen", "what we try is a cortisone injection": a drug the
# clinician recommends, starts or keeps the patient on is a
# treatment, never the allergen (past forms - "we started X and she broke out" -
# still name one).
_TREATMENT_BEFORE = re.compile(
    r"\b(?:(?:try|recommend|suggest)(?:\s+(?:is|would be|will be))?|start(?: you)?(?: on)?|"
    r"prescribe|refill|"
    r"continue(?: to use| to take| using| taking| on| with)?|"
    r"keep (?:using|taking|on)|carry)\s+"
    rf"(?:{_SAFETY.pattern('treatment_filler', 'en')}\s+)*$",
    re.I,
)
_ALLERGY_REMEDY_BEFORE = re.compile(
    # "allergy drugs like Zyrtec" before the drug; "drops" only after an allergy word.
    rf"\ballerg\w*\s+(?:{_SAFETY.pattern('remedy_noun', 'en')}|\bdrugs?\b)"
    r"(?:\s*,)?(?:\s+(?:like|such as|called|including|namely))?\s*(?:an?\s+|the\s+|some\s+)?$",
    re.I,
)
_ZH_TREATS = re.compile(r"[^，。；,]{0,6}?(?:治|治疗|抗|缓解|控制)[^，。；,]{0,4}?过敏")


def _treats_allergy(ctx: SentenceCtx, start: int, end: int, next_start: int | None) -> bool:
    """The words right after the allergen (up to the next one) say what it is taken for."""
    after = (_ZH_TREATS if ctx.zh else _FOR_ALLERGY_AFTER).match(ctx.text, end)
    if after and (next_start is None or after.end() <= next_start):
        return True
    head = ctx.text[max(0, start - 50) : start]
    if ctx.zh:
        return False
    if _ALLERGY_REMEDY_BEFORE.search(head) or _TREATMENT_BEFORE.search(head):
        return True
    return allergy_choices.prescribed(ctx.text, start, end)


# "Zyrtec and Claritin for allergies": what follows a list says what each is taken for.
_LIST_JOIN = re.compile(
    r"^[\s,，、/]*(?:\b(?:or|and|plus|as well as)\b|或|和|及|或者)?[\s,，、]*$", re.I
)


def _treating(ctx: SentenceCtx, found: list[tuple[int, int, str]]) -> list[bool]:
    """Per allergen: taken to treat an allergy (itself, or the list it ends)."""
    out = [False] * len(found)
    for i in range(len(found) - 1, -1, -1):
        start, end, _ = found[i]
        nxt = found[i + 1][0] if i + 1 < len(found) else None
        listed = nxt is not None and out[i + 1] and bool(_LIST_JOIN.match(ctx.text[end:nxt]))
        out[i] = listed or _treats_allergy(ctx, start, end, nxt)
    return out


# "you aren't taking anything for your allergies, but you are taking atenolol",
# "allergy medicine": allergies named as what a remedy treats name no allergen.
_FOR_BEFORE = re.compile(
    r"\b(?:for|with|treat(?:s|ing)?|help(?:s|ing)?(?: with)?)\s+"
    rf"(?:{_SAFETY.pattern('remedy_target_modifier', 'en')}\s+)*$",
    re.I,
)
_REMEDY_AFTER = re.compile(rf"\s*(?:{_SAFETY.pattern('remedy_noun', 'en')}|\bdrops\b)", re.I)


def _remedy_cue(text: str, cue: re.Match[str]) -> bool:
    """The allergy word names what a remedy is for, not a reaction to something."""
    if not cue[0].casefold().startswith("allerg"):
        return False
    head = text[max(0, cue.start() - 40) : cue.start()]
    return bool(_FOR_BEFORE.search(head) or _REMEDY_AFTER.match(text, cue.end()))


def speaks_of_allergy(text: str) -> bool:
    """Does the text name an allergy (not only what a remedy is for)?"""
    return any(not _remedy_cue(text, m) for m in _ALLERGY_CUE.finditer(text))


def _asks_allergies(ctx: SentenceCtx) -> bool:
    """The open question asks about allergies outright ("Any drug allergies?")."""
    return ctx.frame is not None and bool(_ALLERGY_CUE.search(ctx.frame.text))


def _negative_content(ctx: SentenceCtx) -> str:
    """A bare "No." keeps the question it answers, so the finding reads on its own."""
    if _NO_ALLERGY_SENTENCE.search(ctx.text) or ctx.frame is None:
        return ctx.text
    return f"{ctx.frame.text} {ctx.text}"


def extract_contraindications(ctx: SentenceCtx) -> list[ExtractedFact]:
    """A contraindication needs a drug or drug class as the thing avoided: "avoid
    ibuprofen", "can't take any NSAIDs", "aspirin is contraindicated", "禁用阿司匹林".
    "We wanna avoid going to insulin" avoids a step of care, not a drug."""
    drugs = [h for h in ctx.hits if h.kind in ("drug", "drug_class")]
    if not drugs:
        return []
    facts: list[ExtractedFact] = []
    seen: set[str] = set()
    for m in _CONTRA.finditer(ctx.text):
        for hit in avoided(ctx, drugs, m):
            if hit.canonical in seen:
                continue
            seen.add(hit.canonical)
            facts.append(
                make_fact(
                    ctx,
                    hit.start,
                    type="safety",
                    safety_kind="contraindication",
                    entity=hit.canonical,
                    assertion=_contra_assertion(ctx, hit),
                    confidence=0.75,
                )
            )
    return facts


# What may stand between the cue and the drug it governs ("avoid taking any other NSAIDs").
_GAP_EN = re.compile(rf"^(?:[\s,]|{_SAFETY.pattern('avoided_gap', 'en')})*$", re.I)
_GAP_ZH = re.compile(rf"^(?:[\s，,]|{_SAFETY.pattern('avoided_gap', 'zh')})*$")
# A list goes on after the first drug: "avoid ibuprofen, naproxen or aspirin".
_LIST_GAP = re.compile(
    r"^[\s,，、]*(?:\b(?:or|and|nor|as well as)\b|或|和|及|或者)?[\s,，、]*(?:other\s+)?$", re.I
)
# A cue that may follow its drug: "aspirin is contraindicated", "阿司匹林禁用".
_POST_CUE = re.compile(r"contraindicat|禁用|忌用|禁忌|慎用|不宜", re.I)
_POST_GAP = re.compile(
    rf"^\s*(?:{_SAFETY.pattern('post_cue_gap', 'en')}\s+)*$|^(?:类|类药物|药物)?$",
    re.I,
)


def avoided(ctx: SentenceCtx, drugs: list[Hit], cue: re.Match[str]) -> list[Hit]:
    """The drugs the cue governs: right after it (then a list), or right before a
    post-positioned cue."""
    gap = _GAP_ZH if ctx.zh else _GAP_EN
    after = [h for h in drugs if h.start >= cue.end()]
    out: list[Hit] = []
    if after and gap.match(ctx.text[cue.end() : after[0].start]):
        out.append(after[0])
        for prev, nxt in itertools.pairwise(after):
            if not _LIST_GAP.match(ctx.text[prev.end : nxt.start]):
                break
            out.append(nxt)
    if not out and _POST_CUE.match(cue[0]):
        before = [h for h in drugs if h.end <= cue.start()]
        if before and _POST_GAP.match(ctx.text[before[-1].end : cue.start()]):
            out.append(before[-1])
    return out


def _contra_assertion(ctx: SentenceCtx, hit: Hit) -> str:
    """The contraindication cue itself often contains a negation ("can't take"),
    which must not negate the fact; only hypothetical framing weakens it."""
    return "hypothetical" if ctx.assertion(hit.start, hit.end) == "hypothetical" else "present"
