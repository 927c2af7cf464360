# ruff: noqa: E501 -- cue tables are long regex alternations; splitting them hides the vocabulary.
"""Surgical and bleeding history (docs/design.md §1.3: a safety fact, never left out).

The procedure comes from the lexicon's bilingual procedure list (kind
"procedure": appendectomy/阑尾切除术, CABG/冠脉搭桥 ...), so the entity is a
canonical name a clinician reads and the same operation told twice ("阑尾切除术",
"割阑尾") is one item. Words the list does not know still make a fact through
the cue patterns below, reduced to the procedure itself ("removed two polyps"
-> polypectomy, never "gastroenterologist removal" or "5年做过阑尾切除术").

Only a procedure done to the subject is history. A procedure named as a time
anchor or preparation ("around the time of the colonoscopy prep", "肠镜前"), a
plan ("准备做肠镜", "you'll need a repeat colonoscopy") or an explanation ("is
usually done under sedation") is not; plans are events (rules.clinical).
Decision: a done *diagnostic* endoscopy (colonoscopy, gastroscopy) counts. It is
an invasive procedure a clinician checks before anticoagulation or a repeat
scope, biopsies are often taken without being mentioned, and for safety facts
one line too many costs less than one missed (docs/design.md §4).
"""

from __future__ import annotations

import re

from memory.domain.types import ExtractedFact
from memory.extraction.rules.context import sentence_affirmative
from memory.extraction.rules.context_types import SentenceCtx, make_fact
from memory.extraction.rules.entities import find_entities, lookup

# One "\w+(?:ectomy|...)" instead of five "\w+ectomy|\w+otomy|...": the same words, a
# word's letters walked once instead of once per suffix.
_SURGERY_EN = re.compile(
    r"\b(\w+(?:ectomy|otomy|plasty|ostomy|pexy)|c-section|cesarean|bypass|stent\w*|pacemaker|"
    r"transplant\w*|replacement|(?:\w+ )?surgery|surgeries|operation|removed|taken out|repair(?:ed)?|"
    r"appendix out|tonsils out|fusion|cabg|lumpectomy|laminectomy|bleed\w*|hemorrhage|transfusion)\b",
    re.I,
)
_SURGERY_ZH = re.compile(
    r"[\u4e00-\u9fff]{0,6}?(?:手术|切除术?|搭桥|支架|置换|移植|剖腹产|剖宫产|开刀)|出血|输血"
)
_SURGERY_PAST = re.compile(
    r"\b(?:had|have had|i've had|underwent|did|done|was|were|got|removed|history of|status post|s/p|"
    r"in (?:19|20)\d\d|years? ago|back in)\b|做过|做了|做完|刚做|已经做|[放装换植割开]过|放了|装了|植入了|"
    r"[切摘割](?:了|掉)|曾|以前|去年|前年|年前|上个月|上周|上次|史",
    re.I,
)
_SURGERY_FUTURE = re.compile(
    r"\b(?:will|going to|schedul\w*|plan\w*|need(?:s)? (?:a|an|to)|recommend\w*|consider\w*)\b|准备|计划|需要|建议",
    re.I,
)
# "切了一个息肉", "胆囊摘掉了": a removal told with a verb instead of the operation name.
_REMOVAL_ZH = re.compile(
    r"(?:[切摘割](?:了|掉了?|除了))[一二两三四五六几\d]*[个块颗枚]?小?(息肉|胆囊|阑尾|扁桃体|子宫|甲状腺|囊肿|肿瘤|痔疮)"
    r"|(息肉|胆囊|阑尾|扁桃体|子宫|甲状腺|囊肿|肿瘤|痔疮)(?:被)?[切摘割]掉"
)
_GENERIC_SURGERY = re.compile(
    r"^(?:surgery|surgeries|operation|procedure|removed|taken out|repair(?:ed)?)$", re.I
)
_REMOVAL = frozenset({"removed", "taken out", "appendix out", "tonsils out"})
# Body parts and lesions that name an operation when they are "removed".
_ORGANS = (
    "gallbladder|gall bladder|appendix|tonsils?|adenoids|uterus|ovary|ovaries|spleen|kidney|thyroid|"
    "polyps?|breast|prostate|cataracts?|moles?|wisdom teeth|lump|cyst|tumou?r|gallstones|stones?|"
    "colon|lung|lobe|fibroids?|hemorrhoids|lymph nodes?"
)
_ORGAN_AFTER = re.compile(rf"^\W*(?:(?:\w+|\d+)\s+){{0,4}}?({_ORGANS})\b", re.I)
_ORGAN_BEFORE = re.compile(rf"\b({_ORGANS})\W*(?:\w+\s+)?$", re.I)
# Function words a "(\w+ )?surgery" match may drag in ("had surgery", "any surgery").
_NOT_A_SITE = frozenset(
    [
        "had",
        "have",
        "a",
        "an",
        "the",
        "my",
        "his",
        "her",
        "your",
        "any",
        "no",
        "some",
        "major",
        "minor",
        "of",
        "for",
        "this",
        "that",
        "big",
        "small",
        "and",
        "or",
        "did",
        "do",
        "done",
        "get",
        "got",
        "underwent",
        "recent",
        "previous",
        "past",
        "prior",
    ]
)
# What a Chinese match may drag in before the procedure: "1995年做过阑尾切除术", "记录为…".
_ZH_LEAD = re.compile(
    r"^.*(?:做过|做了|记录为|诊断为|接受了?|进行了?|因为|因|做|行|是|的|过|了|年|我|在)"
)


