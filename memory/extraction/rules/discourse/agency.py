"""A caregiver's first person that manages someone else's medicines or readings.

In a consultation about a relative, the caregiver (in the patient role) speaks in
the first person about what he does with the relative's medicines and readings:
"I increased the metformin to 1000 mg", "I measure the pressure every morning",
"my log of the sugars", 我上周把二甲双胍加到了1000毫克, 我每天早上量血压. That "I"
is the agent of care, not the body concerned: the drug and the reading are the
relative's. Read as the speaker's own, they become the patient's medication
changes and readings - the subject pollution a clinician cannot see through.
The caregiver is the subject only with an explicit cue of his own body ("myself",
"my own", 我自己也在吃: pronouns.tsv `self_health`), or a possessive "my" on the
reading itself ("I check my sugar").

The words (verbs of care, reading verbs, record nouns, the adverbs that may stand
between "I" and the verb) are data in lexicon/data/cues/care.tsv; the grammar -
the first person, then adverbs, then the verb - is here. The tracker applies it
only in a session whose focus is a relative (discourse.focus): in the patient's
own consultation "I increased the metformin" is the patient's.
"""

from __future__ import annotations

import re
from functools import cache

from memory.lexicon.cues import cues

# The rule reads the first person where a pronoun begins (pronouns.tsv, as written).
_EN_FIRST = re.compile(
    rf"{cues('pronouns').pattern('first_person_agent', 'en', ordered=True)}\b", re.I
)
_EN_POSSESSIVE = re.compile(r"(?:my|our)\b", re.I)
_ZH_FIRST = re.compile(r"我们?")


@cache
def _en_agent() -> re.Pattern[str]:
    care = cues("care")
    verbs = f"(?:{care.pattern('manages_medicine', 'en')}|{care.pattern('takes_reading', 'en')})"
    adverbs = f"(?:{care.pattern('agent_adverb', 'en')}|{care.pattern('deliberation', 'en')})"
    # "I", "I'll", "I've been", "I'm thinking of" ... then the verb of care; a gerund
    # after it is the speaker's own habit ("I stopped smoking").
    return re.compile(rf"\s*(?:'\w+\s*)?(?:{adverbs}\s+){{0,3}}\b{verbs}\b(?!\s+\w+ing\b)", re.I)


@cache
def _zh_agent() -> re.Pattern[str]:
    care = cues("care")
    verbs = f"(?:{care.pattern('manages_medicine', 'zh')}|{care.pattern('takes_reading', 'zh')})"
    # 我周日把…, 我每天早饭后量…: a few words (time, adverbs) may come between 我 and the
    # verb, but no clause break and no other person; 量了自己的 is the speaker's own.
    return re.compile(rf"{_ZH_GAP}{verbs}(?![了过着]?(?:自己|我))")


_ZH_GAP = r"[^，。；！？,.;!?\s我你您他她]{0,6}?"


@cache
def _en_record() -> re.Pattern[str]:
    return re.compile(rf"\s+{cues('care').pattern('record_noun', 'en')}\s+of\b", re.I)


@cache
def _self_health() -> re.Pattern[str]:
    return cues("pronouns").regex("self_health")


def manages_for_other(text: str, start: int, zh: bool) -> bool:
    """The first person at `start` is the agent of someone else's care: a verb of care
    or of taking a reading follows it ("I increased", "I measure", 我把…, 我量), or it
    owns a record of readings ("my log of ..."), and nothing in the sentence outside
    that phrase marks the speaker's own body ("myself", "my own", 我自己, 我也)."""
    end = _agent_end(text, start, zh)
    if end is None:
        return False
    rest = text[:start] + " " + text[end:]
    return not _self_health().search(rest)


def _agent_end(text: str, start: int, zh: bool) -> int | None:
    if zh:
        first = _ZH_FIRST.match(text, start)
        if first is None:
            return None
        found = _zh_agent().match(text, first.end())
        return found.end() if found else None
    first = _EN_FIRST.match(text, start)
    if first is not None:
        found = _en_agent().match(text, first.end())
        return found.end() if found else None
    owner = _EN_POSSESSIVE.match(text, start)
    if owner is not None:
        found = _en_record().match(text, owner.end())
        return found.end() if found else None
    return None


@cache
def _deliberation(zh: bool) -> re.Pattern[str]:
    return cues("care").regex("deliberation", "zh" if zh else "en")


def deliberates(text: str, zh: bool) -> bool:
    """The words weigh a change rather than make it: "whether to", "should we", "I'm
    thinking of", 要不要, 是否 - a plan or a question, never a dose change."""
    return bool(_deliberation(zh).search(text))
