"""Source windows and the raw-turn fallback (docs/design.md §6.7).

Source windows: the verbatim dialogue around the evidence turn (one turn
either side) of the top 3 matched facts. Fallback: when fewer than 2 facts
were retrieved, the top 4 raw turn pairs by BM25 + dense RRF. Both take turns
ONLY from sessions whose focus is the patient ("patient", or "mixed" with a
record of the patient): a relative's consultation or a general-knowledge
session never supplies raw text, because raw text counts as evidence and a
relative's words pollute it. Every window is labelled with the session's
focus, and every line with its speaker.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from django.db.models import Q

from memory.domain.evidence import EvidenceItem, FactView
from memory.domain.rrf import rrf_fuse
from memory.models import Session, Turn, TurnPair
from memory.retrieval.ranking import dense_turn_pairs, lexical_turn_pairs

MAX_SOURCE_WINDOWS = 3
WINDOW_RADIUS = 1
MAX_FALLBACK_PAIRS = 4
MIN_FACTS = 2
# Source windows come from the patient's own consultations, or mixed ones.
PATIENT_FOCUS = ("patient", "mixed")


def focus_line(session_subject: str) -> str:
    return f"[session focus: {session_subject or 'unknown'}; each line names its speaker]"


def source_items(matched: Sequence[FactView]) -> list[EvidenceItem]:
    """Verbatim turns around the evidence turn of the top 3 matched facts."""
    focus = dict(
        Session.objects.filter(pk__in={f.session_pk for f in matched}).values_list(
            "pk", "session_subject"
        )
    )
    top = [f for f in matched if focus.get(f.session_pk) in PATIENT_FOCUS][:MAX_SOURCE_WINDOWS]
    if not top:
        return []
    spans = Q()
    for f in top:
        lo, hi = f.evidence_turn - WINDOW_RADIUS, f.evidence_turn + WINDOW_RADIUS
        spans |= Q(session_id=f.session_pk, index__gte=lo, index__lte=hi)
    turns: dict[int, list[Turn]] = {}
    for turn in Turn.objects.filter(spans).order_by("session_id", "index"):
        turns.setdefault(turn.session_id, []).append(turn)
    items = []
    for f in top:
        lo, hi = f.evidence_turn - WINDOW_RADIUS, f.evidence_turn + WINDOW_RADIUS
        lines = [focus_line(focus[f.session_pk])] + [
            f"turn {t.index} {t.speaker}: {t.text}"
            for t in turns.get(f.session_pk, [])
            if lo <= t.index <= hi
        ]
        if len(lines) > 1:
            items.append(
                EvidenceItem(
                    role="source",
                    text="\n".join(lines),
                    session_id=f.session_id,
                    session_date=f.session_date,
                    subject=f.subject,
                    marks=(f"around the evidence turn of fact {f.fact_id}",),
                )
            )
    return items


def fallback_items(patient_id: int, question: str, vector: np.ndarray) -> list[EvidenceItem]:
    """Top 4 raw turn pairs (lexical + dense, RRF) from sessions about the patient."""
    lists = [
        lexical_turn_pairs(patient_id, question, 32),
        dense_turn_pairs(patient_id, vector, 32),
    ]
    top = [pk for pk, _ in rrf_fuse(lists, top=MAX_FALLBACK_PAIRS)]
    pairs = {p.pk: p for p in TurnPair.objects.filter(pk__in=top).select_related("session")}
    return [
        EvidenceItem(
            role="fallback",
            text=focus_line(pairs[pk].session.session_subject) + "\n" + pairs[pk].text,
            session_id=pairs[pk].session.external_id,
            session_date=pairs[pk].session.session_date,
            subject=pairs[pk].session.session_subject,
            marks=(f"turns {pairs[pk].first_turn}-{pairs[pk].last_turn}",),
        )
        for pk in top
    ]
