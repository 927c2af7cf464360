# ruff: noqa: E501 -- cue tables are long regex alternations; splitting them hides the vocabulary.
"""medication_status facts: drug, status (active|stopped|dose_changed|planned), dose.

Status comes from the cue nearest the drug in its sentence. A change that states
the previous value ("from 10 mg to 20 mg", "10 mg → 20 mg") keeps both numbers
in content and the old one in `replaces` (DESIGN §4 chain update).
"""

from __future__ import annotations

import re

from memory.domain.types import ExtractedFact
from memory.extraction.rules.context_types import SentenceCtx, make_fact
from memory.extraction.rules.entities import Hit
from memory.extraction.rules.text import normalize_numbers

_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "stopped",
        re.compile(
            r"\b(?:stop(?:ped|ping)?|discontinu\w*|quit|came off|come off|taken off|took (?:me|him|her) off|"
            r"no longer (?:on|tak\w+)|ran out of|hold(?:ing)? (?:off|the)|d/c)\b|停用|停药|停了|停掉|不再|停服",
            re.I,
        ),
    ),
    (
        "dose_changed",
        re.compile(
            r"\b(?:increas\w*|decreas\w*|rais\w*|lower\w*|reduc\w*|bump\w* (?:up|it)|up(?:ped)? the dose|"
            r"doubl\w*|halv\w*|cut (?:back|down|it)|titrat\w*|adjust\w*|went up|go up|go down)\b|"
            r"加量|减量|加到|减到|加大|减少|调整|调到|增加到|改为",
            re.I,
        ),
    ),
    (
        "planned",
        re.compile(
            r"\b(?:plan\w*|will (?:start|try|put|prescribe|begin|initiate|order|add)|going to (?:start|try|put|"
            r"prescribe|add|begin|initiate)|want (?:you )?to (?:start|try)|like (?:you )?to (?:start|try|put)|"
            r"(?:i'll|we'll|let's) (?:start|try|put|prescribe|add|begin|initiate|get)|recommend\w*|consider\w*|"
            r"would like to (?:start|try|put|prescribe)|prescrib\w*)\b|计划|准备|打算|建议您?(?:服用|使用|口服|吃)|考虑",
            re.I,
        ),
    ),
    (
        "active",
        re.compile(
            r"\b(?:start\w*|began|begin|initiat\w*|put (?:me|him|her|you) on|switch\w* (?:to|over)|"
            r"chang\w* (?:to|over)|tak\w+|on|using|use|tried|trying|continu\w*|prescribed)\b|"
            r"开始|一直|在吃|在用|服用|口服|吃|用|换成|换药|改用",
            re.I,
        ),
    ),
)
_STATE_CHANGE_CUE = re.compile(
    r"\b(?:start\w*|began|initiat\w*|switch\w*|chang\w*)\b|开始|换成|换药|改用", re.I
)
_UNIT = r"(?:mg|mcg|µg|ug|g|ml|mL|units?|iu|IU|puffs?|tablets?|pills?|毫克|克|毫升|单位|片|粒|支)"
_DOSE = re.compile(rf"(\d+(?:\.\d+)?)\s*({_UNIT})(?![A-Za-z])")
_FROM_TO = re.compile(
    rf"(?:from\s+)?(\d+(?:\.\d+)?)\s*({_UNIT})?\s*(?:to|→|->|=>|改为|加到|减到|调到|到)\s*(\d+(?:\.\d+)?)\s*({_UNIT})",
    re.I,
)
_DRUG_KINDS = frozenset({"drug", "drug_class"})


def _status(ctx: SentenceCtx, hit: Hit) -> str | None:
    """The status cue nearest to the drug, ties broken by the cue order above
    (stop > change > plan > active). A doctor's question is not a status."""
    best: tuple[int, int, str] | None = None
    for rank, (status, pattern) in enumerate(_CUES):
        for m in pattern.finditer(ctx.text):
            distance = min(abs(m.start() - hit.end), abs(hit.start - m.end()))
            key = (distance // 25, rank, status)  # coarse distance: cue order wins within a phrase
            if best is None or key < best:
                best = key
    if best is None:
        # A drug named in a clinical statement with no cue ("Oxycontin and Vicodin.",
        # "All I can see is Risperdal") is most often a current medication.
        return "active"
    return best[2]


def _has_cue(ctx: SentenceCtx, hit: Hit) -> bool:
    window = ctx.text[max(0, hit.start - 40) : hit.end + 40]
    in_frame = ctx.frame is not None and ctx.frame.topic == "medication"
    return in_frame or any(p.search(window) for _, p in _CUES)


def _dose(ctx: SentenceCtx, hit: Hit) -> tuple[str | None, str | None, str | None]:
    """(value, unit, previous value) of the dose written after the drug."""
    tail = ctx.text[hit.start :] if ctx.zh else normalize_numbers(ctx.text[hit.start :])
    change = _FROM_TO.search(tail[:80])
    if change:
        unit = change[4]
        return change[3], unit, f"{change[1]} {change[2] or unit}"
    dose = _DOSE.search(tail[:60])
    if dose:
        return dose[1], dose[2], None
    return None, None, None


def extract_medications(ctx: SentenceCtx) -> list[ExtractedFact]:
    facts: list[ExtractedFact] = []
    seen: set[str] = set()
    for hit in ctx.hits:
        if hit.kind not in _DRUG_KINDS or hit.canonical in seen:
            continue
        status = _status(ctx, hit)
        if status is None:
            continue
        seen.add(hit.canonical)
        value, unit, previous = _dose(ctx, hit)
        if previous and status == "active":
            status = "dose_changed"
        changed = status in ("stopped", "dose_changed") or bool(_STATE_CHANGE_CUE.search(ctx.text))
        replaces = None
        if status == "stopped":
            replaces = f"{hit.canonical} being taken"
        elif status == "dose_changed":
            replaces = (
                f"{hit.canonical} {previous}" if previous else f"{hit.canonical} previous dose"
            )
        facts.append(
            make_fact(
                ctx,
                hit.start,
                type="medication_status",
                entity=hit.canonical,
                value=value,
                unit=unit,
                status=status,
                is_state_change=changed and status != "planned",
                replaces=replaces if status != "planned" else None,
                assertion=ctx.assertion(hit.start, hit.end),
                confidence=(0.7 if value else 0.6) if _has_cue(ctx, hit) else 0.45,
            )
        )
    return facts
