"""A benign pathology result of tissue removed in the same visit is history.

"The gastroenterologist removed two small polyps." - "Pathology shows tubular
adenomas, benign": the adenomas were the polyps taken out, so "adenoma, confirmed,
current" would tell a clinician of a lesion that is gone. Only a result said to be
benign is aged: a malignant one needs follow-up and stays a current diagnosis, and
a result with no removal told in the visit (a biopsy of something still there) stays
as said. Words live in lexicon/data/cues/conditions.tsv (pathology_report,
benign_result); this module holds the grammar.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from memory.domain.types import ExtractedFact
from memory.lexicon.cues import cues


@cache
def _cue(category: str) -> re.Pattern[str]:
    words = cues("conditions")
    return re.compile(f"{words.pattern(category, 'en')}|{words.pattern(category, 'zh')}", re.I)


def _removal_told(facts: Sequence[ExtractedFact], texts: Sequence[str]) -> bool:
    """The visit tells an operation done (a polypectomy, an excision) or something
    taken out ("we took out three polyps", 切除了两个息肉)."""
    done = any(
        f.safety_kind == "surgical_history" and f.assertion == "present" and f.status is None
        for f in facts
    )
    removal = _cue("removed_before"), _cue("removed_after")
    return done or any(cue.search(text) for text in texts for cue in removal)


def _benign_result(text: str) -> bool:
    return bool(_cue("pathology_report").search(text) and _cue("benign_result").search(text))


def with_removed_pathology_aged(
    facts: Sequence[ExtractedFact], texts: Sequence[str]
) -> tuple[ExtractedFact, ...]:
    """The facts with each benign pathology finding of removed tissue made history;
    `texts`: the visit's sentences."""
    if not _removal_told(facts, texts):
        return tuple(facts)
    return tuple(
        replace(f, assertion="historical")
        if f.type == "condition" and f.assertion == "present" and _benign_result(f.content)
        else f
        for f in facts
    )