# A procedure named as a time anchor, a preparation, a plan or an explanation was
# not (yet) done to the subject: "around the time of the colonoscopy prep", "before
# your colonoscopy", "准备做肠镜", "肠镜前三天". Clinical plans become events
# (rules.clinical.extract_events); only done procedures are surgical history.
_TIME_ANCHOR_BEFORE_EN = re.compile(
    r"\b(?:(?:around|about|at|by) the time of|before|ahead of|prior to|in preparation for|"
    r"prep(?:aring|ping)? for|ready for|until|pending|awaiting|waiting for)\s+(?:(?:the|your|a|an|this|that|next)\s+)?"
    # "before my knee replacement" in a past story names an operation the speaker had.
    r"(?:(?!(?:my|his|her|our)\b)\w+\s+)?$",
    re.I,
)
_PLAN_BEFORE_EN = re.compile(
    r"\b(?:will|'ll|going to|gonna|schedul\w*|plan\w*|book\w*|needs?|recommend\w*|consider\w*|"
    r"due for|upcoming|may|might|could|would|should|wants? (?:to|you to))\b"
    # ... unless a done-cue stands between ("I will tell him you had a colonoscopy").
    r"(?:(?!\b(?:had|underwent|did|got|was|were)\b)[^.,;]){0,40}$",
    re.I,
)
_NOT_DONE_AFTER_EN = re.compile(
    r"^\W*(?:prep|preparation|kit|referral|appointment|is (?:scheduled|planned|booked|due)|"
    r"(?:is|are) (?:usually |typically |generally |often )?(?:done|performed)\b|can be)",
    re.I,
)
# Chinese: a plan word, then no 过/了/完 (done) up to the end of the procedure name.
_PLAN_BEFORE_ZH = re.compile(
    r"(?:准备|计划|打算|预约|安排|建议|需要|要不要|将要|还要|要做|再做|去做|等着做)(?:(?![过了完])[\u4e00-\u9fff]){0,16}$"
)
_NOT_DONE_AFTER_ZH = re.compile(r"^(?:前|之前|以前|的?准备|的?肠道准备)")
_EXPLANATION = re.compile(
    r"\b(?:usually|typically|generally|in general|most people|people with|can cause|helps?)\b|一般|通常|大多数|能够|可以预防",
    re.I,
)
# A done-cue strong enough to outweigh an explanation word in the same sentence.
_DONE_STRONG = re.compile(
    r"\b(?:i had|i've had|i have had|you had|underwent|was done|were done|was performed|removed|"
    r"in (?:19|20)\d\d|years? ago|last (?:year|month|week))\b|做过|做了|做完|切除了|史",
    re.I,
)


def _not_done(text: str, start: int, end: int, zh: bool) -> bool:
    """The procedure at text[start:end] is a time anchor, preparation or plan."""
    before, after = text[max(0, start - 60) : start], text[end : end + 30]
    if zh:
        # A Chinese cue match may start inside its lead-in ("准备做胆囊切除术"): read
        # the plan word through to the end of the name.
        lead = text[max(0, start - 12) : end]
        return bool(_PLAN_BEFORE_ZH.search(lead) or _NOT_DONE_AFTER_ZH.match(after))
    return bool(
        _TIME_ANCHOR_BEFORE_EN.search(before)
        or _PLAN_BEFORE_EN.search(before)
        or _NOT_DONE_AFTER_EN.match(after)
    )


def _named(name: str) -> str | None:
    """Canonical procedure name, when the lexicon knows the phrase as a procedure."""
    entry = lookup(name)
    return entry.canonical if entry is not None and entry.kind == "procedure" else None


