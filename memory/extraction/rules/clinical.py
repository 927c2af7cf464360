"""Conditions, symptoms, preferences and events."""

from __future__ import annotations

import re
from functools import lru_cache

from memory.domain.types import ExtractedFact
from memory.extraction.rules.condition_scope import not_said_of_the_patient, reaction_to_a_drug
from memory.extraction.rules.condition_talk import condition_name, named_in_talk, split_denial
from memory.extraction.rules.context import dated_after, in_purpose, outside_purpose
from memory.extraction.rules.context_types import SentenceCtx, make_fact
from memory.extraction.rules.entities import Hit
from memory.extraction.rules.episodes import past_episode, still_lasting
from memory.extraction.rules.relief import symptom_ceased
from memory.extraction.rules.removed import removed
from memory.extraction.rules.standing import told_as_condition
from memory.lexicon.cues import cues

# The status, preference and event words live in lexicon/data/cues/
# condition_status.tsv, preferences.tsv and life_events.tsv; the order of the
# labels below is grammar: the first label whose cue the sentence holds wins.
_STATUS_TABLE = "condition_status"
# "I think you have ...": a belief about the patient's diagnosis, not yet made.
_THINKS = r"think (?:you|it|he|she) (?:have|has|might|may|is)"


def _talk(table: str, category: str, grammar: str = "") -> re.Pattern[str]:
    """English cues on word boundaries (with any grammar kept here), Chinese as written."""
    en = cues(table).pattern(category, "en", ordered=True)
    zh = cues(table).pattern(category, "zh", ordered=True)
    extra = f"|{grammar}" if grammar else ""
    return re.compile(rf"\b(?:{en}{extra})\b|{zh}", re.I)


_CONDITION_STATUS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (status, _talk(_STATUS_TABLE, status, _THINKS if status == "suspected" else ""))
    for status in (
        "misdiagnosed",
        "resolved",
        "suspected",
        "worsened",
        "improved",
        "chronic",
        "confirmed",
    )
)
_SYMPTOM_CHANGE = tuple(
    (change, _talk(_STATUS_TABLE, f"symptom_{change}")) for change in ("relief", "worsening")
)
_PREFERENCES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (label, _talk("preferences", label))
    for label in ("diet", "smoking", "alcohol", "exercise", "cost", "adherence", "schedule")
)
_EVENTS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (label, _talk("life_events", label.replace(" ", "_")))
    for label in (
        "hospitalization",
        "emergency visit",
        "fall",
        "accident",
        "procedure planned",
        "pregnancy",
    )
)
_DISEASE_KINDS = frozenset({"disease"})
# A screening or test for a disease is no diagnosis of it: "Have you been screened
# for cancer?" - "Oh, yeah." says nothing about having cancer; neither does
# "癌症筛查", "不孕检查" or "查一下有没有糖尿病". "Tested positive for" is not matched,
# nor a finding of an examination ("检查出", "检查发现", "检查结果").
_TESTED_BEFORE_EN = re.compile(
    r"\b(?:screen\w*|tested|test(?:s|ing)?|check(?:ed|ing)?(?: you)?|evaluat\w*|work(?:ed)?[- ]?up)"
    r"\s+for\s+(?:[\w-]+\s+){0,2}$",
    re.I,
)
_TESTED_AFTER_EN = re.compile(r"\s*(?:screening|screen|tests?|testing|work-?up)\b", re.I)
_TESTED_BEFORE_ZH = re.compile(r"(?:筛查|检测|检查|查查?)(?:一下)?(?:有没有|是否有|是不是)$")
_TESTED_AFTER_ZH = re.compile(
    r"(?:症)?(?:的|方面的)?(?:相关)?(?:筛查|筛检|检测|检查(?!出|发现|结果|显示|提示|是|为)|化验(?!结果|出))"
)


def _condition_status(text: str) -> str:
    for status, pattern in _CONDITION_STATUS:
        if pattern.search(text):
            return status
    return "confirmed"


