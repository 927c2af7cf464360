"""A questionnaire score and the condition at the severity it is said to mean.

"Your PHQ-9 today is 14, which means moderate depression", "GAD-7评分9分，属于轻度
焦虑": the score is a measurement (rules.measurements reads it as a lab value); the
band said with it is the clinician's reading of the score, so the condition is
recorded for the same person with that severity (issue 30, item 2). A score said
without a band naming the condition ("5, which is minimal") records the score only.
The severity and condition words are data (lexicon/data/cues/scores.tsv).
Pure: no Django.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from memory.domain.types import ExtractedFact
from memory.extraction.rules.text import Sentence
from memory.lexicon.cues import cues

# Each instrument measures one condition: (condition entity, its words' cue category).
INSTRUMENTS: dict[str, tuple[str, str]] = {
    "phq-9": ("depression", "depression_word"),
    "gad-7": ("anxiety", "anxiety_word"),
}
# Longest band first: "moderately severe" is not "moderate".
_BANDS = ("moderately_severe", "severe", "moderate", "mild")
_MAX_GAP = 12  # characters between the band and the condition word ("moderate major depression")


@cache
def _band_then_condition(category: str) -> re.Pattern[str]:
    table = cues("scores")
    bands = "|".join(f"(?P<{b}>{table.pattern('severity_' + b)})" for b in _BANDS)
    return re.compile(rf"(?:{bands})[\s\w-]{{0,{_MAX_GAP}}}?{table.pattern(category)}", re.I)


def severity_said(text: str, category: str) -> str | None:
    """The band said of the condition in the text ("moderate depression" -> "moderate")."""
    m = _band_then_condition(category).search(text)
    if m is None:
        return None
    band = next(b for b in _BANDS if m.group(b))
    return band.replace("_", " ")


def with_score_conditions(
    facts: Sequence[ExtractedFact], sentences: Sequence[Sentence]
) -> tuple[ExtractedFact, ...]:
    """Add (or complete) the condition each stated score band names."""
    out = list(facts)
    for score in [f for f in facts if f.entity in INSTRUMENTS and f.assertion == "present"]:
        condition, category = INSTRUMENTS[score.entity]
        said = _sentence_of(score, sentences)
        severity = severity_said(said, category) if said else None
        if severity is None:
            continue
        slots = {"severity": severity}
        same = [
            i
            for i, f in enumerate(out)
            if f.type == "condition"
            and f.entity == condition
            and f.subject == score.subject
            and f.evidence_turn == score.evidence_turn
        ]
        for i in same:
            out[i] = replace(out[i], status="confirmed", assertion="present", slots=slots)
        if not same:
            out.append(_condition(score, condition, said, slots))
    return tuple(out)


def _sentence_of(fact: ExtractedFact, sentences: Sequence[Sentence]) -> str | None:
    """The whole sentence the score was read from (its content may be one piece of it)."""
    head = fact.content.strip()[:20]
    for sent in sentences:
        if sent.turn == fact.evidence_turn and head and head in sent.text:
            return sent.text
    return None


def _condition(
    score: ExtractedFact, condition: str, said: str, slots: dict[str, object]
) -> ExtractedFact:
    return replace(
        score,
        type="condition",
        entity=condition,
        content=said,
        value=None,
        unit=None,
        status="confirmed",
        slots=slots,
        causes=(),
        is_state_change=False,
        replaces=None,
    )
