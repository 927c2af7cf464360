"""medication_status facts: drug, status (active|stopped|dose_changed|planned), dose.

Status comes from the cue nearest the drug in its sentence. A change that states
the previous value ("from 10 mg to 20 mg", "10 mg → 20 mg") keeps both numbers
in content and the old one in `replaces` (docs/design.md §4 chain update).
"""

from __future__ import annotations

import re
from dataclasses import replace

from memory.domain.types import ExtractedFact
from memory.extraction.rules.advice import advised
from memory.extraction.rules.context import pseudo_negations, without_benefit
from memory.extraction.rules.context_types import SentenceCtx, make_fact
from memory.extraction.rules.discourse.agency import deliberates
from memory.extraction.rules.dose_changes import sentence_records
from memory.extraction.rules.dosing import dose_slots
from memory.extraction.rules.entities import Hit
from memory.extraction.rules.measurements import names_lab_value
from memory.extraction.rules.sentence_doses import later_dose, sentence_dose
from memory.extraction.rules.switches import find_switches
from memory.lexicon.cues import cues

# The words live in lexicon/data/cues/medications.tsv; this module holds the grammar.
_WORDS = cues("medications")


def _en(category: str) -> str:
    return _WORDS.pattern(category, "en")


def _zh(category: str) -> str:
    return _WORDS.pattern(category, "zh")


