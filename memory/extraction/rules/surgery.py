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
from memory.extraction.rules import operation_scope as scope
from memory.extraction.rules.context import sentence_affirmative
from memory.extraction.rules.context_types import SentenceCtx, make_fact
from memory.extraction.rules.entities import find_entities, lookup
from memory.lexicon.cues import cues

# One "\w+(?:ectomy|...)" instead of five "\w+ectomy|\w+otomy|...": the same words, a
# word's letters walked once instead of once per suffix.
# Order is grammar: a one-word operation named before "surgery" is that operation
# ("bypass surgery"), while "<site> surgery", "<site> repair" and the removal words
# are tried before the other one-word names; bleeding history comes last.
_PROCEDURES = cues("procedures")
_SURGERY_EN = re.compile(
    r"\b(\w+(?:ectomy|otomy|plasty|ostomy|pexy)|stent\w*|"
    rf"{_PROCEDURES.pattern('operation_alone', 'en')}|"
    r"(?:\w+ )?(?:transplant\w*|surgery|surgeries|operations?|replacements?)|removed|taken out|"
    r"(?:\w+ )?repair(?:ed)?|appendix out|tonsils out|"
    rf"(?:{scope.cue('removed_part', False).pattern}) out|"
    rf"{_PROCEDURES.pattern('operation_name', 'en')}|"
    r"(?:\w+ )?(?:bleed|hemorrhage)|transfusion)\b",
    re.I,
)
_SURGERY_ZH = re.compile(
    rf"[\u4e00-\u9fff]{{0,6}}?{_PROCEDURES.pattern('operation_word', 'zh')}|出血|输血"
)
# "切了一个息肉", "胆囊摘掉了": a removal told with a verb instead of the operation name.
_ORGANS_ZH = scope.cue("removed_part", True).pattern
_REMOVAL_ZH = re.compile(
    rf"(?:[切摘割](?:了|掉了?|除了))[一二两三四五六几\d]*[个块颗枚]?小?({_ORGANS_ZH})"
    rf"|({_ORGANS_ZH})(?:被)?[切摘割]掉"
)
_REMOVAL = frozenset({"removed", "taken out", "appendix out", "tonsils out"})
# "back surgeries" is one item, "back surgery"; "hernia repaired" a hernia repair.
_BASE_FORM = {
    "surgeries": "surgery",
    "operations": "operation",
    "repaired": "repair",
    "replacements": "replacement",
    "transplants": "transplant",
}
_SITE_AFTER = re.compile(r"^\s+on\s+((?:[\w-]+\s+){0,3}[\w-]+)", re.I)
_SITE_OF = re.compile(r"^\s+of\s+((?:[a-z]+\s+){0,2}[a-z]+)", re.I)
PLANNED = "planned"
# Body parts and lesions that name an operation when they are "removed" (cue data):
# the one right before "removed" first ("kidney stone removed" is a stone, not a
# kidney), then the one after it ("removed a lump from my breast" is the lump).
_ORGANS = scope.cue("removed_part", False).pattern
_ORGAN_AFTER = re.compile(rf"^\W*(?:(?:\w+|\d+)\s+){{0,4}}?({_ORGANS})", re.I)
_ORGAN_RIGHT_BEFORE = re.compile(rf"({_ORGANS})\W*$", re.I)
_ORGAN_BEFORE = re.compile(rf"({_ORGANS})\W*(?:\w+\s+)?$", re.I)
# What a Chinese match may drag in before the procedure: "1995年做过阑尾切除术", "记录为…".
_ZH_LEAD = re.compile(rf"^.*{_PROCEDURES.pattern('lead_word', 'zh')}")