def _removal_name(text: str, start: int, end: int) -> str | None:
    """ "removed two small polyps" -> polypectomy; "gallbladder taken out" -> cholecystectomy."""
    m = _ORGAN_AFTER.match(text[end : end + 40]) or _ORGAN_BEFORE.search(
        text[max(0, start - 30) : start]
    )
    if m is None:
        return None
    organ = m[1].casefold()
    for form in (organ, organ.rstrip("s")):
        found = _named(f"{form} removal") or _named(f"{form} removed")
        if found:
            return found
    return f"{organ} removal"


def _procedure_name(surface: str, text: str, start: int, end: int, zh: bool) -> str | None:
    """A readable procedure name for a cue match, or None when it names nothing."""
    if zh:
        core = _ZH_LEAD.sub("", surface)
        if len(core) < 2:
            return None
        return _named(core) or core
    low = surface.casefold()
    if low in _REMOVAL:
        if low in ("appendix out", "tonsils out"):
            return _named(low) or low
        return _removal_name(text, start, end)
    words = low.split()
    if len(words) == 2 and words[0] in _NOT_A_SITE:
        low = words[1]
    return _named(low) or low


def _items(ctx: SentenceCtx) -> list[tuple[int, int, str]]:
    """(start, end, procedure) named in the sentence: lexicon hits, then cue words."""
    found = [(h.start, h.end, h.canonical) for h in ctx.hits if h.kind == "procedure"]
    pattern = _SURGERY_ZH if ctx.zh else _SURGERY_EN
    cues = [
        m
        for m in pattern.finditer(ctx.text)
        if all(m.end() <= a or m.start() >= b for a, b, _ in found)
    ]
    for m in cues:
        generic = _GENERIC_SURGERY.match(m[0].strip()) and m[0].casefold() not in _REMOVAL
        if generic and (len(cues) > 1 or found):
            continue
        name = _procedure_name(m[0], ctx.text, m.start(), m.end(), ctx.zh)
        if name and not any(name == n for _, _, n in found):
            found.append((m.start(), m.end(), name))
    if ctx.zh:
        for m in _REMOVAL_ZH.finditer(ctx.text):
            organ = m[1] or m[2]
            name = _named(f"{organ}切除术") or f"{organ}切除术"
            if not any(name == n for _, _, n in found):
                found.append((m.start(), m.end(), name))
    return sorted(found)


def _answered(ctx: SentenceCtx) -> list[ExtractedFact]:
    """ "Any surgeries? Pacemaker?" - "Yes": the question's own procedures."""
    frame = ctx.frame
    if frame is None or frame.topic != "surgery" or not sentence_affirmative(ctx.text, ctx.zh):
        return []
    if _SURGERY_FUTURE.search(ctx.text) and not _SURGERY_PAST.search(ctx.text):
        return []  # "Yes, it's scheduled for May": a plan, not history
    names = [h.canonical for h in find_entities(frame.text, ctx.zh) if h.kind == "procedure"]
    pattern = _SURGERY_ZH if ctx.zh else _SURGERY_EN
    for m in pattern.finditer(frame.text):
        if not _GENERIC_SURGERY.match(m[0].strip()):
            name = _procedure_name(m[0], frame.text, m.start(), m.end(), ctx.zh)
            if name and name not in names:
                names.append(name)
    content = f"{frame.text} {ctx.text}"
    return [_fact(ctx, 0, name, "present", content) for name in names]


def _fact(
    ctx: SentenceCtx, pos: int, name: str, assertion: str, content: str | None = None
) -> ExtractedFact:
    fields: dict[str, object] = {"content": content} if content else {}
    return make_fact(
        ctx,
        pos,
        type="safety",
        safety_kind="surgical_history",
        entity=name,
        assertion=assertion,
        confidence=0.7,
        **fields,
    )


def extract_surgical_history(ctx: SentenceCtx) -> list[ExtractedFact]:
    items = _items(ctx)
    if not items:
        return _answered(ctx)
    in_frame = ctx.frame is not None and ctx.frame.topic == "surgery"
    if _SURGERY_FUTURE.search(ctx.text) and not _SURGERY_PAST.search(ctx.text):
        return []  # a planned operation is an event, not history
    if not (in_frame or _SURGERY_PAST.search(ctx.text)):
        return []
    if _EXPLANATION.search(ctx.text) and not _DONE_STRONG.search(ctx.text):
        return []  # "A colonoscopy is usually done under sedation": knowledge, not history
    return [
        _fact(ctx, a, name, ctx.assertion(a, b))
        for a, b, name in items
        if not _not_done(ctx.text, a, b, ctx.zh)
    ]
