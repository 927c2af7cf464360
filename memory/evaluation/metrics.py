"""Per-question judgement of a reader context, and aggregation by kind and system.

Pollution is judged against the gold subject of the session each entry comes
from, the same way for every system (the paper assigns each evidence item to
its source session):
* a fact entry is polluted when the system labels it someone else's, when it
  comes from a session about a relative, or when it comes from a mixed
  (family-history) session and its entity is one the reference note gives to
  a relative - in both cases unless it is the speaker's own first-person
  statement (gold.caregiver_own: "I am feeling dizzy lately" is the patient's
  even where the note gives dizziness to the sister too);
* a raw-text entry (a baseline's chunk, MedGraph's source window) is polluted
  when it comes from a session about a relative and names a clinical item, or
  from a mixed session and names both a relative and a clinical item (general
  advice without a health fact of a person does not count).
MedGraph's "label" pollution is its own guarantee: facts labelled other than
"patient", or raw text from sessions it classified as not the patient's.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from dataclasses import dataclass

from memory.evaluation import gold as g
from memory.evaluation.history_types import HistorySession, Question
from memory.evaluation.systems import Context, Entry


@dataclass(frozen=True)
class Judgement:
    qid: str
    kind: str
    system: str
    found: int
    gold: int
    entries: int
    polluted_entries: int
    label_polluted_entries: int
    session_gold_polluted: int  # the same under the session-level gold (no own statements)
    safety_missing: bool
    trap_hit: bool
    retrieval_ms: float
    examples: tuple[str, ...] = ()  # a few polluted entries, for the report
    causes: tuple[str, ...] = ()  # pollution_cause of every polluted entry
    missing: tuple[str, ...] = ()  # gold items of a safety question absent from the context

    @property
    def recall(self) -> float:
        if self.kind == "relatives":
            return 0.0 if self.trap_hit else 1.0
        return self.found / self.gold if self.gold else 0.0


def entry_polluted(
    e: Entry, sessions: dict[str, HistorySession], own_statements: bool = True
) -> bool:
    return bool(pollution_cause(e, sessions, own_statements))


def pollution_cause(
    e: Entry, sessions: dict[str, HistorySession], own_statements: bool = True
) -> str:
    """Why the entry is polluted ("" when it is not), as an aggregate-safe label.

    `own_statements`: a caregiver's own first-person statement in a relative's
    session is the patient's (gold.caregiver_own); False gives the session-level
    gold of earlier reports (every fact of a relative's session is the relative's)."""
    if e.kind == "fact" and e.subject and e.subject != "patient":
        return f"fact labelled {e.subject}"
    cause = _session_cause(e, sessions.get(e.session_id))
    if cause and own_statements and g.caregiver_own(e.text):
        return ""
    return cause


def _session_cause(e: Entry, s: HistorySession | None) -> str:
    """What makes the entry someone else's by the gold of its source session."""
    if s is None:
        return ""
    role = e.role or e.kind
    if e.kind == "fact":
        if s.subject == "relative":
            return f"{role} fact from a relative's session"
        if s.subject == "mixed" and g.canonical(e.entity) in s.relative_items:
            return f"{role} fact of a mixed session's relative item"
        return ""
    if s.subject not in ("relative", "mixed") or not g.entities_in(e.text):
        return ""
    if s.subject == "relative":
        return f"{role} text from a relative's session"
    return f"{role} text naming a relative in a mixed session" if g.names_relative(e.text) else ""


def label_polluted(e: Entry, stored_subjects: dict[str, str]) -> bool:
    if e.kind == "fact":
        return bool(e.subject) and e.subject != "patient"
    return stored_subjects.get(e.session_id, "patient") not in ("patient", "mixed", "")


def _mentions(e: Entry, item: g.GoldItem) -> bool:
    if e.entity and item.canonical and g.canonical(e.entity) == item.canonical:
        return True
    return g.judge(e.text).contains(item)


