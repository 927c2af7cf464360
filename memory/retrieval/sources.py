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

from memory.domain.evidence import EvidenceItem, FactView
from memory.domain.rrf import rrf_fuse
from memory.models import TurnPair
from memory.queries import prepared
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
    if not matched:
        return []
    focus, turns = _windows(matched)
    top = [f for f in matched if focus.get(f.session_pk) in PATIENT_FOCUS][:MAX_SOURCE_WINDOWS]
    items = []
    for f in top:
        lo, hi = f.evidence_turn - WINDOW_RADIUS, f.evidence_turn + WINDOW_RADIUS
        lines = [focus_line(focus[f.session_pk])] + [
            f"turn {index} {speaker}: {text}"
            for index, speaker, text in turns.get(f.session_pk, [])
            if lo <= index <= hi
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


# Each matched fact's session focus and the turns of its session that lie between the
# first and the last window asked of that session: one round trip for all of them.
_WINDOWS_SQL = (
    "WITH w(sid, lo, hi) AS (SELECT * FROM unnest(%s::bigint[], %s::int[], %s::int[])), "
    "r AS (SELECT sid, MIN(lo) AS lo, MAX(hi) AS hi FROM w GROUP BY sid) "
    "SELECT s.id, s.session_subject, t.index, t.speaker, t.text FROM r "
    "JOIN memory_session s ON s.id = r.sid "
    "LEFT JOIN memory_turn t ON t.session_id = r.sid AND t.index BETWEEN r.lo AND r.hi "
    "ORDER BY s.id, t.index"
)


def _windows(
    matched: Sequence[FactView],
) -> tuple[dict[int, str], dict[int, list[tuple[int, str, str]]]]:
    sids = [f.session_pk for f in matched]
    los = [f.evidence_turn - WINDOW_RADIUS for f in matched]
    his = [f.evidence_turn + WINDOW_RADIUS for f in matched]
    focus: dict[int, str] = {}
    turns: dict[int, list[tuple[int, str, str]]] = {}
    with prepared.cursor() as cur:
        cur.execute(_WINDOWS_SQL, [sids, los, his])
        for sid, subject, index, speaker, text in cur.fetchall():
            focus[sid] = subject
            if index is not None:
                turns.setdefault(sid, []).append((index, speaker, text))
    return focus, turns


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
