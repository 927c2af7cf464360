"""Per-mention subject inside a session with a relative focus (rules.focus).

Resolution (the clinical reason: in "My son's asthma" the doctor's "Is he using
a preventer?" and the son's own "I need my blue inhaler" are the son's, while
the father's "my own numbers" are still his):
- a relative named in the sentence governs as usual (attribution.subject_for);
  a generic "孩子"/"the child" is the focus son or daughter;
- otherwise the personal marker nearest before the mention (else the first
  after it) decides: first person -> the speaker (a relative speaker who is the
  focus speaks of himself; the doctor's own "I"/"we" is no subject); second
  person in a doctor's turn -> the addressee (the previous speaker); third
  person or a doctor's honorific (老先生, 老太太, 孩子) -> the focus relative;
- no marker at all -> the running topic (the last person the talk was about).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory.extraction.rules.attribution import RelMention
from memory.extraction.rules.focus import GENERIC_OF, Focus

_EN_MARKERS = re.compile(
    r"\b(?P<first>i|i'm|i've|i'd|i'll|me|my|mine|myself)\b"
    r"|\b(?P<second>you|your|you're|you've|you'll|yours|yourself)\b"
    r"|\b(?P<third>he|she|his|her|him|he's|she's|himself|herself)\b",
    re.I,
)
_ZH_MARKERS = re.compile(
    r"(?P<first>我(?!们))|(?P<second>您|你(?!们))"
    r"|(?P<third>他(?!们|人)|她(?!们)|老先生|老太太|老人家|老爷子|小朋友|小伙子|小姑娘)"
)


def speaker_subject(role: str, focus: Focus) -> str | None:
    """Whose "I" a speaker's first person is; None for the doctor."""
    if role == "patient" or role == "other":
        return "patient"
    if role == "relative":
        return focus.speaker or focus.subject or "patient"
    return None


def compatible(subject: str, focus: Focus) -> str:
    """A generic relation word that names the focus person is the focus person
    ("孩子" in a session about the son)."""
    if focus.subject is not None and focus.subject in GENERIC_OF.get(subject, ()):
        return focus.subject
    if subject == "family:relative" and focus.subject is not None:
        return focus.subject
    return subject


def _markers(
    text: str, zh: bool, rels: Sequence[RelMention], role: str, focus: Focus, addressee: str
) -> list[tuple[int, str]]:
    """(offset, subject) of each personal marker outside relative mentions."""
    out: list[tuple[int, str]] = []
    for m in (_ZH_MARKERS if zh else _EN_MARKERS).finditer(text):
        if any(r.start <= m.start() < r.end for r in rels):
            continue  # "我" of "我爸" is part of the relative mention
        if m["first"]:
            subject = speaker_subject(role, focus)
        elif m["second"]:
            subject = addressee if role == "doctor" else None
        else:
            subject = focus.subject
        if subject is not None:
            out.append((m.start(), subject))
    return out


def marker_subject(
    text: str,
    zh: bool,
    pos: int,
    rels: Sequence[RelMention],
    role: str,
    focus: Focus,
    addressee: str,
) -> str | None:
    """Subject of the mention at `pos` from the nearest personal marker, or None."""
    found = _markers(text, zh, rels, role, focus, addressee)
    before = [s for at, s in found if at <= pos]
    if before:
        return before[-1]
    after = [s for at, s in found if at > pos]
    return after[0] if after else None


def last_marker_subject(
    text: str,
    zh: bool,
    rels: Sequence[RelMention],
    role: str,
    focus: Focus,
    addressee: str,
    named: Sequence[tuple[int, str]] = (),
) -> str | None:
    """Whom the sentence ends up talking about (the next topic), or None.
    `named`: (offset, subject) of the relatives the sentence names."""
    found = sorted([*_markers(text, zh, rels, role, focus, addressee), *named])
    return found[-1][1] if found else None