_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "stopped",
        re.compile(
            r"\b(?:stop(?:ped|ping)?|discontinu\w*|quit|came off|come off|taken off|"
            r"took (?:me|him|her) off|"
            rf"(?:taper|wean)\w*\s+(?:{_en('taper_object')}\s+)?(?:[\w-]+\s+)?off|"
            r"no longer (?:on|tak\w+)|ran out of|hold(?:ing)? (?:off|the)|d/c|"
            r"take (?:you|me|him|her) off)\b|停用|停药|停了|停掉|不再|停服|"
            # A course told in the simple past with its length is over: "I took them for
            # about three days only", "I was on prednisone for a week" (not "I have used
            # it for two weeks", which still goes on).
            r"(?<!have )(?<!'ve )(?<!has )\b(?:took|used|tried|was on|were on)\b"
            r"(?:\s+[\w-]+){0,4}?\s+for\s+"
            rf"(?:about |around |roughly |only |just )?(?:{_en('course_count')}|\d+)"
            r"\s+(?:days?|weeks?|months?)\b|"
            # A clause-final 停 ("布洛芬我今天就停。") is the stop itself; 停经, 停车 are not.
            r"没再|没有再|停(?=[。！!，,；;？?]|$)",
            re.I,
        ),
    ),
    (
        "dose_changed",
        re.compile(
            rf"\b(?:increas\w*|decreas\w*|(?:rais|lower)\w*(?= {_en('raised_dose_object')}\b)|"
            rf"reduc\w*|bump\w*|up(?:ped)? the dose|"
            r"doubl\w*|halv\w*|cut (?:back|down|it)|titrat\w*|adjust\w*|went up|"
            r"go(?:ing)? (?:up|down)|wean\w*|taper\w*|"
            # the drug between the verb and its particle: "cut the prednisone back to 10",
            # "bring the Lasix down to 20", "up your lisinopril to 40", "take it down to 5"
            r"(?:cut|cutting|bring|bringing|drop|dropping|knock|knocking)\s+(?:(?:the|your|his|her|it|that|this|them)\s+)?"
            r"(?:[\w-]+\s+){0,2}?(?:back|down)\s+(?:to|on|a little|a bit|by)|"
            r"(?:take|taking|move|moving|bring|bringing)\s+(?:(?:the|your|his|her|it|that|this|them)\s+)?"
            r"(?:[\w-]+\s+){0,2}?(?:up|down)\s+(?:to|a little|a bit|by)|"
            r"up (?:it|your|his|her|the)\s+(?:[\w-]+\s+){0,2}?to)\b|"
            rf"{_zh('dose_change')}|(?:改|换)(?:为|成)(?=\s*\d)",
            re.I,
        ),
    ),
    (
        "planned",
        re.compile(
            r"\b(?:plan\w*|will (?:start|try|put|prescribe|begin|initiate|order|add)|"
            r"going to (?:start|try|put|prescribe|add|begin|initiate)|"
            r"want (?:you )?to (?:start|try)|like (?:you )?to (?:start|try|put)|"
            r"(?:i'll|we'll|let's) (?:start|try|put|prescribe|add|begin|initiate|get)|"
            r"recommend\w*|consider\w*|"
            r"would like to (?:start|try|put|prescribe)|prescrib(?:e|es|ing)\b|"
            r"(?:i|we)(?:'ve| have)? prescribed|suggest\w*|advis\w*|"
            r"(?:i'd|i would|we'd|we could|you could|you might) (?:also )?"
            r"(?:start|try|add|use|give))\b|"
            r"计划|准备|打算|考虑|建议",
            re.I,
        ),
    ),
    (
        "active",
        re.compile(
            # "缬沙坦160毫克不变", "没变": an unchanged drug is a current one.
            rf"\b{_en('active')}\b|{_zh('active')}",
            re.I,
        ),
    ),
)
_STOP_BY_NEGATION = re.compile(
    r"\bno longer\b|\bnot\b[^.;]{0,30}\bany ?more\b|\bnever\b[^.;]{0,30}\bagain\b|"
    r"不再|没再|没有再",
    re.I,
)
# A decision not to use the drug from now on is a stop, never an "active" record
# marked negated: "Okay, no ibuprofen then.", "no more Advil", "I won't take it
# anymore", "那就不吃布洛芬了", "别再吃阿司匹林".
_NO_MORE_BEFORE = re.compile(r"\bno more\s+(?:[\w-]+\s+)?$", re.I)
_NO_BEFORE = re.compile(r"\bno\s+(?:[\w-]+\s+)?$", re.I)
_FROM_NOW_AFTER = re.compile(
    r"[\w\s-]{0,12}?\b(?:then|any ?more|for now|from now on|for the time being|going forward)\b",
    re.I,
)
_NEGATED_ANYMORE = re.compile(
    r"(?:\bnot|\bnever|\bno|n't)\b[^.;]{0,40}\b(?:any ?more|from now on|going forward)\b",
    re.I,
)
_ZH_DECIDED_STOP = re.compile(
    r"(?:不再?|别再?|不要再?|不能再)(?:吃|用|服|打)[^，。；,;]{0,10}了|(?:别|不要)再(?:吃|用|服|打)"
)
_STATE_CHANGE_CUE = re.compile(
    r"\b(?:start\w*|began|initiat\w*|switch\w*|chang\w*)\b|开始|换成|换药|改用|加用", re.I
)
_DRUG_KINDS = frozenset({"drug", "drug_class"})
# A comma then a conjunction and a new subject opens another clause too: "You're on
# lisinopril 10 mg, and I would recommend you keep walking" - the recommendation is
# not the lisinopril's status.
_CLAUSE_BREAK = re.compile(
    r"[，；;]|,\s+(?:and |but |then )?(?:start|stop|switch|change|increase|decrease)"
    r"|,\s+(?:and|but|so)\s+(?:i|we)\b",
    re.I,
)
# A plan is a status, not a hypothesis ("I would like to start you on ..."), unless
# it is conditional ("if your pressure stays high, we would start ...").
_CONDITIONAL = re.compile(
    r"\b(?:if|in case|unless|whether|should you)\b|如果|万一|假如|要是|的话", re.I
)


