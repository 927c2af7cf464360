"""A past episode of a condition: dated long before the session and over since.

"1995年做过阑尾切除术，是急性阑尾炎" and "back in 2010, I had pneumonia, and it was
bad" tell history: the appendicitis was removed with the appendix, the pneumonia
was one illness years ago. Listed as a current diagnosis "since <session date>",
either would be an outdated state shown as current (docs/design.md §1.1).

The rule needs all of:
1. a date in the sentence at least a year before the session (ConText's scope
   ended at the comma; a telling's date dates the clauses that continue it);
2. evidence that the episode ended: a removal or operation near the condition
   (appendicitis -> appendectomy), a recovery ("recovered", 恢复得挺好, 治好了), or
   a one-off telling ("I had", "I got", 得过, 患过) of a condition that does not
   last for life;
3. nothing saying it goes on: "since", "still", "for ten years", 一直, 至今, 现在...
   ("diagnosed with diabetes in 2010" stays a current diagnosis).
"""

from __future__ import annotations

import re
from datetime import timedelta

from memory.domain.dates import DateMention
from memory.extraction.rules.context_types import SentenceCtx
from memory.extraction.rules.entities import Hit
from memory.lexicon.cues import cues

_LONG_AGO = timedelta(days=365)
_EPISODES = cues("episodes")
_REMOVED_EN = re.compile(
    rf"{_EPISODES.pattern('removal', 'en')}|"
    r"\b(?:operat\w*|took (?:it|them) out|had (?:it|them) out|\w+ectomy|\w+ectomies)\b",
    re.I,
)
_REMOVED_ZH = _EPISODES.regex("removal", "zh")
_RECOVERED_EN = _EPISODES.regex("recovered", "en")
_RECOVERED_ZH = _EPISODES.regex("recovered", "zh")
_ONE_OFF_EN = re.compile(rf"\b(?:i|he|she|they|we) {_EPISODES.pattern('one_off', 'en')}", re.I)
_ONE_OFF_ZH = _EPISODES.regex("one_off", "zh")
_ONGOING_EN = re.compile(
    rf"{_EPISODES.pattern('ongoing', 'en')}|"
    r"\b(?:every (?:year|winter|spring|summer)|"
    r"for (?:the )?(?:past |last )?(?:\w+ )?(?:years|decades)|(?:have|has|'ve|'s) (?:had|been)|"
    # a present-tense clause beside the old one: "..., and I have asthma"
    r"(?:i|he|she|we|they) (?:have|has|am|is|are|get|gets))\b",
    re.I,
)
_ONGOING_ZH = re.compile(
    rf"{_EPISODES.pattern('ongoing', 'zh')}|"
    r"(?:我|他|她|您|你)(?:也)?有|\d+年了|[一二两三四五六七八九十几]+年了"
)
# Conditions that a one-off telling does not end ("in 2012 I had high blood
# pressure" is when it began): they last unless a removal or a cure is told.
_LASTING = frozenset(cues("conditions").forms("lasting_condition", "en"))


def past_episode(ctx: SentenceCtx, hit: Hit) -> DateMention | None:
    """The old date of a condition told as an episode that is over, else None."""
    old = _old_date(ctx)
    if old is None or (_ONGOING_ZH if ctx.zh else _ONGOING_EN).search(ctx.text):
        return None
    reach = 30 if ctx.zh else 90
    near = ctx.text[max(0, hit.start - reach) : hit.end + reach]
    removed = (_REMOVED_ZH if ctx.zh else _REMOVED_EN).search(near)
    recovered = (_RECOVERED_ZH if ctx.zh else _RECOVERED_EN).search(ctx.text)
    if removed or recovered:
        return old
    one_off = (_ONE_OFF_ZH if ctx.zh else _ONE_OFF_EN).search(ctx.text)
    return old if one_off and hit.canonical not in _LASTING else None


def _old_date(ctx: SentenceCtx) -> DateMention | None:
    if ctx.session_date is None:
        return None
    limit = ctx.session_date - _LONG_AGO
    old = [d for d in ctx.dates if d.date is not None and d.date <= limit]
    return old[0] if old else None


# A lasting condition told under a history frame goes on: "既往有高血压" (a past medical
# history of hypertension), "prior history of diabetes", "previously diagnosed with
# asthma" list what the patient has, not what he had. Only a telling that it ended
# ("used to", "no longer", 好了, 正常了) or a stage of life long past ("as a child",
# 小时候) makes it history.
_FRAME_EN = _EPISODES.regex("history_frame", "en")
_FRAME_ZH = _EPISODES.regex("history_frame", "zh")
_ENDED_EN = re.compile(rf"{_EPISODES.pattern('ended', 'en')}|\bas a (?:child|kid|teen\w*)\b", re.I)
_ENDED_ZH = _EPISODES.regex("ended", "zh")


def still_lasting(ctx: SentenceCtx, hit: Hit) -> bool:
    """A lasting condition under a history frame with nothing telling that it ended."""
    if hit.canonical not in _LASTING:
        return False
    frame, ended = (_FRAME_ZH, _ENDED_ZH) if ctx.zh else (_FRAME_EN, _ENDED_EN)
    return bool(frame.search(ctx.text, 0, hit.start)) and not ended.search(ctx.text)