# A procedure named as a time anchor, a preparation, a plan or an explanation was
# not (yet) done to the subject: "around the time of the colonoscopy prep", "before
# your colonoscopy", "准备做肠镜", "肠镜前三天". Clinical plans become events
# (rules.clinical.extract_events); only done procedures are surgical history.
_TIME_ANCHOR_BEFORE_EN = re.compile(
    rf"{_PROCEDURES.pattern('time_anchor_before', 'en')}\s+"
    r"(?:(?:the|your|a|an|this|that|next)\s+)?"
    # "before my knee replacement" in a past story names an operation the speaker had.
    r"(?:(?!(?:my|his|her|our)\b)\w+\s+)?$",
    re.I,
)
_NOT_DONE_AFTER_EN = re.compile(
    r"^\W*(?:prep|preparation|kit|referral|appointment|"
    r"(?:is|are) (?:usually |typically |generally |often )?(?:done|performed)\b|can be)",
    re.I,
)
_NOT_DONE_AFTER_ZH = re.compile(r"^(?:前|之前|以前|的?准备|的?肠道准备)")


def _not_done(text: str, start: int, end: int, zh: bool) -> bool:
    """The procedure at text[start:end] is a time anchor or a preparation."""
    after = text[end : end + 30]
    if zh:
        return bool(_NOT_DONE_AFTER_ZH.match(after))
    before = text[max(0, start - 60) : start]
    return bool(_TIME_ANCHOR_BEFORE_EN.search(before) or _NOT_DONE_AFTER_EN.match(after))


def _named(name: str) -> str | None:
    """Canonical procedure name, when the lexicon knows the phrase as a procedure."""
    entry = lookup(name)
    return entry.canonical if entry is not None and entry.kind == "procedure" else None


def _removal_name(text: str, start: int, end: int) -> str | None:
    """ "removed two small polyps" -> polypectomy; "gallbladder taken out" -> cholecystectomy."""
    before = text[max(0, start - 30) : start]
    m = (
        _ORGAN_RIGHT_BEFORE.search(before)
        or _ORGAN_AFTER.match(text[end : end + 40])
        or _ORGAN_BEFORE.search(before)
    )
    if m is None:
        return None
    organ = m[1].casefold()
    for form in (organ, organ.rstrip("s")):
        found = _named(f"{form} removal") or _named(f"{form} removed")
        if found:
            return found
    return f"{organ} removal"


def _site_after(text: str, end: int) -> str | None:
    """ "surgery on my right knee" -> "knee": the first word after "on" that is
    neither a function word nor a side."""
    m = _SITE_AFTER.match(text[end : end + 40])
    if m is None:
        return None
    skip = scope.no_site_words()
    words = [w for w in m[1].casefold().split() if w not in skip]
    if not words:
        return None
    # "surgery on both knees" is knee surgery.
    return words[0][:-1] if re.search(r"[^s]s$", words[0]) and len(words[0]) > 3 else words[0]


def _english_name(surface: str, text: str, start: int, end: int) -> str | None:
    low = surface.casefold()
    if low.endswith(" out") and low not in _REMOVAL:
        # "I had my gallbladder out": the part before "out" is what was removed.
        return _removal_name(text, end - 3, end)
    if low in _REMOVAL:
        if low in ("appendix out", "tonsils out"):
            return _named(low) or low
        return _removal_name(text, start, end)
    skip = scope.no_site_words()
    words = low.split()
    while len(words) > 1 and words[0] in skip:
        words = words[1:]  # "had surgery", "my right knee surgery", "a couple knee surgeries"
    low = " ".join(words)
    *head, last = low.split()
    last = _BASE_FORM.get(last, last)
    low = " ".join([*head, last])
    if low in scope.forms("generic", False):
        # A bare "surgery", "repair", "before surgery", "my second operation" names no
        # operation: the site or type is what a clinician needs.
        site = _site_after(text, end) if last in ("surgery", "operation") else None
        return (_named(f"{site} {low}") or f"{site} {low}") if site else None
    # "rotator cuff repaired": the word before the match may complete a known name.
    prev = re.search(r"(\w+)\s+$", text[max(0, start - 20) : start])
    return (_named(f"{prev[1].casefold()} {low}") if prev else None) or _named(low) or low


def _chinese_name(surface: str) -> str | None:
    """The operation a Chinese cue match names: read after the last word that names
    no site ("是否需要手术" -> "手术" -> nothing; "疝气和隐睾手术" -> "隐睾手术"; the first
    site is read by _first_conjunct_zh)."""
    core = _ZH_LEAD.sub("", surface)
    leads = list(scope.cue("not_a_site", True).finditer(core))
    leads += list(scope.cue("count", True).finditer(core))
    cut = max((m.end() for m in leads), default=0)
    core = core[cut:]
    if len(core) < 2 or core in scope.forms("generic", True):
        return None  # "做过手术", "第二次手术": no operation named
    return _named(core) or core


