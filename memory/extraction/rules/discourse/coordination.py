"""The speaker and a relative as one subject: "my husband and I both have high blood pressure".

A coordination of the speaker's first person with a relation noun ("me and my
sister", "my wife and I", "both of us" after naming one, 我和我老公都, 我跟我妈都)
says the same fact of both people. Read by sentence position alone, the fact went
to whichever of the two stood nearer the item, so the other lost it: the patient's
own hypertension, or a relative's allergy, went missing. The extractor stores it
for each of them. Pure: no Django.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memory.domain.types import ExtractedFact
from memory.extraction.rules.discourse.cues import RelMention

# The relation noun's span is checked against these: "me and my husband", "my
# husband and I", "both my sister and I".
_EN_BEFORE = re.compile(r"\b(?:me|i|myself)\s+(?:and|&)\s+(?:my\s+|our\s+)?$", re.I)
_EN_AFTER = re.compile(r"^\s*(?:and|&)\s+(?:i|me|myself)\b", re.I)
_ZH_BEFORE = re.compile(r"我(?:和|跟|与|同)(?:我的?|我家)?$")
_ZH_AFTER = re.compile(r"^(?:和|跟|与|同)我")
# The predicate holds for both: 都 / 也都 / 俩 in Chinese, "both"/"have"/"are"... in
# English (a coordinated subject takes a plural verb; "my wife and I went" is no fact
# and yields none to copy).
_ZH_BOTH = re.compile(r"都|俩|两个人|两人")


def coordinated_relatives(text: str, zh: bool, rels: Sequence[RelMention]) -> tuple[str, ...]:
    """The relatives ("family:<relation>") coordinated with the speaker's "I"."""
    out: list[str] = []
    for r in rels:
        head, tail = text[: r.start], text[r.end :]
        if zh:
            joined = _ZH_BEFORE.search(head) or _ZH_AFTER.match(tail)
            if joined and _ZH_BOTH.search(text, r.end):
                out.append("family:" + r.relation)
        elif _EN_BEFORE.search(head) or _EN_AFTER.match(tail):
            # An English mention starts at its relation word: head ends "me and my ".
            out.append("family:" + r.relation)
    return tuple(dict.fromkeys(out))


def shared(facts: Sequence[ExtractedFact], group: Sequence[str]) -> list[ExtractedFact]:
    """Each fact of one member of `group` also stored for every other member."""
    out = list(facts)
    have = {(f.type, f.entity, f.subject) for f in facts}
    for fact in facts:
        if fact.subject not in group:
            continue
        for subject in group:
            if (fact.type, fact.entity, subject) not in have:
                have.add((fact.type, fact.entity, subject))
                out.append(replace(fact, subject=subject))
    return out
