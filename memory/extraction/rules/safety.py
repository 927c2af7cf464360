# ruff: noqa: E501 -- cue tables are long regex alternations; splitting them hides the vocabulary.
"""Safety facts (DESIGN §1.3): allergy, contraindication, surgical or bleeding
history (interaction warnings: rules.interactions). Each is its own fact; better too many than one missed.

Negations are kept as negated facts, never dropped and never turned into a
presence: "no known drug allergies" -> one negated allergy with no entity;
"not allergic to penicillin" -> a negated penicillin allergy.
"""

from __future__ import annotations

import re

from memory.domain.types import ExtractedFact
from memory.extraction.rules.context import sentence_affirmative, sentence_negative
from memory.extraction.rules.context_types import SentenceCtx, make_fact
from memory.extraction.rules.entities import Hit, find_entities

_ALLERGY_CUE = re.compile(
    r"allerg\w*|\breact(?:ed|ion|ions)?\b|intoleran\w*|anaphyla\w*|\bnkda\b|sensitive to|过敏|不耐受",
    re.I,
)
_ALLERGENS_EN = (
    "peanuts",
    "peanut",
    "tree nuts",
    "nuts",
    "shellfish",
    "seafood",
    "fish",
    "eggs",
    "egg",
    "milk",
    "dairy",
    "lactose",
    "gluten",
    "wheat",
    "soy",
    "latex",
    "iodine",
    "iv contrast",
    "contrast dye",
    "contrast medium",
    "contrast",
    "bee stings",
    "bees",
    "wasps",
    "pollen",
    "pollens",
    "dust mites",
    "dust",
    "molds",
    "mold",
    "cats",
    "cat dander",
    "dogs",
    "pet dander",
    "dander",
    "grass",
    "ragweed",
    "hay fever",
    "adhesive tape",
    "tape",
    "nickel",
    "sulfa drugs",
    "sulfa",
    "sulfonamides",
    "strawberries",
    "grapefruit",
    "tomatoes",
    "mycins",
    "opiates",
    "narcotics",
    "antibiotics",
    "pcn",
    "sulpha",
    "codeine",
    "morphine",
    "penicillins",
)
_ALLERGENS_ZH = (
    "花生",
    "海鲜",
    "鱼虾",
    "虾",
    "蟹",
    "鸡蛋",
    "牛奶",
    "花粉",
    "尘螨",
    "灰尘",
    "螨虫",
    "芒果",
    "酒精",
    "碘",
    "造影剂",
    "乳胶",
    "磺胺",
    "青霉素",
    "头孢",
    "牛羊肉",
    "猫毛",
    "狗毛",
    "动物毛",
)
_ALLERGEN_EN = re.compile(
    r"\b(" + "|".join(sorted(map(re.escape, _ALLERGENS_EN), key=len, reverse=True)) + r")\b", re.I
)
_ALLERGEN_ZH = re.compile("|".join(sorted(map(re.escape, _ALLERGENS_ZH), key=len, reverse=True)))
_REACTION = re.compile(
    r"\b(hives|rash\w*|swell\w*|itch\w*|anaphyla\w*|throat (?:closes|closing|swell\w*)|short(?:ness)? of breath|"
    r"nause\w*|vomit\w*|wheez\w*|break out|blister\w*|tired|fatigue|diarrh\w*|upset stomach|dizz\w*)\b|"
    r"皮疹|红疹|起疹子|瘙痒|痒|呼吸困难|休克|水肿|肿",
    re.I,
)
_NO_ALLERGY_SENTENCE = re.compile(
    r"\b(?:no|not|denies|deny|nkda|none)\b.{0,40}\ballerg|\bnkda\b|没有.{0,6}过敏|无.{0,6}过敏|否认.{0,8}过敏|不过敏",
    re.I,
)
_CONTRA = re.compile(
    r"\b(?:can(?:no|')?t take|cannot take|can't have|shouldn't take|should not take|not supposed to take|"
    r"contraindicat\w*|avoid\w*|not (?:able|allowed) to take|never take|must not take|don't tolerate|"
    r"didn't tolerate|couldn't tolerate)\b|禁用|忌用|禁忌|不能(?:吃|用|服)|不宜|慎用",
    re.I,
)
_SURGERY_EN = re.compile(
    r"\b(\w+ectomy|\w+otomy|\w+plasty|\w+ostomy|\w+pexy|c-section|cesarean|bypass|stent\w*|pacemaker|"
    r"transplant\w*|replacement|(?:\w+ )?surgery|surgeries|operation|removed|taken out|repair(?:ed)?|"
    r"appendix out|tonsils out|fusion|cabg|lumpectomy|laminectomy|bleed\w*|hemorrhage|transfusion)\b",
    re.I,
)
_SURGERY_ZH = re.compile(
    r"\w{0,6}?(?:手术|切除术?|搭桥|支架|置换|移植|剖腹产|剖宫产|开刀)|出血|输血"
)
_SURGERY_PAST = re.compile(
    r"\b(?:had|have had|i've had|underwent|did|done|was|were|got|removed|history of|status post|s/p|"
    r"in (?:19|20)\d\d|years? ago|back in)\b|做过|做了|曾|以前|去年|年前|史",
    re.I,
)
_SURGERY_FUTURE = re.compile(
    r"\b(?:will|going to|schedul\w*|plan\w*|need(?:s)? (?:a|an|to)|recommend\w*|consider\w*)\b|准备|计划|需要|建议",
    re.I,
)
_GENERIC_SURGERY = re.compile(
    r"^(?:surgery|surgeries|operation|procedure|removed|taken out|repair(?:ed)?)$", re.I
)


