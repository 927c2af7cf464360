"""A complaint told as a standing condition, not as today's symptom.

The same word names both: "my back hurts today" is a symptom of this visit,
"I have chronic back pain" or "a history of anxiety" is a condition the patient
carries, followed across visits and listed with the diagnoses. What tells them
apart is how the complaint is told, not the word:

* a history frame before it, the complaint possibly further down a list
  ("past medical history of diabetes and back pain", "hx of", 有…病史, 既往有);
* a word of chronicity or recurrence opening its noun phrase ("chronic",
  "long-standing", "recurrent", "known", 慢性, 长期, 常年, 老);
* a diagnosis, an ongoing treatment aimed at it or a return of it ("diagnosed
  with", "treated for", "on gabapentin for", "takes sertraline for", "living
  with", "a recurrence of", "flared up", 诊断为, 确诊, 患有; a one-off "took some
  Tylenol for the headache" is no such regimen);
* a duration of years after it ("for years", "for a long time", "since I was a
  kid", 好几年了, 十多年, 老毛病, 从小就);
* for complaints that are conditions in their own right when someone owns them
  (anxiety, insomnia), a possessor or a "have": "your anxiety", "I have insomnia",
  "depression and anxiety" - not anxiety over a situation or of today ("about
  the biopsy", "this morning", "lately").

Spoken fillers ("chronic, uh, back pain") are read past. A clause boundary (a
full stop, "but", "today", "presents with", 但, "，最近") ends the reach of a
cue, so "history of asthma, here today for a headache" keeps the headache a
symptom of the visit.
"""

from __future__ import annotations

import re

from memory.extraction.rules.entities import Hit
from memory.lexicon.cues import cues

# The words live in lexicon/data/cues/standing_conditions.tsv; this module holds the grammar.
_WORDS = cues("standing_conditions")

# Cues that reach down a list: "history of diabetes, gout and back pain".
_HEAD_EN = re.compile(
    r"(?:\b(?:history|hx|h/o|pmh)\b(?:\s+(?:of|significant for|notable for|remarkable for|"
    r"positive for|includes?|including))?"
    r"|\b(?:diagnos(?:ed|is)|dx)\s+(?:with|of|as)"
    r"|\b(?:treated|being treated|treatment|followed|under care)\s+for"
    # a regimen aimed at it: "on gabapentin for", "takes sertraline for" (a one-off
    # "took some tylenol for the headache" is today's complaint)
    rf"|\b(?:on|takes)\s+(?!{_WORDS.pattern('not_a_regimen_drug', 'en')}\b)"
    r"[a-z-]+(?:\s+[a-z-]+)?\s+for"
    r"|\bsuffer(?:s|ed|ing)?\s+(?:from|with)|\bliving\s+with"
    # a return of it: "a recurrence of", "a flare of"
    r"|\b(?:recurrence|flare(?:-up)?)\s+of"
    r")\b",
    re.I,
)
# Words of chronicity modify only the noun phrase they open: "chronic back pain",
# "this long-standing insomnia" - not the next item of a list.
_MODIFIER_EN = re.compile(
    r"\b(?:chronic|long[- ]?standing|lifelong|long[- ]term|recurrent|recurring|known)"
    r"\s+(?:[a-z-]+\s+)?$",
    re.I,
)
# What may stand between a head cue and the complaint: the rest of a list of
# conditions, articles, possessors and modifiers, never a new clause.
_BREAK_EN = re.compile(
    rf"[.!?;:]|\b{_WORDS.pattern('clause_break', 'en')}\b",
    re.I,
)
_TAIL_EN = re.compile(
    r"^\s*(?:(?!(?:and|or|also)\b)[\w'-]+\s+){0,5}?(?:"
    r"for\s+(?:the\s+)?(?:(?:past|last)\s+)?(?:(?:many|several|a\s+few|a\s+couple\s+of|"
    r"couple\s+of|a\s+number\s+of|\d+|\w+(?:[- ]\w+)?)\s+)?(?:years|decades)"
    r"|for\s+(?:a\s+)?(?:long|very\s+long)\s+(?:time|while)|for\s+ages|for\s+so\s+long"
    r"|since\s+(?:i\s+was|he\s+was|she\s+was|childhood|high\s+school|college|(?:19|20)\d\d)"
    r"|(?:all|most\s+of)\s+(?:my|his|her)\s+(?:life|adult\s+life)|(?:my|his|her)\s+whole\s+life"
    r"|(?:flare[sd]?|flaring|act(?:s|ed|ing)?)\s+up"
    r")\b",
    re.I,
)
_HEAD_ZH = re.compile(rf"{_WORDS.pattern('history_head', 'zh')}$")
_TAIL_ZH = re.compile(
    r"^(?:的)?(?:病史|史)"
    r"|^(?:已经|有|都)?(?:[一二两三四五六七八九十几\d]+|好几|好多|很多|十几|几十)多?年(?:了|多)?"
    r"|^多年|^的?(?:是|属于)?(?:个)?老毛病|^的毛病|^(?:一直|反复)(?:都)?(?:有|没好|发作)"
)
# "有" alone opens too many passing complaints ("有点头痛", "有头痛"): it counts only
# with a history word after the complaint (有失眠病史), which _TAIL_ZH already is.
_WEAK_HEAD_ZH = frozenset({"有"})
# Complaints that are conditions in their own right once someone owns them.
_OWNED_CONDITIONS = frozenset({"anxiety", "insomnia"})
_OWNER_EN = re.compile(
    r"\b(?:my|your|his|her)\s+$"
    # had, as a condition is had ("I have anxiety", "she has insomnia", "dealing with
    # depression and anxiety"), possibly after other conditions of a list
    rf"|\b{_WORDS.pattern('had_as_condition', 'en')}\s+(?:(?:an?|bad|severe|mild|chronic|"
    r"terrible|significant)\s+)?(?:[\w-]+\s+){0,3}?(?:(?:and|or|,)\s+)?$",
    re.I,
)
# "Some anxiety about the biopsy", "anxiety before flights", "anxiety this morning":
# anxiety over a situation or of today.
_SITUATIONAL_EN = re.compile(r"\s*(?:about|over|before|around|when|during|with)\b", re.I)
_TODAY_EN = re.compile(
    r"\b(?:today|tonight|yesterday|right now|lately|recently|these days|"
    r"this (?:morning|afternoon|evening|week))\b",
    re.I,
)
_OWNER_ZH = re.compile(r"(?:我|你|您|他|她)的$")
_REACH_EN = 90  # characters back from the complaint a history list may run
_REACH_ZH = 12


