"""Whom a whole session is about, from the words alone: each sentence votes.

A sentence of the patient speaker that speaks of someone else votes for a
relative; one that speaks of the speaker alone votes for the patient. The
doctor's "how is he", "your dad" vote for the relative too, but the doctor's
bare "you" does not vote: it is said to whoever is in the room, caregiver or
patient. A relative focus needs a clear majority, so a patient who mentions
his wife in passing keeps every unmarked sentence, and a doctor dictating "he
reports chest pain" is outvoted by the patient's many "I"s; a session where
nobody speaks of himself and the doctor asks "has he had this before?" is
about someone else.

Two kinds of he/she are no vote, because they stand for someone who is no
relative:
* the clinicians' own third person for the patient. A doctor asking a
  colleague "Is she on Coumadin?" - a consult, a sign-out, a dictation the
  second clinician answers - is speaking of the person examined: a doctor's
  he/she votes only in a turn said to a non-doctor, who answers next (a
  caregiver asked "is he eating?");
* a he/she standing for a clinician or for "the patient" named just before,
  in the same sentence or the turn before, with no relative named since
  ("Did the dermatologist see you?" - "Yes, she said I have ...").
Relation nouns always vote: "your son" is a relative whoever says it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory.domain.types import Turn
from memory.extraction.rules.context_types import Frame
from memory.extraction.rules.discourse.cues import (
    Marker,
    RelMention,
    person_markers,
    relative_mentions,
)
from memory.extraction.rules.discourse.framing import (
    counted_relative,
    reporter_only,
    self_identifies,
    vocative_parent,
)
from memory.extraction.rules.discourse.persons import (
    clinician_mentions,
    owns_animal,
    patient_mentions,
)
from memory.extraction.rules.discourse.stance import cares_for_another
from memory.extraction.rules.qa import follow_up, frame_of
from memory.extraction.rules.text import ANSWERING_ROLES, is_chinese, speaker_role

_OWNERS = frozenset({"", "my", "our", "your", "我", "我的", "我家", "我们家", "您的", "你的"})
FOR_ME = re.compile(r"\bfor me\b|\bwith me\b|\bhelp me\b|\btranslat", re.I)
# A he/she after a clinician or "the patient" named this close (in turns) stands for them.
_NAMED_REACH = 3
_SPLIT = re.compile(r"(?<=[.!?。！？；;])\s*")


def sentences(text: str) -> list[str]:
    return [s for s in _SPLIT.split(text) if s.strip()]


class _Tally:
    """The running count of one session's votes."""

    def __init__(self) -> None:
        self.relative = self.own = 0
        self.opening: bool | None = None  # the patient speaker's first words name a relative
        self.named: dict[str, int] = {}
        self.sentence = 0
        self.person_at = (-9, -1)  # (turn, sentence) last naming a clinician or "the patient"
        self.relative_at = -1  # sentence last naming a relative

    def add(self, text: str, role: str, turn: int, addressed: bool, in_family: bool) -> None:
        """`in_family`: the turn answers a question about the family."""
        zh = is_chinese(text)
        mentions = _concerned(text, role, zh)
        others = [*clinician_mentions(text), *patient_mentions(text)]
        before = self._named_before(turn)
        vote, rels = _vote(text, role, zh, mentions, others, before, addressed)
        self.sentence += 1
        if mentions:
            self.relative_at = self.sentence
        if others:
            self.person_at = (turn, self.sentence)
        self.relative += vote == "relative"
        self.own += vote == "self"
        if role != "doctor" and vote and self.opening is None and not in_family:
            # An answer to "any family history?" (and its "anything else?") or "do you
            # have children?" names a relative without opening a consultation about him.
            self.opening = vote == "relative"
        for r in rels:
            self.named[r] = self.named.get(r, 0) + 1

    def _named_before(self, turn: int) -> str:
        """ "here": a clinician or "the patient" was the last person named, earlier in
        this turn; "before": in one of the turns just before; "" otherwise."""
        named_turn, named_sentence = self.person_at
        if named_sentence <= self.relative_at or named_turn < turn - _NAMED_REACH:
            return ""
        return "here" if named_turn == turn else "before"

    def focus(self) -> str | None:
        # "我爸晚上打呼噜…", "She is just two weeks old": a consultation the patient speaker
        # opens about someone else needs two votes for every three of the speaker's
        # own "I"s (a worried parent says "I" a lot); otherwise the relative must
        # clearly outnumber them.
        needed = -(-2 * self.own // 3) if self.opening else 2 * self.own + 1
        if self.relative < max(needed, 1):
            return None
        if not self.named:
            return "family:relative"  # only pronouns: someone, not the patient
        best = max(self.named.values())
        top = [r for r, n in self.named.items() if n == best]
        # Several relatives spoken of alike (a family history) name nobody in particular.
        return "family:" + top[0] if len(top) == 1 else "family:relative"


def inferred(turns: Sequence[Turn]) -> str | None:
    """The relative a whole session is about, from the words alone (or None)."""
    tally = _Tally()
    roles = [speaker_role(t.speaker) for t in turns]
    if ANSWERING_ROLES & set(roles):
        return None  # a relative speaker answers for the patient (Guest_family)
    frame: Frame | None = None  # the doctor's open question, while the opening is unknown
    for i, (turn, role) in enumerate(zip(turns, roles, strict=True)):
        # The doctor speaks to a non-doctor when one answers him next.
        addressed = i + 1 < len(roles) and roles[i + 1] != "doctor"
        if role == "doctor" and tally.opening is None:
            asked = Frame("family", i, turn.text, False) if asks_family(turn.text) else None
            # "Anything else?" after "any family history?" still asks about the family.
            frame = follow_up(asked or frame_of(turn.text, i), frame)
        in_family = frame is not None and frame.turn == i - 1 and frame.topic == "family"
        for text in sentences(turn.text):
            tally.add(text, role, i, addressed, in_family)
    return tally.focus()


FAMILY_ASKED = re.compile(r"\b(?:family|relatives|parents|grandparents)\b|家族|家里|亲属", re.I)


def asks_family(text: str) -> bool:
    """A question about the family: its history, or how many children one has."""
    zh = is_chinese(text)
    if frame_of(text, 0).topic == "family" or FAMILY_ASKED.search(text):
        return True
    return any(counted_relative(text, m, zh) for m in relative_mentions(text, zh))


def _concerned(text: str, role: str, zh: bool) -> tuple[RelMention, ...]:
    """Relatives named as persons concerned: not the speaker naming himself ("I am
    her mother"), a relative who only reports, knows or accompanies ("老婆说…", "my
    wife says I snore", "ask my daughter") or one counted ("I have a daughter");
    the doctor's "Mom" names the child he examines."""
    everyone = relative_mentions(text, zh)
    return tuple(
        m
        for m in everyone
        if not self_identifies(text, m, zh)
        and not reporter_only(text, m, zh)
        and not counted_relative(text, m, zh)
        and not owns_animal(text, m.end)
        and not (role == "doctor" and vocative_parent(text, m))
    )


def _vote(
    text: str,
    role: str,
    zh: bool,
    mentions: tuple[RelMention, ...],
    others: list[int],
    named_before: str,
    addressed: bool,
) -> tuple[str, list[str]]:
    """("relative" | "self" | "", relations named as the person concerned); `others`:
    offsets of the clinicians and "the patient" the sentence names."""
    if role == "doctor" and any(vocative_parent(text, m) for m in relative_mentions(text, zh)):
        return "relative", ["child"]  # "Mom, do you give permission?": her child is seen
    rels = [m.relation for m in mentions if _owned(m)]
    markers = person_markers(text, zh, mentions)
    # A clinician named earlier in the turn is whom the next he/she stands for ("The
    # nurse put a bandage on your foot. Did she show you ..."); one named a turn or
    # two before, in a sentence that also speaks of the patient ("she explained
    # everything to me", "He said I have myeloma", "Did he discuss it with you?").
    patient = "second" if role == "doctor" else "first"
    stands_for = named_before == "here" or (
        named_before == "before" and any(m.person == patient for m in markers)
    )
    third = _third_persons(markers, mentions, others, stands_for)
    # "Did you give him anything?", "I gave Tylenol last night": someone is cared for.
    cared = cares_for_another(text, zh) and not any(m.person == "first" for m in markers)
    if role == "doctor":
        return ("relative" if rels or cared or (third and addressed) else ""), rels
    if FOR_ME.search(text):
        return "self", rels  # "I brought my wife so she can translate for me"
    if rels or third or cared:
        return "relative", rels
    if any(m.person == "first" for m in markers):
        return "self", rels
    return "", rels


def _owned(m: RelMention) -> bool:
    """A relation noun that names someone of the speaker's or listener's family: "my
    dad", "your son", a bare "mom"; and "the baby", "the little one" - a child is
    spoken of with "the" by whoever cares for it."""
    if m.relation == "relative":
        return False
    return m.owner in _OWNERS or (m.owner == "the" and m.relation == "child")


def _third_persons(
    markers: Sequence[Marker], mentions: Sequence[RelMention], named: list[int], named_before: bool
) -> list[int]:
    """Offsets of the he/she that may stand for a relative: not one whose nearest
    person named before it is a clinician or "the patient", in the sentence or
    (`named_before`, a sentence naming no relative) just before it."""
    if named_before and not mentions:
        return []
    out = []
    for m in markers:
        if m.person != "third":
            continue
        last_named = max((d for d in named if d < m.start), default=-1)
        last_relative = max((r.start for r in mentions if r.start < m.start), default=-1)
        if last_named <= last_relative:
            out.append(m.start)
    return out
