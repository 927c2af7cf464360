"""Session focus: whom a consultation is about, decided from the whole session.

Why: a patient who brings his son ("My son's asthma") or a father who comes
with the patient ("我是王先生的父亲，今天儿子陪我来") makes a session where the
*relative* is the person being consulted about. Read sentence by sentence, the
son's own "I need my blue inhaler" or the doctor's "Is he using a preventer?"
look like the patient's facts - exactly the subject pollution MedGraph exists
to prevent (docs/design.md §1.2). The focus is decided once per session from:

1. the title: a MedMemoryBench header "[Health consultation record about
   <name>(<relationship>)]" (or "... about a relative") makes the whole session
   that person's (`exclusive`); a title naming a relative ("My son's asthma",
   "父亲换了降压药", "关于我妈的血糖") is a hint;
2. introductions in the opening turns: "I brought my son", "this is my husband",
   "我带我妈来", "陪我爸来"; a relative speaker's self-identification ("我是王先生
   的父亲", "I'm his wife") only makes the relative the focus when they came for
   their own problem ("儿子陪我来", "my son brought me") - otherwise they are
   answering for the patient (MTS-Dialog Guest_family), and the patient stays
   the focus;
3. the words of all turns, the doctor's included (discourse.votes): a caregiver
   who speaks in the patient role about a relative for a whole session ("my
   dad's blood pressure ... he takes ... his dizziness", and the doctor's "how
   is he", "your dad") - or a follow-up that never names him at all ("this
   week I had him take the higher dose").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from memory.domain.subjects import SubjectError, canonical_subject
from memory.domain.types import Turn
from memory.extraction.rules.discourse.cues import (
    person_markers,
    relative_mentions,
)
from memory.extraction.rules.discourse.framing import self_identifies
from memory.extraction.rules.discourse.persons import owns_animal
from memory.extraction.rules.discourse.votes import FAMILY_ASKED, FOR_ME, inferred, sentences
from memory.extraction.rules.qa import frame_of
from memory.extraction.rules.text import ANSWERING_ROLES, is_chinese, speaker_role
from memory.lexicon.cues import cues


@dataclass(frozen=True)
class Focus:
    """`subject`: the relative the session is about ("family:son"), or None when
    the consultation is about the patient. `exclusive`: every fact of the session
    is that person's (a harness header). `speaker`: who a relative speaker is,
    when they said so ("我是王先生的父亲" -> "family:father")."""

    subject: str | None = None
    exclusive: bool = False
    speaker: str | None = None

    @property
    def active(self) -> bool:
        return self.subject is not None


NO_FOCUS = Focus()
_FRAMING = cues("framing")

_HEADER = re.compile(
    r"\[\s*health consultation record about\s+(?P<name>[^\[\]]*?)\s*"
    r"[(（](?P<rel>[^()（）]+)[)）]\s*\]",
    re.I,
)
_HEADER_RELATIVE = re.compile(
    r"\[\s*health consultation record about (?:a|my|the|one)?\s*(?:relative|family member)\s*\]",
    re.I,
)
# Possessive owners that make a relation in a title the patient's relative.
_TITLE_OWNERS = frozenset({"", "my", "我", "我的", "我家", "our"})
# "I want to ask about my father": the relative is the topic outright.
_ASK_ABOUT_EN = re.compile(
    rf"\b{_FRAMING.pattern('asks_about', 'en', ordered=True)} "
    r"(?:about|for|on)\s+(?:my|our)\s+$|\bhelping\s+(?:my|our)\s+$",
    re.I,
)
# "I brought my son" / "this is my mom" are ambiguous (the one who brings may be the
# one seen): the relative is the focus only when the turn goes on about him or her
# ("... He is 16 and has asthma") and not "so she can speak for me".
_BRING_EN = re.compile(
    r"\b(?:(?:i(?:'ve| have)?|we(?:'ve| have)?) (?:brought|bring)|this is)\s+(?:my|our)\s+$", re.I
)
_GOES_ON_ABOUT = re.compile(r"\b(?:he|she|he's|she's|his|her)\b", re.I)
_INFORMANT_ZH = re.compile(r"[您你](?:可以|能|去|再)?(?:问问|问一下|问下)(?:我|我的|我家)?$")
_INTRO_ZH = re.compile(
    rf"{_FRAMING.pattern('introduces', 'zh', ordered=True)}(?:着)?(?:我|我的|我家)?$"
)
# A relative who came for their own problem ("儿子陪我来", "my son brought me").
_OWN_VISIT = re.compile(_FRAMING.pattern("came_for_self", ordered=True), re.I)
_OPENING_TURNS = 4


def session_focus(title: str, turns: Sequence[Turn]) -> Focus:
    """The focus of one session (NO_FOCUS: the patient's own consultation)."""
    speaker = _relative_speaker(turns)
    header = _header_subject(title)
    if header is not None:
        return Focus(header, exclusive=True, speaker=speaker)
    hinted = _more_specific(_title_subject(title), _introduced(turns))
    if hinted is None and speaker is not None and _came_for_self(turns):
        hinted = speaker
    if hinted is None and speaker is None:
        hinted = inferred(turns)
    if hinted is None:
        return Focus(speaker=speaker)
    return Focus(hinted, speaker=speaker or hinted)


# Generic relation words and the specific relatives they may stand for: a title
# "孩子咳嗽" and an introduction "我带我女儿来" are about the same daughter.
GENERIC_OF: dict[str, tuple[str, ...]] = {
    "family:child": ("family:son", "family:daughter", "family:grandchild"),
    "family:parent": ("family:father", "family:mother"),
    "family:spouse": ("family:husband", "family:wife"),
}


def _more_specific(titled: str | None, introduced: str | None) -> str | None:
    if titled is None:
        return introduced
    if introduced is not None and introduced in GENERIC_OF.get(titled, ()):
        return introduced
    return titled


def _family(relation: str) -> str:
    try:
        subject = canonical_subject("family:" + relation.strip())
    except SubjectError:
        return "family:relative"
    return subject if subject != "none" else "family:relative"


def _header_subject(title: str) -> str | None:
    if _HEADER_RELATIVE.search(title):
        return "family:relative"
    m = _HEADER.search(title)
    return _family(m["rel"]) if m else None


def _title_subject(title: str) -> str | None:
    """A relative named in the title as its topic ("My son's asthma", "父亲换了降压药")."""
    if not title.strip() or title.lstrip().startswith("["):
        return None
    zh = is_chinese(title)
    for mention in relative_mentions(title, zh):
        if mention.owner in _TITLE_OWNERS:
            return "family:" + mention.relation
    return None


# A caregiver marked by the import names the patient himself ("my son has a rash"
# from the mother of the child examined): his words never make a relative the focus.
_NOT_INTRODUCING = frozenset({"doctor", "caregiver"})


def _introduced(turns: Sequence[Turn]) -> str | None:
    """ "I brought my son", "我带我妈来": a non-doctor introduces the relative; or the
    caregiver's opening words are about the relative ("我妈妈最近总头晕")."""
    opened = _opened_about(turns) or _carer_of(turns)
    if opened is not None:
        return opened
    for turn in turns[:_OPENING_TURNS]:
        if speaker_role(turn.speaker) in _NOT_INTRODUCING:
            continue
        zh = is_chinese(turn.text)
        for mention in relative_mentions(turn.text, zh):
            if _introduces(turn.text, mention.start, mention.end, zh):
                return "family:" + mention.relation
    return None


# A caregiver frames the consultation by making the relative the subject of the
# opening clause: "我妈妈最近总是头晕", "我60岁的母亲晚上打呼噜", "我家孩子3岁，
# 经常流鼻血", "宝宝黄疸二十天了", "My son is 4 and has had a cough", "My mother's
# sugars have been high". The opening is read only when nobody asked about the
# family first (an answer to "any family history?" names a relative as its
# subject too), and the relative must not merely report or accompany ("老婆说…",
# "老公陪我来", "my wife says I snore", "my husband made me come").
_ZH_CLAUSE = re.compile(r"[，,。！!？?；;：:\s]+")
_ZH_LEAD = re.compile(rf"^{_FRAMING.pattern('opening_lead', 'zh', ordered=True)}+")
_ZH_AGE = r"(?:[0-9一二三四五六七八九十两几半]+(?:个多?月|岁半?|多岁|周|天)多?的?)?"
_ZH_OWNER_HEAD = re.compile(rf"^(?:(?:我们家|我家|我)的?)?{_ZH_AGE}$")
_ZH_REPORTS = re.compile(rf"^{_FRAMING.pattern('opening_reports', 'zh', ordered=True)}")
_EN_GREETING = re.compile(
    rf"^(?:{_FRAMING.pattern('greeting', 'en', ordered=True)}\W+)*(?:my|our)\s+(?:[a-z]+\s+)?$",
    re.I,
)
_EN_STATES = re.compile(
    rf"^(?:'s|\s+{_FRAMING.pattern('relative_states', 'en', ordered=True)})\b", re.I
)
_GENERIC_BARE = frozenset({"relative"})


def _opened_about(turns: Sequence[Turn]) -> str | None:
    """The relative the caregiver's opening clause is about (or None)."""
    for i, turn in enumerate(turns[:_OPENING_TURNS]):
        if speaker_role(turn.speaker) in _NOT_INTRODUCING:
            continue
        asked = turns[i - 1].text if i else ""
        if asked and (frame_of(asked, 0).topic == "family" or FAMILY_ASKED.search(asked)):
            return None
        zh = is_chinese(turn.text)
        return _zh_opening(turn.text) if zh else _en_opening(turn.text)
    return None


def _zh_opening(text: str) -> str | None:
    for clause in _ZH_CLAUSE.split(text.strip())[:3]:
        clause = _ZH_LEAD.sub("", clause)
        mentions = relative_mentions(clause, True)
        if not mentions:
            if person_markers(clause, True, ()):
                return None  # "我最近总头晕": the speaker's own complaint comes first
            continue
        first = mentions[0]
        owned = bool(first.owner) or first.relation not in _GENERIC_BARE
        head = clause[: first.start]
        rest = clause[first.end :]
        if owned and _ZH_OWNER_HEAD.match(head) and not _ZH_REPORTS.match(rest):
            return None if owns_animal(clause, first.end) else "family:" + first.relation
        return None
    return None


def _en_opening(text: str) -> str | None:
    sentence = sentences(text)[0] if text.strip() else ""
    for mention in relative_mentions(sentence, False)[:1]:
        rest = sentence[mention.end :]
        if not _EN_GREETING.match(sentence[: mention.start]) or not _EN_STATES.match(rest):
            return None
        if mention.relation in _GENERIC_BARE or FOR_ME.search(rest):
            return None
        if owns_animal(sentence, mention.end):
            return None  # "My brother's dog bit me"
        if any(m.person == "first" for m in person_markers(rest, False, ())):
            return None  # "My wife has been telling me I snore"
        return "family:" + mention.relation
    return None


# A patient-role speaker who says who he is to the person concerned ("I am her
# mother", "I'm Mr. Rath's assistant", "我是她女儿", "我是老人的护工") is not that
# person: the consultation is about the one he is the mother, daughter or carer of.
_CARER_EN = re.compile(
    r"\b(?:i'm|i am)\s+(?:his|her|their|the patient's|[a-z]+(?: [a-z]+)?'s)\s+(?:[a-z]+\s+)?"
    rf"{_FRAMING.pattern('carer_noun', 'en', ordered=True)}\b",
    re.I,
)
_CARER_ZH = re.compile(
    rf"我是(?:他|她|老人|患者|病人)?的?{_FRAMING.pattern('carer_noun', 'zh', ordered=True)}"
)
_INVERSE = {
    "mother": "child", "father": "child", "parent": "child", "son": "parent",
    "daughter": "parent", "child": "parent", "wife": "husband", "husband": "wife",
    "spouse": "spouse", "brother": "sibling", "sister": "sibling", "sibling": "sibling",
    "grandmother": "grandchild", "grandfather": "grandchild",
}  # fmt: skip


def _carer_of(turns: Sequence[Turn]) -> str | None:
    """The person a patient-role speaker says he is the relative or carer of."""
    for turn in turns[:_OPENING_TURNS]:
        if speaker_role(turn.speaker) in ("doctor", *ANSWERING_ROLES):
            continue
        zh = is_chinese(turn.text)
        if (_CARER_ZH if zh else _CARER_EN).search(turn.text):
            return "family:relative"
        for mention in relative_mentions(turn.text, zh):
            if self_identifies(turn.text, mention, zh):
                return "family:" + _INVERSE.get(mention.relation, "relative")
    return None


def _introduces(text: str, start: int, end: int, zh: bool) -> bool:
    if zh:
        informant = _INFORMANT_ZH.search(text, 0, start)  # "您可以问问我女儿": she knows
        return bool(_INTRO_ZH.search(text[max(0, start - 10) : start]) and not informant)
    head = text[max(0, start - 40) : start]
    if _ASK_ABOUT_EN.search(head):
        return True
    rest = text[end:]
    return bool(_BRING_EN.search(head) and _GOES_ON_ABOUT.search(rest) and not FOR_ME.search(rest))


def _relative_speaker(turns: Sequence[Turn]) -> str | None:
    """A relative speaker's self-identification: "I'm his wife", "我是王先生的父亲"."""
    for turn in turns[: _OPENING_TURNS + 2]:
        if speaker_role(turn.speaker) not in ANSWERING_ROLES:
            continue
        zh = is_chinese(turn.text)
        for mention in relative_mentions(turn.text, zh):
            if self_identifies(turn.text, mention, zh):
                return "family:" + mention.relation
    return None


def _came_for_self(turns: Sequence[Turn]) -> bool:
    return any(
        speaker_role(t.speaker) in ANSWERING_ROLES and _OWN_VISIT.search(t.text)
        for t in turns[:_OPENING_TURNS]
    )