# Spoken fillers ("chronic, uh, back pain", "your, um, anxiety") stand between a cue
# and the complaint in transcripts; they are read past.
_FILLERS_EN = re.compile(r"(?:\s*,)?\s*\b(?:uh|um|uhm|er|ah|you know|i mean)\b\s*,?", re.I)


def _unfilled(text: str) -> str:
    return _FILLERS_EN.sub(" ", text)


def told_as_condition(text: str, hit: Hit, zh: bool) -> bool:
    """Is the complaint `hit` told as a standing condition (see the module doc)?"""
    if re.match(r"(?:chronic|long[- ]?standing)\b|慢性", hit.surface, re.I):
        return True
    if zh:
        return _zh_condition(text, hit)
    head = _unfilled(text[max(0, hit.start - _REACH_EN) : hit.start])
    if hit.canonical in _OWNED_CONDITIONS and _owned(text, hit, head):
        return True
    if _MODIFIER_EN.search(head):
        return True
    cue = _last_cue(head)
    if cue is not None and not _BREAK_EN.search(head, cue):
        return True
    return bool(_TAIL_EN.match(_unfilled(_clause_after(text, hit.end))))


# "A two-week history of dizziness" dates an acute complaint: a history of days or
# weeks is this illness, not a standing condition (months and years are).
_SHORT_HISTORY_EN = re.compile(
    rf"\b(?:\d+|{_WORDS.pattern('short_count', 'en')})[- ]"
    r"(?:of[- ])?(?:days?|weeks?)[- ](?:\w+[- ])?$",
    re.I,
)


def _owned(text: str, hit: Hit, head: str) -> bool:
    """ "My anxiety", "I have insomnia", "depression and anxiety": owned or had as a
    condition, not anxiety over a situation."""
    if _SITUATIONAL_EN.match(text, hit.end) or _TODAY_EN.search(_clause_after(text, hit.end)):
        return False
    return bool(_OWNER_EN.search(head))


def _last_cue(head: str) -> int | None:
    """End of the last history/diagnosis/treatment cue in `head`, if any."""
    last = None
    for m in _HEAD_EN.finditer(head):
        short = _SHORT_HISTORY_EN.search(head, 0, m.start())
        last = None if short is not None and short.end() == m.start() else m.end()
    return last


def _clause_after(text: str, end: int) -> str:
    tail = text[end : end + 80]
    cut = re.search(r"[.!?;]|\bbut\b", tail)
    return tail[: cut.start()] if cut else tail


def _zh_condition(text: str, hit: Hit) -> bool:
    head = re.split(r"[，,。！？；;：:]", text[max(0, hit.start - _REACH_ZH) : hit.start])[-1]
    tail = re.split(r"[，,。！？；;]", text[hit.end : hit.end + 16])[0]
    if _TAIL_ZH.match(tail):
        return True
    if hit.canonical in _OWNED_CONDITIONS and _OWNER_ZH.search(head):
        return True
    m = _HEAD_ZH.search(head)
    return m is not None and m[0] not in _WEAK_HEAD_ZH