def judge_question(
    q: Question,
    system: str,
    ctx: Context,
    sessions: dict[str, HistorySession],
    stored_subjects: dict[str, str],
) -> Judgement:
    judged = g.judge(ctx.text)
    hits = [judged.contains(i) for i in q.gold] if q.kind != "relatives" else []
    found = sum(hits)
    missing = tuple(i.text for i, hit in zip(q.gold, hits, strict=False) if not hit)
    polluted = [e for e in ctx.entries if entry_polluted(e, sessions)]
    trap_hit = q.kind == "relatives" and any(_mentions(e, q.gold[0]) for e in polluted)
    return Judgement(
        qid=q.qid, kind=q.kind, system=system, found=found, gold=len(q.gold),
        entries=len(ctx.entries), polluted_entries=len(polluted),
        session_gold_polluted=sum(entry_polluted(e, sessions, False) for e in ctx.entries),
        label_polluted_entries=sum(label_polluted(e, stored_subjects) for e in ctx.entries),
        safety_missing=q.kind == "safety" and found < len(q.gold),
        trap_hit=trap_hit, retrieval_ms=ctx.retrieval_ms,
        examples=tuple(_describe(e, sessions) for e in polluted[:2]),
        causes=tuple(f"{pollution_cause(e, sessions)}, {_origin(e, sessions)}" for e in polluted),
        missing=missing if q.kind == "safety" else (),
    )  # fmt: skip


def _origin(e: Entry, sessions: dict[str, HistorySession]) -> str:
    """The corpus of the entry's session, and how a caregiver session was made."""
    s = sessions.get(e.session_id)
    if s is None:
        return "unknown session"
    corpus = s.source.split(" ")[0]
    derived = re.search(r"as caregiver \((\S+?),", s.source)
    return f"{corpus} caregiver {derived.group(1)}" if derived else corpus


def _describe(e: Entry, sessions: dict[str, HistorySession]) -> str:
    s = sessions.get(e.session_id)
    where = f"{s.source} ({s.subject})" if s else e.session_id
    label = f" [{e.role or e.kind}, labelled {e.subject}]" if e.subject else f" [{e.kind}]"
    return f"{where}{label}: {' '.join(e.text.split())[:140]}"


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = (len(ordered) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summarize(judgements: list[Judgement], kinds: tuple[str, ...]) -> dict:
    """system -> figures (recall by kind, pollution, safety missing, latency)."""
    out: dict[str, dict] = {}
    for system in dict.fromkeys(j.system for j in judgements):
        js = [j for j in judgements if j.system == system]
        safety = [j for j in js if j.kind == "safety"]
        entries = sum(j.entries for j in js)
        ms = [j.retrieval_ms for j in js]
        out[system] = {
            "questions": len(js),
            "recall": {k: _mean([j.recall for j in js if j.kind == k]) for k in kinds},
            "n_by_kind": {k: sum(1 for j in js if j.kind == k) for k in kinds},
            "pollution_entries": _ratio(sum(j.polluted_entries for j in js), entries),
            "pollution_questions": _ratio(sum(j.polluted_entries > 0 for j in js), len(js)),
            "session_gold_pollution_entries": _ratio(
                sum(j.session_gold_polluted for j in js), entries
            ),
            "session_gold_pollution_questions": _ratio(
                sum(j.session_gold_polluted > 0 for j in js), len(js)
            ),
            "label_pollution_entries": _ratio(sum(j.label_polluted_entries for j in js), entries),
            "label_pollution_questions": _ratio(
                sum(j.label_polluted_entries > 0 for j in js), len(js)
            ),
            "safety_missing": _ratio(sum(j.safety_missing for j in safety), len(safety)),
            "retrieval_p50_ms": percentile(ms, 0.5),
            "retrieval_p95_ms": percentile(ms, 0.95),
            "pollution_causes": dict(Counter(c for j in js for c in j.causes).most_common()),
            "polluted_examples": list(dict.fromkeys(x for j in js for x in j.examples))[:6],
            # Every miss, so that each one can be traced to an extraction or naming gap.
            "safety_missed_items": [
                f"{j.qid}: {', '.join(j.missing)}" for j in safety if j.missing
            ],
        }
    return out


def _mean(values: list[float]) -> float | None:
    return statistics.fmean(values) if values else None


def _ratio(hit: int, total: int) -> dict:
    return {"hit": hit, "total": total, "value": hit / total if total else 0.0}
