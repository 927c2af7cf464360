"""Caregiver framing: relation words that name nobody the consultation is about.

A caregiver speaking in the patient role names people who are not the person
concerned: himself ("I am her mother", "我是她女儿"), a relative who only reports
or comes along ("my wife says I snore", "老婆说…", "和老婆同房后"), or - in the
doctor's mouth - the caregiver addressed as "Mom" / "Dad". And in a consultation
about a child, the pregnancy and birth the mother tells of are the child's birth
history. The tracker (discourse.tracker) and the session focus (discourse.focus)
read these cues; cues.py reads the words of people themselves. The words are data
in lexicon/data/cues/framing.tsv; the grammar is here.
"""

from __future__ import annotations

import re

from memory.extraction.rules.discourse.cues import Marker, RelMention
from memory.lexicon.cues import cues

_FRAMING = cues("framing")

# A speaker who says who he is ("I am her mother", "I'm his dad", "我是她女儿",
# "我是王先生的父亲") names himself with the relation word: the mention is the
# speaker, never the person the consultation is about.
_SELF_ID_EN = re.compile(
    r"\b(?:i'm|i am)\s+(?:his|her|their|the patient's|the baby's|[a-z]+(?: [a-z]+)?'s)\s+$", re.I
)
_SELF_ID_ZH = re.compile(r"我是(?:[^，。,！!？?]{0,8}?的)?$")


def self_identifies(text: str, mention: RelMention, zh: bool) -> bool:
    """ "I'm his wife", "我是他女儿": the relation word names the speaker himself."""
    if zh:
        # "我是他女儿": the mention starts at its owner 他, so the head ends in 我是.
        return bool(_SELF_ID_ZH.search(text, 0, mention.start))
    head = text[max(0, mention.start - 30) : mention.start]
    return bool(_SELF_ID_EN.search(head))


# A relative who only reports or accompanies is no person concerned: "老婆说按摩
# 可以缓解" (the speaker's own leg), "和老婆同房后", "my wife says I snore",
# "my husband made me come in", "I came in with my daughter".
_REPORTS_EN = re.compile(
    rf"^\s+(?:{_FRAMING.pattern('relative_reports', 'en', ordered=True)}|"
    r"(?:has been |keeps )?(?:telling|nagging|bugging) me|"
    # a companion in the room: "would you like your mom to step in?", "my wife is outside"
    r"(?:to |can |could |will |may )?(?:step|come|join|sit) (?:in|back in|us)|"
    rf"(?:is|are) {_FRAMING.pattern('relative_present', 'en', ordered=True)})\b",
    re.I,
)
_WITH_EN = re.compile(
    rf"\b(?:{_FRAMING.pattern('comes_with', 'en', ordered=True)}\s+"
    r"(?:in\s+|here\s+|today\s+|over\s+)?with|"
    # the relative as the one who knows: "you can ask my daughter", "check with my wife"
    r"ask|asking|check with|talk to|speak to|speak with|call)\s+(?:my|our|your)\s+$",
    re.I,
)
_REPORTS_ZH = re.compile(
    rf"^(?:{_FRAMING.pattern('relative_reports', 'zh', ordered=True)}"
    rf"|(?:也)?{_FRAMING.pattern('relative_present', 'zh', ordered=True)})"
)
_WITH_ZH = re.compile(r"(?:和|跟|与|陪|同|(?:您|你)(?:可以|能|去|再)?(?:问问|问一下|问下|问))$")


def reporter_only(text: str, mention: RelMention, zh: bool) -> bool:
    """The relative only reports ("my wife says"), knows ("ask my daughter") or
    accompanies ("with my wife", "your mom can step in")."""
    head, rest = text[: mention.start], text[mention.end :]
    if zh:
        return bool(_REPORTS_ZH.match(rest) or _WITH_ZH.search(head))
    return bool(_REPORTS_EN.match(rest) or _WITH_EN.search(head))


# A relative counted as one the speaker has ("I have a beautiful daughter", "Do you
# have any children?", "how many kids do you have", "我有一个女儿", "有几个孩子") is a
# line of the family or social history, not the person a consultation is about.
_HAS_EN = re.compile(
    r"\b(?:(?:i|we|you|they)(?:'ve)?|have you)\s+(?:have|had|has|got|'ve got)?\s*"
    rf"{_FRAMING.pattern('relative_count', 'en', ordered=True)}\s+(?:[a-z]+\s+){{0,2}}$"
    r"|\bhow many\s+(?:[a-z]+\s+)?$",
    re.I,
)
_HAS_ZH = re.compile(r"有(?:[一二两三四五六几0-9]+个)?$|几个$")


def counted_relative(text: str, mention: RelMention, zh: bool) -> bool:
    """The relative is named as one the speaker has, not as the person concerned."""
    if zh:
        return bool(_HAS_ZH.search(text, 0, mention.start))
    return bool(_HAS_EN.search(text[max(0, mention.start - 60) : mention.start]))


# The doctor calling the caregiver "Mom" / "Dad" ("Mom, do you give permission?",
# "hey dad how are you doing", "妈妈，您别着急") speaks to a parent: the person
# examined is that parent's child, whoever the vocative names.
_VOCATIVE_HEAD = re.compile(
    rf"(?:^|[,.!?;，。！？]\s*|\b{_FRAMING.pattern('vocative_lead', 'en', ordered=True)}\s+)$",
    re.I,
)
_VOCATIVE_TAIL = re.compile(
    rf"^(?:\s*[,?!.，？！。]|\s*$|\s+{_FRAMING.pattern('vocative_question', 'en', ordered=True)}\s+"
    r"(?:you|he|she|your|his|her)\b)",
    re.I,
)
_PARENT_WORDS = frozenset({"mother", "father", "parent"})


def vocative_parent(text: str, mention: RelMention) -> bool:
    """A bare "Mom"/"Dad"/妈妈 used to address the listener."""
    if mention.owner or mention.relation not in _PARENT_WORDS:
        return False
    return bool(
        _VOCATIVE_HEAD.search(text, 0, mention.start) and _VOCATIVE_TAIL.match(text[mention.end :])
    )


# In a consultation about a child, the pregnancy and the birth the mother tells of
# ("I had no complications in my pregnancy with him", "while I was pregnant", 怀孕
# 的时候, 剖宫产) are the child's perinatal history, as a child's chart keeps them;
# so they are in a sentence about someone unnamed the speaker calls he/she.
CHILDREN = frozenset({"family:child", "family:son", "family:daughter", "family:grandchild"})
_PERINATAL = re.compile(_FRAMING.pattern("perinatal", ordered=True), re.I)


def birth_history(text: str, pos: int, focus: str | None, third_person: bool) -> bool:
    """The mention at `pos` is the focus child's birth history."""
    if focus is None or not _PERINATAL.match(text, pos):
        return False
    return focus in CHILDREN or (focus == "family:relative" and third_person)


def outranked_me(m: Marker, before: list[Marker], zh: bool) -> bool:
    """In a consultation about a relative, an object "me" after a he/she who acts
    ("He was going to buy me a gift but had a car accident", "他给我买药的路上摔
    了一跤") is not whom the clause is about: the one who acts is."""
    if m.person != "first" or not m.objective:
        return False
    for x in reversed([x for x in before if x.start < m.start]):
        if x.person == "first" and x.nominative and not x.objective:
            return False
        if x.person == "third" and (x.nominative or zh):
            return True
    return False