# "疝气和隐睾手术": the operation word is shared by both coordinated sites.
_ZH_COORDINATED = re.compile(
    r"^([\u4e00-\u9fff]{2,6})[和及与、]([\u4e00-\u9fff]{2,6}?)(手术|切除术?|修补术?)$"
)


def _first_conjunct_zh(surface: str) -> str | None:
    """The first of two sites that share one operation word ("疝气和隐睾手术" -> 疝气手术)."""
    m = _ZH_COORDINATED.match(_ZH_LEAD.sub("", surface))
    if m is None or m[1] in scope.forms("not_a_site", True):
        return None
    return _chinese_name(m[1] + m[3])


def _procedure_name(surface: str, text: str, start: int, end: int, zh: bool) -> str | None:
    """A readable procedure name for a cue match, or None when it names nothing."""
    if zh:
        return _chinese_name(surface)
    return _english_name(surface, text, start, end)


def _with_site(name: str, text: str, start: int, end: int, zh: bool) -> str:
    """ "prostate biopsies", "a biopsy of my lymph node" -> "prostate biopsy",
    "lymph node biopsy": a bare type named with the site said beside it."""
    if zh or name not in scope.forms("needs_site", False):
        return name
    skip = scope.no_site_words()
    before: list[str] = []
    for word in reversed(re.findall(r"[a-z]+", text[max(0, start - 30) : start].casefold())):
        if word in skip or len(before) == 2:
            break  # the site is the run of words right before the name
        before.insert(0, word)
    if before:
        return f"{' '.join(before)} {name}"
    m = _SITE_OF.match(text[end : end + 40])
    words = [w for w in m[1].casefold().split() if w not in skip] if m else []
    return f"{' '.join(words)} {name}" if words else name


def _bare(surface: str, zh: bool) -> bool:
    """A cue match that is only a generic word with function words ("had surgery")."""
    if zh:
        return False
    skip = scope.no_site_words()
    *head, last = surface.casefold().split()
    generic = _BASE_FORM.get(last, last) in scope.forms("generic", False)
    return generic and all(w in skip for w in head)


def _items(ctx: SentenceCtx) -> list[tuple[int, int, str]]:
    """(start, end, procedure) named in the sentence: lexicon hits, then cue words."""
    found = [
        (h.start, h.end, _with_site(h.canonical, ctx.text, h.start, h.end, ctx.zh))
        for h in ctx.hits
        if h.kind == "procedure"
    ]
    pattern = _SURGERY_ZH if ctx.zh else _SURGERY_EN
    by_site: list[tuple[int, int, str]] = []
    for m in pattern.finditer(ctx.text):
        if any(m.start() < b and m.end() > a for a, b, _ in found):
            continue
        name = _procedure_name(m[0], ctx.text, m.start(), m.end(), ctx.zh)
        if name and not any(name == n for _, _, n in found + by_site):
            (by_site if _bare(m[0], ctx.zh) else found).append((m.start(), m.end(), name))
    if not found:
        # "surgery on my knee" names the site only: kept when nothing better is named
        # ("I had surgery on my knee, an ACL reconstruction" is one operation).
        found = by_site
    if ctx.zh:
        for m in pattern.finditer(ctx.text):
            name = _first_conjunct_zh(m[0])
            if name and not any(name == n for _, _, n in found):
                found.append((m.start(), m.end(), name))
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
    if scope.cue("plan", ctx.zh).search(ctx.text) and not _told_done(ctx):
        return []  # "Yes, it's scheduled for May": a plan, not history
    names = [h.canonical for h in find_entities(frame.text, ctx.zh) if h.kind == "procedure"]
    pattern = _SURGERY_ZH if ctx.zh else _SURGERY_EN
    for m in pattern.finditer(frame.text):
        name = _procedure_name(m[0], frame.text, m.start(), m.end(), ctx.zh)
        if name and name not in names:
            names.append(name)
    content = f"{frame.text} {ctx.text}"
    return [_fact(ctx, 0, name, "present", content=content) for name in names]


