"""What every fact builder sees about one sentence, and the shared fact constructor.

The bottom of the rule pipeline: the sentence context and the question frame it
carries (built by rules.qa) live here, so that every rule module may import them
without importing another rule module's logic.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from memory.domain.dates import DateMention
from memory.domain.types import ExtractedFact
from memory.extraction.rules.bounded import bound_around
from memory.extraction.rules.clauses import Span, content_for
from memory.extraction.rules.context import assertion_of
from memory.extraction.rules.discourse.cues import RelMention
from memory.extraction.rules.entities import Hit
from memory.extraction.rules.text import Sentence


@dataclass(frozen=True)
class Frame:
    """The open question: its topic, the turn it was asked in, its text."""

    topic: str  # allergy | family | surgery | medication | social | generic
    turn: int
    text: str
    asks_for_more: bool  # "any other allergies?": a "no" then adds nothing
    # Opened by a stated list ("I'm allergic to penicillin"), not by a question: it
    # waits for the list's next item. A question that refers back to it ("What
    # happened when you took them?") or asks for more ("Anything else?") keeps its
    # topic; any other ("Here it says you injured your leg? Tell me what happened.")
    # has moved on.
    stated: bool = False
    # Who asked: an answer re-reads the question as its asker's words, so the
    # doctor's "Any pain if I touch her here?" is about her, never the doctor's "I".
    role: str = "doctor"


@dataclass(frozen=True)
class SentenceCtx:
    sent: Sentence
    norm: str  # text with spoken numbers as digits (same length not guaranteed)
    hits: tuple[Hit, ...]
    dates: tuple[DateMention, ...]
    frame: Frame | None  # the question this sentence answers, if any
    subject_at: Callable[[int], str]  # subject of a mention at an offset in sent.text
    session_date: date | None
    rels: tuple[RelMention, ...] = ()  # relative mentions in this sentence
    spans: tuple[Span, ...] = ()  # subject segments (clauses.segments)

    @property
    def text(self) -> str:
        return self.sent.text

    @property
    def zh(self) -> bool:
        return self.sent.zh

    def assertion(self, start: int, end: int) -> str:
        return assertion_of(self.sent.text, start, end, self.sent.zh)

    def content_at(self, pos: int, subject: str | None = None) -> str:
        """The part of the sentence that belongs to the fact at `pos`: its own
        subject segment, never a relative's words in the patient's content."""
        if not self.rels:
            return self.sent.text
        own = (subject or self.subject_at(pos)) == "patient"
        return content_for(self.sent.text, self.sent.zh, self.spans, self.rels, pos, own)

    def _same_clause(self, mention: DateMention, pos: int) -> bool:
        if len(self.spans) > 1 and _segment(self.spans, pos) != _segment(self.spans, mention.start):
            return False  # "My dad had a stroke in 2019 and I take aspirin": not the aspirin's date
        if not self.sent.zh:
            return True
        a, b = sorted((mention.start, pos))
        return not _clause_break(self.sent.text[a:b])

    def date_for(self, pos: int) -> tuple[str | None, str]:
        """The date expression nearest to `pos` in this sentence; (None, "day") if
        the sentence has none (the fact then defaults to the session date)."""
        dated = [d for d in self.dates if d.date is not None and self._same_clause(d, pos)]
        if not dated:
            return None, "day"
        # "gallbladder removed in 2005, appendix taken out in 2011": a date of the
        # fact's own comma clause wins over a nearer one across the comma.
        own = [
            d
            for d in dated
            if not _clause_break(self.sent.text[min(d.start, pos) : max(d.end, pos)])
        ]
        dated = own or dated
        best = min(dated, key=lambda d: min(abs(d.start - pos), abs(d.end - pos)))
        return best.date.isoformat(), best.precision  # type: ignore[union-attr]


def _segment(spans: tuple[Span, ...], pos: int) -> int:
    return next((i for i, (a, b) in enumerate(spans) if a <= pos < b), len(spans) - 1)


def _clause_break(text: str) -> bool:
    """Chinese packs several clauses into one comma-joined sentence, each with its
    own time ("高血压十年了，最近血压150/95"): a date does not cross a comma there."""
    return bool(re.search(r"[，,；;]", text))


def _history_in_the_future(ctx: SentenceCtx, fact: dict[str, object]) -> bool:
    """An operation told as done cannot be dated after the visit it is told in: the
    future date belongs to another clause's plan."""
    when = fact.get("date")
    return (
        fact.get("safety_kind") == "surgical_history"
        and fact.get("status") != "planned"
        and isinstance(when, str)
        and ctx.session_date is not None
        and when > ctx.session_date.isoformat()
    )


def make_fact(ctx: SentenceCtx, pos: int, **fields: object) -> ExtractedFact:
    """An ExtractedFact anchored at `pos` in the sentence: subject, date, turn and
    content (the fact's own subject segment) default from the sentence; `fields`
    override. Content longer than ~200 characters is cut to the clauses around
    the fact (rules.bounded)."""
    when, precision = ctx.date_for(pos)
    subject = str(fields.get("subject") or ctx.subject_at(pos))
    base: dict[str, object] = {
        "subject": subject,
        "content": ctx.content_at(pos, subject),
        "date": when,
        "date_precision": precision,
        "evidence_turn": ctx.sent.turn,
    }
    base.update(fields)
    if _history_in_the_future(ctx, base):
        base["date"] = None  # "I had a knee replacement and next month I start therapy"
    entity = base.get("entity")
    base["content"] = bound_around(
        str(base["content"]), ctx.text, pos, entity if isinstance(entity, str) else None, ctx.zh
    )
    return ExtractedFact(**base)  # type: ignore[arg-type]