def extract_conditions(ctx: SentenceCtx) -> list[ExtractedFact]:
    facts: list[ExtractedFact] = []
    seen: set[str] = set()
    status = ""  # read once, and only for a sentence that names a disease
    for hit in ctx.hits:
        if not _condition_hit(ctx, hit) or hit.canonical in seen or _not_had(ctx, hit):
            continue
        seen.add(hit.canonical)
        status = status or _condition_status(outside_purpose(ctx.text, ctx.zh))
        assertion = ctx.assertion(hit.start, hit.end)
        if assertion == "present" and split_denial(ctx, hit):
            assertion = "negated"  # "you do n't have diabetes" (rules.condition_talk)
        if assertion == "present" and dated_after(ctx.text, hit.end, ctx.zh):
            assertion = "historical"  # "you've had this reflux in the past"
        if assertion == "historical" and still_lasting(ctx, hit):
            assertion = "present"  # "既往有高血压": a past medical history lists what lasts
        if assertion == "present" and removed(ctx.text, hit.start, hit.end, ctx.zh):
            assertion = "historical"  # "removed two polyps": the lesion is gone (rules.removed)
        when: dict[str, object] = {}
        episode = past_episode(ctx, hit) if assertion == "present" else None
        if episode is not None and episode.date is not None:
            assertion = "historical"  # told as an episode long over (rules.episodes)
            when = {"date": episode.date.isoformat(), "date_precision": episode.precision}
        facts.append(
            make_fact(
                ctx,
                hit.start,
                **when,
                type="condition",
                entity=condition_name(ctx, hit),
                status=status,
                assertion=assertion,
                is_state_change=status in ("resolved", "misdiagnosed", "worsened", "improved"),
                replaces=f"{condition_name(ctx, hit)} active"
                if status in ("resolved", "misdiagnosed")
                else None,
                confidence=0.65,
            )
        )
    return facts


def _not_had(ctx: SentenceCtx, hit: Hit) -> bool:
    """The disease names a test, a vaccine or an outcome to prevent, not a state, or
    is said in counselling and general talk (rules.condition_talk)."""
    return (
        _only_tested(ctx, hit)
        or _names_a_vaccine(ctx, hit)
        or _names_a_service(ctx, hit)
        or in_purpose(ctx.text, hit.start, ctx.zh)
        or named_in_talk(ctx, hit, tuple(h for h in ctx.hits if h.kind in _NAMED_KINDS))
        or not_said_of_the_patient(ctx, hit)
    )


# Only a disease is defined by another name: "your headache is a migraine" (a
# complaint, then its diagnosis) is no definition.
_NAMED_KINDS = frozenset({"disease"})


# "The Infectious Disease center", "a cancer centre", "an infectious disease
# specialist", 感染科, 肿瘤中心: the disease names a department or a specialty, not
# something the patient has.
_SERVICE_AFTER_EN = re.compile(
    rf"s?\s+{cues('services').pattern('service_after_name', 'en', ordered=True)}\b", re.I
)
_SERVICE_AFTER_ZH = re.compile(cues("services").pattern("service_after_name", "zh", ordered=True))


def _names_a_service(ctx: SentenceCtx, hit: Hit) -> bool:
    pattern = _SERVICE_AFTER_ZH if ctx.zh else _SERVICE_AFTER_EN
    return bool(pattern.match(ctx.text, hit.end))


def _condition_hit(ctx: SentenceCtx, hit: Hit) -> bool:
    """A disease, or a complaint told as a standing condition ("chronic back pain",
    "history of anxiety", 失眠好几年了: rules.standing) rather than today's symptom."""
    if hit.kind in _DISEASE_KINDS:
        return True
    return (
        hit.kind == "symptom"
        and told_as_condition(ctx.text, hit, ctx.zh)
        and not reaction_to_a_drug(ctx, hit)  # "itching with the prednisone"
    )


# "A flu shot", "流感疫苗", "vaccinated against measles": the disease names the
# vaccine given to prevent it, never a diagnosis the patient has.
_VACCINE_AFTER_EN = re.compile(
    r"\s*(?:vaccines?|vaccinations?|shots?|jabs?|immuni[sz]ations?|boosters?)\b", re.I
)
_VACCINE_BEFORE_EN = re.compile(
    r"\b(?:vaccin\w*|immuni[sz]\w*|inoculat\w*|shots?|jabs?|boosters?) (?:against|for) (?:the )?$",
    re.I,
)
_VACCINE_AFTER_ZH = re.compile(r"(?:疫苗|预防针|加强针)")


def _names_a_vaccine(ctx: SentenceCtx, hit: Hit) -> bool:
    if ctx.zh:
        return bool(_VACCINE_AFTER_ZH.match(ctx.text, hit.end))
    head = ctx.text[max(0, hit.start - 40) : hit.start]
    return bool(_VACCINE_AFTER_EN.match(ctx.text, hit.end) or _VACCINE_BEFORE_EN.search(head))


def _only_tested(ctx: SentenceCtx, hit: Hit) -> bool:
    head = ctx.text[max(0, hit.start - (10 if ctx.zh else 40)) : hit.start]
    if ctx.zh:
        # "去查一下周围神经病变": a test ordered for the condition (cues/mentions.tsv).
        ordered = _mention("test_ordered", "zh").search(head)
        return bool(
            ordered or _TESTED_BEFORE_ZH.search(head) or _TESTED_AFTER_ZH.match(ctx.text, hit.end)
        )
    return bool(
        _TESTED_BEFORE_EN.search(head)
        or _TESTED_AFTER_EN.match(ctx.text, hit.end)
        or _mention("test_ordered", "en").search(head)  # "what we look for for dehydration"
    )


