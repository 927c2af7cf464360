# ruff: noqa: E501 -- cue tables are long regex alternations; splitting them hides the vocabulary.
"""Question frames: a question sets the topic of the short answer that follows.

"Doctor: Any allergies to medications? / Patient: Yes, penicillin." has its
allergy cue only in the question; "Patient: No." is only negative because of
the question. A frame comes from the question text (never from the speaker
tag, which ASR sometimes swaps) and lasts for the next turn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_FRAMES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "allergy",
        re.compile(
            r"allerg|react(?:ed|ion)s? (?:poorly )?to|intoleran|what happens when you take|过敏",
            re.I,
        ),
    ),
    (
        "family",
        re.compile(
            r"family(?:'s)? (?:history|medical)|runn?(?:s|ing)? in (?:the|your) family|(?:anyone|anybody) (?:else )?in "
            r"(?:the|your) family|in the family|family members?|siblings|your (?:other |older |younger )?(?:mother|father|mom|dad|parents|"
            r"brothers?|sisters?|sons?|daughters?|kids|children|uncles?|aunts?|grand\w+|cousins?)|家族|家里人|遗传",
            re.I,
        ),
    ),
    ("surgery", re.compile(r"surger|operation|operated|procedures?\b|手术|开过刀", re.I)),
    (
        "medication",
        re.compile(
            r"medication|medicine|meds\b|taking any|are you (?:still )?(?:on|taking)|prescri|吃(?:什么)?药|用药|服药",
            re.I,
        ),
    ),
    (
        "social",
        re.compile(
            r"smok|drink|alcohol|cigar|tobacco|drugs? use|exercise|抽烟|吸烟|喝酒|饮酒", re.I
        ),
    ),
)
_ASKS_FOR_MORE = re.compile(r"\b(?:other|else|more|besides|another)\b|其他|还有", re.I)


@dataclass(frozen=True)
class Frame:
    """The open question: its topic, the turn it was asked in, its text."""

    topic: str  # allergy | family | surgery | medication | social | generic
    turn: int
    text: str
    asks_for_more: bool  # "any other allergies?": a "no" then adds nothing


_TAKING_FOR = re.compile(
    r"\b(?:taking|take|using|use|tried)\b.{0,30}\bfor\b|吃什么药|用什么药", re.I
)


def frame_of(text: str, turn: int) -> Frame:
    # "What are you taking for allergies?" asks for medicines, not allergens.
    if _TAKING_FOR.search(text):
        return Frame("medication", turn, text, bool(_ASKS_FOR_MORE.search(text)))
    topic = next((name for name, pattern in _FRAMES if pattern.search(text)), "generic")
    return Frame(topic, turn, text, bool(_ASKS_FOR_MORE.search(text)))


_ABOUT_PATIENT = re.compile(
    r"\byou (?:have|had|ever|get|got|feel|take|notice|experience)|\bare you\b|\bdid you\b|您|你",
    re.I,
)
_STICKY = frozenset({"family", "allergy", "surgery"})


def follow_up(asked: Frame, previous: Frame | None) -> Frame:
    """A generic follow-up ("What kind of cancer?", "Does lupus count?") keeps the
    topic of the question it follows, unless it turns to the patient ("Did you
    ever have palpitations?")."""
    if asked.topic != "generic" or previous is None or previous.topic not in _STICKY:
        return asked
    if asked.turn - previous.turn > 4 or _ABOUT_PATIENT.search(asked.text):
        return asked
    return Frame(previous.topic, asked.turn, asked.text, asked.asks_for_more)


def frame_active(frame: Frame | None, turn: int) -> bool:
    """A frame governs the answer turn right after the question (and the rest of
    the question's own turn is not an answer)."""
    return frame is not None and turn == frame.turn + 1