def _status(ctx: SentenceCtx, hit: Hit) -> str | None:
    """The status cue nearest to the drug, ties broken by the cue order above
    (stop > change > plan > active). A cue in the drug's own clause beats one
    across a comma ("停用二甲双胍，改用格列美脲": glimepiride is started, not
    stopped). A doctor's question is not a status."""
    best: tuple[bool, int, int, str] | None = None
    # "aspirin lowers the risk of ...", "it helps reduce the swelling": no dose change
    said = without_benefit(ctx.text, ctx.zh, ("benefit", "harm", "relief"))
    for rank, (status, pattern) in enumerate(_CUES):
        for m in pattern.finditer(said):
            distance = min(abs(m.start() - hit.end), abs(hit.start - m.end()))
            a, b = sorted((m.start(), hit.start))
            other_clause = bool(_CLAUSE_BREAK.search(ctx.text, a, b))
            # coarse distance: cue order wins within a phrase
            key = (other_clause, distance // 25, rank, status)
            if best is None or key < best:
                best = key
    if best is None:
        # A drug named in a clinical statement with no cue ("Oxycontin and Vicodin.",
        # "All I can see is Risperdal") is most often a current medication.
        return "active"
    return best[3]


def _benefit_only(ctx: SentenceCtx) -> bool:
    """ "Aspirin lowers the risk of heart attack.": what a drug does, said with no cue
    that anyone takes it, is knowledge, not a medication record. So is a clinician's
    "ibuprofen helps reduce the swelling"; the patient saying it tells he takes it."""
    # (Chinese advice, 补充维生素D，有助于减轻疼痛, is a recommendation, kept as one.)
    relief = ctx.sent.role == "doctor" and not ctx.zh
    kinds = ("benefit", "harm", "relief") if relief else ("benefit", "harm")
    said = without_benefit(ctx.text, ctx.zh, kinds)
    return said != ctx.text and not any(p.search(said) for _, p in _CUES)


def _has_cue(ctx: SentenceCtx, hit: Hit) -> bool:
    window = ctx.text[max(0, hit.start - 40) : hit.end + 40]
    in_frame = ctx.frame is not None and ctx.frame.topic == "medication"
    return in_frame or any(p.search(window) for _, p in _CUES)


def _future(ctx: SentenceCtx, hit: Hit) -> bool:
    """A start dated after the session ("下个月开始吃", "start it next week") is a plan."""
    when, _ = ctx.date_for(hit.start)
    return bool(when and ctx.session_date and when > ctx.session_date.isoformat())


def _switch_roles(ctx: SentenceCtx, drugs: list[Hit]) -> dict[str, tuple[str, str]]:
    """canonical -> (status, replaces) for drugs in a switch: old stopped, new active."""
    roles: dict[str, tuple[str, str]] = {}
    for sw in find_switches(ctx.text, ctx.zh, drugs):
        roles[sw.old.canonical] = ("stopped", f"{sw.old.canonical} being taken")
        roles[sw.new.canonical] = ("active", sw.old.canonical)
    return roles


# "sertraline, an SSRI antidepressant", "Indapamide is a diuretic", "布洛芬属于非甾体
# 抗炎药": the class only describes the drug just named.
_APPOSITION = re.compile(
    rf"^\s*(?:,|\(|-)?\s*(?:{_en('apposition')}\s+)*(?:an?\s+)?$"
    r"|^\s*(?:属于|是|为|这类|一种|这种|[，,（(])*\s*$",
    re.I,
)


def _describing_classes(text: str, drugs: list[Hit]) -> set[int]:
    """Indexes of class mentions that describe the specific drug before them: the
    medication fact is about the drug, not a second record about its class."""
    skip: set[int] = set()
    for i in range(1, len(drugs)):
        hit, before = drugs[i], drugs[i - 1]
        if hit.kind != "drug_class":
            continue
        described = before.kind == "drug" or (i - 1) in skip
        if described and _APPOSITION.match(text[before.end : hit.start]):
            skip.add(i)
    return skip


# "X won't help", "不需要用X": the drug is named to say it is not used.
_NOT_NEEDED = re.compile(
    r"\b(?:won'?t|will not|wouldn'?t|would not|doesn'?t|does not|isn'?t going to|"
    r"aren'?t going to|not going to)\s+"
    r"(?:help|work|do (?:anything|much|a thing))\b|"
    r"\b(?:(?:is|are)n'?t|(?:is|are) not|not) "
    r"(?:needed|necessary|required|indicated|helpful|useful)\b|"
    r"\bno (?:need|reason|point) (?:for|to|in)\b|\b(?:don'?t|do not|doesn'?t|does not) need\b|"
    rf"\b{_en('not_needed')}\b|{_zh('not_needed')}",
    re.I,
)
# A class word ("decongestants", 降压药) is a medication record only when someone
# is said to use it or owns it ("I take a decongestant", "我在吃降压药", "your
# blood thinner"); "antibiotics won't help", "常见的降压药" name no one's drug.
_CLASS_SUBJECT = rf"\b{_en('class_user')}"
_CLASS_VERB = _en("class_use_verb")
_CLASS_OWNER_EN = re.compile(
    rf"(?:\b(?:my|your|his|her|their|our)\s+(?:[\w'-]+\s+){{0,2}}"
    rf"|{_CLASS_SUBJECT}(?:\s+[\w']+){{0,6}}?\s+{_CLASS_VERB}\b(?:\s+[\w']+){{0,8}}?\s+)$",
    re.I,
)
# "steroid injection today", "a course of an oral steroid", "输了三天抗生素": the
# class given as a concrete administration.
_ADMINISTERED_AFTER = re.compile(
    rf"\s*{_WORDS.pattern('administered_after')}",
    re.I,
)
_ADMINISTERED_BEFORE = re.compile(
    r"(?:\b(?:course|dose|round|shot|injection|prescription|refill|trial)s?\s+of\s+(?:an?\s+|the\s+|some\s+)?"
    r"(?:[\w-]+\s+)?|\b(?:therapeutic|oral|iv|i v|topical|inhaled)\s+|"
    # "the nurse applied antibiotic ointment": put on the patient, not only discussed.
    r"\bapplied\s+(?:an?\s+|the\s+|some\s+)?|"
    r"输了?[^，,。；]{0,4}|打了?[^，,。；]{0,3})$",
    re.I,
)
# "You can take decongestants": an over-the-counter option, not a drug in use.
_OPTION_EN = re.compile(r"\byou\s+(?:can|could|may|might)\s+(?:also\s+)?(?:take|use|try)\b", re.I)
_CLASS_OWNER_ZH = re.compile(
    # "您可以尝试口服非甾体消炎药" offers an option: no modal between person and verb.
    rf"{_zh('class_user')}(?:(?!可以|可|不妨|尝试|考虑|建议)[^，,。；]){{0,6}}?"
    r"(?:吃|服|用|打|开|输|换|加)[^，,。；]{0,4}$|"
    r"(?:我|您|你|他|她)的$"
)


def _not_needed(ctx: SentenceCtx, hit: Hit) -> bool:
    """Said to be unneeded; "we don't need any changes to your metformin" rules out a
    change (a pseudo-negation), not the drug, which stays in use."""
    before, after = (12, 10) if ctx.zh else (40, 40)
    lo, hi = max(0, hit.start - before), min(len(ctx.text), hit.end + after)
    spans = pseudo_negations(ctx.text, ctx.zh)
    return any(
        not any(a <= m.start() < b for a, b in spans)
        for m in _NOT_NEEDED.finditer(ctx.text, lo, hi)
    )


def _decided_stop(ctx: SentenceCtx, hit: Hit, negated: bool) -> bool:
    """The words around the drug end its use rather than deny or report it; a
    negated "... anymore" counts only when the negation covers the drug itself
    (not "I don't have pain anymore since I take ibuprofen")."""
    if ctx.zh:
        return bool(_ZH_DECIDED_STOP.search(ctx.text, max(0, hit.start - 8), hit.end + 10))
    head = ctx.text[max(0, hit.start - 30) : hit.start]
    if _NO_MORE_BEFORE.search(head):
        return True
    if _NO_BEFORE.search(head) and _FROM_NOW_AFTER.match(ctx.text, hit.end):
        return True
    window = ctx.text[max(0, hit.start - 40) : hit.end + 50]
    return negated and bool(_NEGATED_ANYMORE.search(window))


def _class_in_use(ctx: SentenceCtx, hit: Hit) -> bool:
    """A class word as a medication: used or owned by someone, or the answer to
    a medication question ("What do you take for pain?" - "Painkillers.")."""
    if hit.kind != "drug_class":
        return True
    if ctx.frame is not None and ctx.frame.topic == "medication":
        return True
    head = ctx.text[max(0, hit.start - (14 if ctx.zh else 70)) : hit.start]
    if _ADMINISTERED_AFTER.match(ctx.text, hit.end) or _ADMINISTERED_BEFORE.search(head):
        return True
    if ctx.zh and _CLASS_OWNER_ZH.search(head):
        return True
    if not ctx.zh and _CLASS_OWNER_EN.search(head) and not _OPTION_EN.search(head):
        return True
    return any(0 <= hit.start - r.end <= (8 if ctx.zh else 30) for r in ctx.rels)


# A drug named as an ingredient of a product ("many cold pills contain
# pseudoephedrine or phenylephrine", "含伪麻黄碱的感冒药"), as something to keep
# away from, or as somebody else's suggestion ("a friend recommended
# glucosamine", "朋友推荐氨基葡萄糖") is not a drug the patient is taking.
_NOT_TAKEN_EN = re.compile(
    r"(?:\b(?:contain|contains|containing|contained|avoid|avoiding|stay away from|"
    r"steer clear of)|\b(?:friend|neighbou?r|co-?worker|colleague)s?\s+(?:[\w']+\s+){0,2}?"
    r"(?:recommended|recommends|suggested|suggests|swears by|told me about))"
    r"\s+(?:[\w/-]+,?\s+){0,4}$",
    re.I,
)
_NOT_TAKEN_ZH = re.compile(
    r"(?:含有|含|避免|避开|朋友(?:推荐|建议|说)|别人(?:推荐|建议)|有人(?:推荐|建议))[^，,。；]{0,8}$"
)


def _not_taken(ctx: SentenceCtx, hit: Hit) -> bool:
    head = ctx.text[max(0, hit.start - (12 if ctx.zh else 60)) : hit.start]
    return bool((_NOT_TAKEN_ZH if ctx.zh else _NOT_TAKEN_EN).search(head))


def extract_medications(ctx: SentenceCtx) -> list[ExtractedFact]:
    every = [h for h in ctx.hits if h.kind in _DRUG_KINDS]
    skipped = _describing_classes(ctx.text, every)
    drugs = [h for i, h in enumerate(every) if i not in skipped and _class_in_use(ctx, h)]
    switched = _switch_roles(ctx, drugs)
    facts: list[ExtractedFact] = []
    seen: set[str] = set()
    for i, hit in enumerate(drugs):
        if hit.canonical in seen:
            continue
        seen.add(hit.canonical)
        status, replaces = switched.get(hit.canonical, (_status(ctx, hit), None))
        if status == "active" and (
            _not_taken(ctx, hit)
            or (not ctx.zh and names_lab_value(ctx.text, hit.start, hit.end))
            or _benefit_only(ctx)
        ):
            continue  # never suppress a stop or a change: an old record must not stay current
        stop = drugs[i + 1].start if i + 1 < len(drugs) else len(ctx.text)
        value, unit, previous = sentence_dose(ctx, hit, status, stop, drugs[i - 1].end if i else 0)
        if value is None:
            value, unit, previous = later_dose(ctx, drugs, i, status)
        fact = _fact(ctx, hit, status, replaces, value, unit, previous, hit.canonical in switched)
        # The drug's words run from the previous drug (a route often comes first:
        # "口服二甲双胍", "inject insulin") to the next one, ~120 characters.
        previous_end = drugs[i - 1].end if i else 0
        clause_start = max(previous_end, hit.start - 20)
        clause = ctx.text[clause_start : min(stop, hit.end + 100)]
        slots = dose_slots(value, unit, clause, ctx.zh, hit.start - clause_start)
        fact = replace(fact, slots=slots) if slots else fact
        facts.extend(sentence_records(ctx, hit, fact, stop, previous))
    return facts


# "to make sure we don't have to make any adjustments to your metformin", "no need to
# increase it", "we won't change the dose", "不用调整": a change ruled out, the drug
# goes on as it is.
_DENIED_CHANGE = re.compile(
    r"(?:\b(?:not|no|never|without)|n't)\s+(?:[\w']+\s+){0,4}$|"
    r"\bno need (?:to|for)\s+(?:[\w']+\s+){0,2}$",
    re.I,
)
_DENIED_CHANGE_ZH = re.compile(r"(?:不|没|无需|不需要|不用|暂不|暂时不)[^，。；]{0,3}$")


def _change_denied(ctx: SentenceCtx, hit: Hit) -> bool:
    """The change cue nearest the drug is denied."""
    cues = list(_CUES[1][1].finditer(ctx.text, max(0, hit.start - 80), hit.end + 80))
    if not cues:
        return False
    near = min(cues, key=lambda m: min(abs(m.start() - hit.end), abs(hit.start - m.end())))
    before = ctx.text[max(0, near.start() - 40) : near.start()]
    return bool((_DENIED_CHANGE_ZH if ctx.zh else _DENIED_CHANGE).search(before))


def _status_and_assertion(
    ctx: SentenceCtx,
    hit: Hit,
    status: str,
    value: str | None,
    previous: str | None,
    switched: bool,
) -> tuple[str, str]:
    if previous and status == "active" and not switched:
        status = "dose_changed"
    denied = status == "dose_changed" and value is None and _change_denied(ctx, hit)
    if denied:
        status = "active"
    if status == "active" and _future(ctx, hit):
        status = "planned"
    if status == "dose_changed" and deliberates(ctx.text, ctx.zh):
        status = "planned"  # "whether to raise it", 要不要加量: a plan or a question
    if denied:
        return status, "present"  # the negation is the change's: the drug goes on
    assertion = "negated" if _not_needed(ctx, hit) else ctx.assertion(hit.start, hit.end)
    return status, assertion


def _fact(
    ctx: SentenceCtx,
    hit: Hit,
    status: str,
    replaces: str | None,
    value: str | None,
    unit: str | None,
    previous: str | None,
    switched: bool,
) -> ExtractedFact:
    status, assertion = _status_and_assertion(ctx, hit, status, value, previous, switched)
    if status == "active" and assertion != "negated" and advised(ctx, hit):
        status = "planned"  # an option or an as-needed allowance (rules.advice)
    if status == "active" and _decided_stop(ctx, hit, assertion == "negated"):
        status, assertion = "stopped", "present"
    if status == "stopped" and assertion == "negated" and _STOP_BY_NEGATION.search(ctx.text):
        assertion = "present"  # "布洛芬我一直没再吃", "no longer on it": a stop, said with "not"
    if status == "planned" and assertion == "hypothetical" and not _CONDITIONAL.search(ctx.text):
        assertion = "present"
    changed = switched or status in ("stopped", "dose_changed")
    changed = changed or bool(_STATE_CHANGE_CUE.search(ctx.text))
    if replaces is None and status == "stopped":
        replaces = f"{hit.canonical} being taken"
    elif replaces is None and status == "dose_changed":
        replaces = f"{hit.canonical} {previous}" if previous else f"{hit.canonical} previous dose"
    return make_fact(
        ctx,
        hit.start,
        type="medication_status",
        entity=hit.canonical,
        value=value,
        unit=unit,
        status=status,
        is_state_change=changed and status != "planned",
        replaces=replaces if status != "planned" else None,
        assertion=assertion,
        confidence=(0.7 if value else 0.6) if _has_cue(ctx, hit) else 0.45,
    )
