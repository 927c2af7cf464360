"""Which of one day's readings a value answer states.

A visit often says several numbers for one test: the result, and a goal
("get their levels up to around the 2-ish range") or an earlier value ("used
to be 265", "last time it was 8"). Dated the same day, the chain's anchor is
simply the one said last. When the anchor's own sentence speaks of a goal or
an earlier value and another reading of the same chain and day is said in a
sentence that does not, that one is the day's result: the answer states it
first, and both stay cited below.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memory.domain.evidence import EvidenceItem, FactView
from memory.domain.types import MEASUREMENT_CHAIN_TYPES

_NOT_A_RESULT = re.compile(
    r"\b(?:goal|target|range|ideally|aim(?:ing)? for|should be|get (?:it|them|that|their|"
    r"your|his|her)\b[\w ]{0,20}\b(?:up|down) to|keep (?:it|them|that|their|your|his|her)\b"
    r"[\w ]{0,20}\b(?:below|under|above|over|less than|more than)|used to|last time|"
    r"previous(?:ly)?|ago)\b|目标|控制在|以前|上次|之前",
    re.IGNORECASE,
)


def not_a_result(fact: FactView) -> bool:
    return bool(_NOT_A_RESULT.search(fact.content))


def day_result(anchor: EvidenceItem, items: Sequence[EvidenceItem]) -> EvidenceItem | None:
    """A same-day reading of the anchor's chain that is the day's result, when the
    anchor's sentence speaks of a goal or an earlier value; None otherwise."""
    fact = anchor.fact
    if fact is None or fact.fact_type not in MEASUREMENT_CHAIN_TYPES or fact.chain_id is None:
        return None
    if not not_a_result(fact):
        return None
    for other in items:
        f = other.fact
        if f is None or f.fact_id == fact.fact_id or f.content == fact.content:
            continue
        same_day = f.chain_id == fact.chain_id and f.date == fact.date
        relied = f.subject == "patient" and f.assertion == "present" and not f.excluded
        if same_day and relied and (f.value or f.slots) and not not_a_result(f):
            return EvidenceItem("anchor", f, unit=other.unit, is_anchor=True)
    return None
