"""A vaccine given at this visit, or received before, is immunization history.

"今天给您打流感疫苗", "we'll give you the flu shot today": the vaccine is given now,
so the record is an event dated by the session ("influenza vaccine",
administered), not a planned medication that would leave the shot looking still
due (issue 30, item 4). "I had my shingles shot last year" is the same history,
dated when said. A question, a denial, a conditional or a recommendation for
later ("you should get a flu shot this fall") records no vaccination.
The words are data (lexicon/data/cues/mentions.tsv).
Pure: no Django.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memory.domain.types import ExtractedFact
from memory.extraction.rules.context_types import SentenceCtx, make_fact
from memory.lexicon.cues import cues

# Which vaccine: the cue category names it ("vaccine_influenza" -> "influenza vaccine").
_KINDS = (
    "vaccine_influenza",
    "vaccine_pneumococcal",
    "vaccine_shingles",
    "vaccine_covid",
    "vaccine_tetanus",
    "vaccine_hepatitis_b",
)
_NEAR = 40  # characters between the vaccine's name and the words that say it was given


def _lang(ctx: SentenceCtx) -> str:
    return "zh" if ctx.zh else "en"


@lru_cache(maxsize=64)
def _rx(category: str, lang: str) -> re.Pattern[str]:
    return cues("mentions").regex(category, lang)


def _which(text: str, at: int, lang: str) -> str:
    """The vaccine named just before the vaccine word ("flu shot", "流感疫苗")."""
    head = text[max(0, at - 20) : at]
    for kind in _KINDS:
        if _rx(kind, lang).search(head):
            return kind.removeprefix("vaccine_").replace("_", " ") + " vaccine"
    return "vaccine"


def _given(ctx: SentenceCtx, start: int, end: int) -> bool:
    """Said as given at this visit, or as already received."""
    lang = _lang(ctx)
    window = ctx.text[max(0, start - _NEAR) : end + _NEAR]
    now = _rx("vaccine_given_now", lang).search(window) and _rx("this_visit", lang).search(window)
    return bool(now or _rx("vaccine_received", lang).search(window))


def vaccinations(ctx: SentenceCtx) -> list[ExtractedFact]:
    """The vaccination the sentence says was given (or received), at most one."""
    if ctx.sent.is_question:
        return []
    lang = _lang(ctx)
    m = _rx("vaccine_word", lang).search(ctx.text)
    if m is None or not _given(ctx, m.start(), m.end()):
        return []
    if _rx("conditional", lang).search(ctx.text, 0, m.start()):
        return []
    if ctx.assertion(m.start(), m.end()) != "present":
        return []
    entity = _which(ctx.text, m.start(), lang)
    return [
        make_fact(
            ctx,
            m.start(),
            type="event",
            entity=entity,
            value="administered",
            assertion="present",
            confidence=0.6,
        )
    ]


def is_vaccine_record(fact: ExtractedFact) -> bool:
    """A medication record of the vaccine class, superseded by the vaccination event."""
    return fact.type == "medication_status" and (fact.entity or "") in ("vaccines", "vaccine")
