"""Run the benchmark: build each history's memory, ask every system, judge, aggregate.

Needs a database (Django configured); the `eval` command points Django at a
separate database first, so the dev database is never touched.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from memory.actions.imports import store_sessions
from memory.answering import answer
from memory.evaluation.answers import AnswerJudgement, judge_history, summarize_answers
from memory.evaluation.extraction import extraction_counts, merge_counts
from memory.evaluation.history_types import KINDS, History
from memory.evaluation.metrics import Judgement, judge_question, percentile, summarize
from memory.evaluation.splits import PARTS
from memory.evaluation.systems import Bm25Sessions, EmbeddingChunks, MedGraphSystem
from memory.indexing import current_embedder
from memory.models import Fact, Patient, Session
from memory.pipeline.construction import construct_pending
from memory.queries.facts import views


@dataclass
class Built:
    patient: Patient
    store_ms: float
    construct_ms: list[float] = field(default_factory=list)  # per session (extract+write+index)
    wall_ms: float = 0.0
    failed: list[str] = field(default_factory=list)
    stored_subjects: dict[str, str] = field(default_factory=dict)


def build_memory(hist: History) -> Built:
    """Import + construct through the real pipeline (offline extractor when no LLM)."""
    started = time.perf_counter()
    report = store_sessions(hist.parsed(), patient_id=hist.patient_id, channel="eval")
    store_ms = (time.perf_counter() - started) * 1000
    construct_pending(report.stored[-1].pk)
    wall_ms = (time.perf_counter() - started) * 1000
    patient = Patient.objects.get(external_id=hist.patient_id)
    built = Built(patient, store_ms, wall_ms=wall_ms)
    for s in Session.objects.filter(patient=patient).order_by("seq"):
        built.stored_subjects[s.external_id] = s.session_subject
        if s.status == Session.Status.FAILED:
            built.failed.append(f"{s.external_id}: {s.status_reason[:200]}")
        elif s.construct_ms is not None:
            built.construct_ms.append(s.construct_ms)
    return built


def run_benchmark(histories: list[History], log: Callable[[str], None] = print) -> dict:
    judgements: list[Judgement] = []
    answer_judgements: list[AnswerJudgement] = []
    extraction_parts: list[dict] = []
    by_part: dict[str, tuple[list[Judgement], list[dict]]] = {p: ([], []) for p in PARTS}
    construct_ms: list[float] = []
    totals_ms: list[float] = []
    failed: list[str] = []
    sessions = 0
    store_ms = 0.0
    embedder = current_embedder()
    for n, hist in enumerate(histories, 1):
        built = build_memory(hist)
        construct_ms += built.construct_ms
        failed += built.failed
        sessions += len(hist.sessions)
        store_ms += built.store_ms
        extraction_parts.append(extraction_counts(hist, built.patient.pk))
        part_judgements, part_extraction = by_part[hist.part]
        part_extraction.append(extraction_parts[-1])
        systems = [
            MedGraphSystem(built.patient),
            Bm25Sessions(hist),
            EmbeddingChunks(hist, embedder),
        ]
        by_id = hist.by_id()
        for q in hist.questions:
            for system in systems:
                ctx = system.ask(q.text)
                if isinstance(system, MedGraphSystem):
                    totals_ms.append(ctx.total_ms)
                judgements.append(judge_question(q, system.name, ctx, by_id, built.stored_subjects))
                part_judgements.append(judgements[-1])
        facts = views(Fact.objects.filter(patient=built.patient).order_by("id"))
        answer_judgements += judge_history(hist, _asker(built.patient), hist.part, facts)
        log(f"[{n}/{len(histories)}] {hist.patient_id}: {len(hist.sessions)} sessions, "
            f"{len(hist.questions)} questions, built in {built.wall_ms / 1000:.1f} s")  # fmt: skip
    return {
        "histories": len(histories),
        "sessions": sessions,
        "questions": len({j.qid for j in judgements}),
        "kinds": list(KINDS),
        "systems": summarize(judgements, KINDS),
        "answers": summarize_answers(answer_judgements),
        "extraction": merge_counts(extraction_parts),
        "ingest": {
            "sessions_constructed": len(construct_ms),
            "failed": failed,
            "store_ms_per_session": store_ms / sessions if sessions else 0.0,
            "construct_ms_mean": sum(construct_ms) / len(construct_ms) if construct_ms else 0.0,
            "construct_ms_p50": percentile(construct_ms, 0.5),
            "construct_ms_p95": percentile(construct_ms, 0.95),
        },
        "medgraph_total_ms": {
            "p50": percentile(totals_ms, 0.5),
            "p95": percentile(totals_ms, 0.95),
        },
        "session_mix": _mix(histories),
        # The same figures for the tuning part and the check part (splits.py).
        "parts": {
            part: {
                "histories": sum(h.part == part for h in histories),
                "systems": summarize(js, KINDS),
                "extraction": merge_counts(ex),
            }
            for part, (js, ex) in by_part.items()
            if ex
        },
    }


def _asker(patient: Patient) -> Callable[[str], str]:
    """The answer text MedGraph's configured reader gives (extractive offline)."""
    return lambda question: answer(patient, question, channel="eval").text


def _mix(histories: list[History]) -> dict[str, int]:
    out: dict[str, int] = {}
    for h in histories:
        for s in h.sessions:
            out[s.subject] = out.get(s.subject, 0) + 1
    return out