def _allergens(ctx: SentenceCtx) -> list[tuple[int, int, str]]:
    """(start, end, canonical) of drugs, drug classes and common non-drug allergens."""
    found = [(h.start, h.end, h.canonical) for h in ctx.hits if h.kind in ("drug", "drug_class")]
    pattern = _ALLERGEN_ZH if ctx.zh else _ALLERGEN_EN
    for m in pattern.finditer(ctx.text):
        if all(m.end() <= s or m.start() >= e for s, e, _ in found):
            found.append((m.start(), m.end(), m[0].casefold()))
    return sorted(found)


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
    """Drugs named in the open allergy question ("Penicillin or sulfa?")."""
    if ctx.frame is None:
        return []
    hits = find_entities(ctx.frame.text, ctx.zh)
    names = [h.canonical for h in hits if h.kind in ("drug", "drug_class")]
    pattern = _ALLERGEN_ZH if ctx.zh else _ALLERGEN_EN
    return names + [m[0].casefold() for m in pattern.finditer(ctx.frame.text)]


def extract_allergies(ctx: SentenceCtx) -> list[ExtractedFact]:
    in_frame = ctx.frame is not None and ctx.frame.topic == "allergy"
    cue = bool(_ALLERGY_CUE.search(ctx.text))
    if not (cue or in_frame):
        return []
    allergens = _allergens(ctx)
    reaction = _reaction(ctx.text)
    if allergens:
        facts = []
        for start, end, name in allergens:
            assertion = ctx.assertion(start, end)
            if assertion == "present" and _NO_ALLERGY_SENTENCE.search(ctx.text[:start]) and not cue:
                assertion = "negated"
            facts.append(_allergy_fact(ctx, start, name, assertion, ctx.content_at(start)))
        return facts
    if _NO_ALLERGY_SENTENCE.search(ctx.text) or (in_frame and sentence_negative(ctx.text, ctx.zh)):
        if in_frame and ctx.frame is not None and ctx.frame.asks_for_more:
            return []  # "any other allergies?" - "no": adds nothing, refutes nothing
        named = _question_allergens(ctx) if in_frame else []
        if named:
            return [
                _allergy_fact(ctx, 0, n, "negated", f"{ctx.frame.text} {ctx.text}") for n in named
            ]  # type: ignore[union-attr]
        return [_allergy_fact(ctx, 0, None, "negated", ctx.text)]
    if in_frame and (sentence_affirmative(ctx.text, ctx.zh) or reaction):
        named = _question_allergens(ctx)
        content = f"{ctx.frame.text} {ctx.text}"  # type: ignore[union-attr]
        return [_allergy_fact(ctx, 0, n, "present", content) for n in named]
    return []


def extract_contraindications(ctx: SentenceCtx) -> list[ExtractedFact]:
    facts: list[ExtractedFact] = []
    drugs = [h for h in ctx.hits if h.kind in ("drug", "drug_class")]
    if not drugs:
        return facts
    m = _CONTRA.search(ctx.text)
    if m:
        for hit in _after_or_nearest(drugs, m.start()):
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


def _after_or_nearest(drugs: list[Hit], pos: int) -> list[Hit]:
    after = [h for h in drugs if h.start >= pos]
    return after or [min(drugs, key=lambda h: abs(h.start - pos))]


def _contra_assertion(ctx: SentenceCtx, hit: Hit) -> str:
    """The contraindication cue itself often contains a negation ("can't take"),
    which must not negate the fact; only hypothetical framing weakens it."""
    return "hypothetical" if ctx.assertion(hit.start, hit.end) == "hypothetical" else "present"


def _procedure_entity(surface: str, text: str, start: int) -> str:
    """A readable name: 'gallbladder removed' -> 'gallbladder removal'."""
    low = surface.casefold()
    if low in ("removed", "taken out", "appendix out", "tonsils out"):
        before = re.findall(
            r"([a-z]+)\s*(?:removed|taken out|out)?$", text[:start].casefold().strip()
        )
        organ = before[-1] if before else ""
        organ = {"appendix": "appendix", "tonsils": "tonsils"}.get(low.split()[0], organ)
        return f"{organ} removal".strip()
    return low


def extract_surgical_history(ctx: SentenceCtx) -> list[ExtractedFact]:
    in_frame = ctx.frame is not None and ctx.frame.topic == "surgery"
    pattern = _SURGERY_ZH if ctx.zh else _SURGERY_EN
    matches = list(pattern.finditer(ctx.text))
    if not matches:
        if in_frame and sentence_affirmative(ctx.text, ctx.zh) and ctx.frame is not None:
            q = list(pattern.finditer(ctx.frame.text))
            specific = [m for m in q if not _GENERIC_SURGERY.match(m[0].strip())]
            return [
                make_fact(
                    ctx,
                    0,
                    type="safety",
                    safety_kind="surgical_history",
                    entity=m[0].casefold(),
                    content=f"{ctx.frame.text} {ctx.text}",
                    confidence=0.7,
                )
                for m in specific
            ]
        return []
    if _SURGERY_FUTURE.search(ctx.text) and not _SURGERY_PAST.search(ctx.text):
        return []  # a planned operation is an event, not history
    if not (in_frame or _SURGERY_PAST.search(ctx.text)):
        return []
    facts = []
    for m in matches:
        if _GENERIC_SURGERY.match(m[0].strip()) and len(matches) > 1:
            continue
        entity = _procedure_entity(m[0], ctx.text, m.start())
        facts.append(
            make_fact(
                ctx,
                m.start(),
                type="safety",
                safety_kind="surgical_history",
                entity=entity,
                assertion=ctx.assertion(m.start(), m.end()),
                confidence=0.7,
            )
        )
    return facts