def _fact(
    ctx: SentenceCtx,
    pos: int,
    name: str,
    assertion: str,
    status: str | None = None,
    content: str | None = None,
) -> ExtractedFact:
    fields: dict[str, object] = {"content": content} if content else {}
    return make_fact(
        ctx,
        pos,
        type="safety",
        safety_kind="surgical_history",
        entity=name,
        assertion=assertion,
        status=status,
        confidence=0.7,
        **fields,
    )


def _told_done(ctx: SentenceCtx) -> bool:
    """The sentence tells of something done ("had", "做过", "in 2015")."""
    return bool(scope.cue("told_done", ctx.zh).search(ctx.text))


def _item_fact(
    ctx: SentenceCtx, a: int, b: int, name: str, told: bool, post_op: bool = False
) -> ExtractedFact | None:
    """The operation at text[a:b] as a plan, as history (when the sentence tells of a
    done operation or answers a surgery question: `told`; the patient's side telling
    the days after it: `post_op`), or nothing."""
    never = scope.never_an_item(ctx.text, a, b, ctx.zh, post_op=post_op)
    if never or _not_done(ctx.text, a, b, ctx.zh):
        return None
    if scope.planned(ctx.text, a, b, ctx.zh):
        # A plan is stored as planned, shown as planned, never as history.
        return _fact(ctx, a, name, "present", status=PLANNED)
    return _fact(ctx, a, name, ctx.assertion(a, b)) if told else None


def extract_surgical_history(ctx: SentenceCtx) -> list[ExtractedFact]:
    if ctx.sent.is_question:
        # "Have you had any back surgeries?" asks; the answer tells (_answered).
        return []
    items = _items(ctx)
    post_op, after_named = _post_op_items(ctx, items)
    if not items and not post_op:
        return _answered(ctx)
    in_frame = ctx.frame is not None and ctx.frame.topic == "surgery"
    told = bool(in_frame or _told_done(ctx))
    facts = [
        _item_fact(ctx, a, b, n, told or (a, b, n) in after_named, (a, b, n) in after_named)
        for a, b, n in items
    ]
    facts += [_item_fact(ctx, a, b, name, True, True) for a, b, name in post_op]
    return [f for f in facts if f is not None]


# "我阑尾炎术后三天", "摔倒导致手骨折，术后几天还疼": the patient's own days after an
# operation named by the disease or site before 术后 tell that operation done. The
# clinician's "术后注意休息" advises and names none (rules.operation_scope).
_POST_OP_ZH = re.compile(r"(?<!手)术后")
Item = tuple[int, int, str]
_SITE_RUN_ZH = re.compile(r"[\u4e00-\u9fff]{1,8}$")


def _post_op_items(ctx: SentenceCtx, items: list[Item]) -> tuple[list[Item], set[Item]]:
    """(operations named only by the site before 术后, named operations 术后 follows)."""
    if not ctx.zh or ctx.sent.role == "doctor":
        return [], set()
    out: list[Item] = []
    after_named: set[Item] = set()
    for m in _POST_OP_ZH.finditer(ctx.text):
        run = _SITE_RUN_ZH.search(ctx.text, 0, m.start())
        start = max(
            [run.start() if run else m.start(), *(r.end for r in ctx.rels if r.end <= m.start())]
        )
        named_here = {i for i in items if i[0] < m.end() and i[1] > start}
        if named_here:  # "膝关节置换术后": the operation is named; 术后 tells it done
            after_named |= named_here
            continue
        diseases = [h for h in ctx.hits if h.kind == "disease" and h.end <= m.start()]
        if diseases and diseases[-1].end == m.start():  # "小腿骨折术后": the site with it
            core = _ZH_LEAD.sub("", ctx.text[start : m.start()])
        elif diseases and start == m.start() and not items:  # "手骨折，术后几天"
            core = ctx.text[diseases[-1].start : diseases[-1].end]
        else:
            continue  # "我会注意术后护理": no disease or site names an operation
        if len(core) >= 2:
            out.append((start, m.end(), _named(f"{core}手术") or f"{core}手术"))
    return out, after_named