def extract_symptoms(ctx: SentenceCtx) -> list[ExtractedFact]:
    facts: list[ExtractedFact] = []
    seen: set[str] = set()
    if not any(h.kind == "symptom" for h in ctx.hits):
        return facts
    said = outside_purpose(ctx.text, ctx.zh)
    told = next((name for name, p in _SYMPTOM_CHANGE if p.search(said)), "onset")
    for hit in ctx.hits:
        if hit.kind != "symptom" or hit.canonical in seen or _condition_hit(ctx, hit):
            continue
        if in_purpose(ctx.text, hit.start, ctx.zh):
            continue  # "以免引起头痛", "to avoid getting dizzy": no symptom had
        seen.add(hit.canonical)
        assertion = ctx.assertion(hit.start, hit.end)
        change = told
        if symptom_ceased(ctx.text, hit.start, hit.end, ctx.zh):
            # "现在基本不痛了", "no more dizziness": the symptom was there and is gone;
            # a relief of it, never a present symptom nor a denial of ever having it.
            change, assertion = "relief", "present"
        facts.append(
            make_fact(
                ctx,
                hit.start,
                type="symptom",
                entity=hit.canonical,
                value=change,
                assertion=assertion,
                is_state_change=change == "relief",
                replaces=f"{hit.canonical} present" if change == "relief" else None,
                confidence=0.6,
            )
        )
    return facts


def _any_of(table: tuple[tuple[str, re.Pattern[str]], ...]) -> re.Pattern[str]:
    """One gate for a cue table: most sentences match none of its patterns."""
    return re.compile("|".join(f"(?:{p.pattern})" for _, p in table), re.I)


def extract_preferences(ctx: SentenceCtx) -> list[ExtractedFact]:
    facts: list[ExtractedFact] = []
    if not _ANY_PREFERENCE.search(ctx.text):
        return facts
    for label, pattern in _PREFERENCES:
        m = pattern.search(ctx.text)
        if m:
            facts.append(
                make_fact(
                    ctx,
                    m.start(),
                    type="preference",
                    entity=label,
                    assertion=ctx.assertion(m.start(), m.end()),
                    confidence=0.55,
                )
            )
    return facts


# A procedure named with a future cue is a planned event ("建议做一次结肠镜筛查",
# "You'll need a repeat colonoscopy in three years").
_PLANNED = re.compile(
    r"\b(?:will|going to|schedul\w*|plan\w*|need(?:s)? (?:a|an|to)|recommend\w*|repeat|next)\b|"
    r"准备|计划|需要|建议|安排|预约|下次|下个月",
    re.I,
)


def extract_events(ctx: SentenceCtx) -> list[ExtractedFact]:
    """Events; a planned procedure is named by the procedure itself (lexicon kind
    "procedure"), so "肠镜" and "colonoscopy" plans are one item."""
    procedures = [h for h in ctx.hits if h.kind == "procedure"]
    facts: list[ExtractedFact] = []
    if not procedures and not _ANY_EVENT.search(ctx.text):
        return facts
    for label, pattern in _EVENTS:
        m = pattern.search(ctx.text)
        if m is None:
            continue
        entity = label
        if label == "procedure planned" and procedures:
            entity = procedures[0].canonical
        if _only_if(ctx, m.start()):
            continue
        facts.append(_event(ctx, m.start(), m.end(), entity))
    planned = {f.entity for f in facts}
    if procedures and _PLANNED.search(ctx.text):
        for hit in procedures:
            if hit.canonical not in planned:
                planned.add(hit.canonical)
                facts.append(_event(ctx, hit.start, hit.end, hit.canonical))
    return facts


def _only_if(ctx: SentenceCtx, start: int) -> bool:
    """ "If he faints, he should go to the emergency room": an event said under a
    condition (cues/mentions.tsv "conditional") has not happened; no event record."""
    if ctx.assertion(start, start + 1) == "hypothetical":
        return True
    return bool(_mention("conditional", "zh" if ctx.zh else "en").search(ctx.text, 0, start))


@lru_cache(maxsize=16)
def _mention(category: str, lang: str) -> re.Pattern[str]:
    """A cue alternation of cues/mentions.tsv, compiled once."""
    return cues("mentions").regex(category, lang)


_ANY_PREFERENCE = _any_of(_PREFERENCES)
_ANY_EVENT = _any_of(_EVENTS)


def _event(ctx: SentenceCtx, start: int, end: int, entity: str) -> ExtractedFact:
    return make_fact(
        ctx,
        start,
        type="event",
        entity=entity,
        assertion=ctx.assertion(start, end),
        confidence=0.55,
    )
