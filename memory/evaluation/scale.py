"""Scale mode: ingest and query cost as histories grow (1/10/100 patients × 30/300/3,000).

Sessions are real ones from the benchmark's histories, replicated with new
external ids and shifted dates (a replica keeps its distractor status: undated
distractors stay undated). One patient grows through the checkpoints of its
grid points (30 -> 300 -> 3,000), so the latency-versus-length curve is one
history; grid points with several patients ingest every patient to the size.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta

from django.db import connection

from memory.actions.imports import store_sessions
from memory.domain.types import ParsedSession
from memory.evaluation.history_types import History, HistorySession
from memory.evaluation.metrics import percentile
from memory.evaluation.systems import Bm25Sessions, MedGraphSystem
from memory.models import Patient
from memory.pipeline.construction import construct_pending

BATCH = 30
QUERY_REPEATS = 3


def parse_grid(spec: str) -> list[tuple[int, int]]:
    """'1x30,1x300,10x30' -> [(1, 30), (1, 300), (10, 30)]."""
    out = []
    for part in spec.split(","):
        p, _, s = part.strip().lower().partition("x")
        out.append((int(p), int(s)))
    return out


def _replicas(pool: list[HistorySession], start: int, stop: int) -> list[HistorySession]:
    out = []
    for j in range(start, stop):
        base = pool[j % len(pool)]
        cycle = j // len(pool)
        day = base.day + timedelta(days=120 * cycle) if base.day else None
        out.append(replace(base, external_id=f"{base.external_id}-r{j}", day=day))
    return out


def _ingest(pid: str, sessions: list[HistorySession]) -> None:
    for i in range(0, len(sessions), BATCH):
        batch = sessions[i : i + BATCH]
        parsed = [
            ParsedSession(s.external_id, s.day, s.turns, s.title, patient_id=pid) for s in batch
        ]
        report = store_sessions(parsed, patient_id=pid, channel="eval")
        construct_pending(report.stored[-1].pk)


def _measure(pid: str, sessions: list[HistorySession], questions: list[str]) -> dict:
    patient = Patient.objects.get(external_id=pid)
    medgraph = MedGraphSystem(patient)
    bm25 = Bm25Sessions(History(pid, "", list(sessions)))
    mg_ms, bm_ms = [], []
    for _ in range(QUERY_REPEATS):
        for q in questions:
            mg_ms.append(medgraph.ask(q).retrieval_ms)
            bm_ms.append(bm25.ask(q).retrieval_ms)
    with connection.cursor() as cur:
        cur.execute("SELECT pg_database_size(current_database())")
        size = cur.fetchone()[0]
    return {
        "retrieval_p50_ms": percentile(mg_ms, 0.5), "retrieval_p95_ms": percentile(mg_ms, 0.95),
        "bm25_p50_ms": percentile(bm_ms, 0.5), "db_mb": size / 2**20,
    }  # fmt: skip


def run_scale(
    grid: list[tuple[int, int]], histories: list[History], log: Callable[[str], None] = print
) -> dict:
    pool = [s for h in histories for s in h.sessions]
    questions = [q.text for h in histories[:2] for q in h.questions][:10]
    rows: list[dict] = []
    grown: list[HistorySession] = []
    single = sorted(s for p, s in grid if p == 1)
    for size in single:  # one patient grows through its checkpoints
        started = time.perf_counter()
        new = _replicas(pool, len(grown), size)
        _ingest("scale-1", new)
        grown += new
        wall = time.perf_counter() - started
        rows.append({"patients": 1, "sessions": size, "wall_s": wall,
                     "ingest_ms_per_session": 1000 * wall / max(1, len(new)),
                     **_measure("scale-1", grown, questions)})  # fmt: skip
        log(f"scale 1x{size}: {wall:.0f} s")
    for patients, size in sorted((p, s) for p, s in grid if p > 1):
        started = time.perf_counter()
        sessions = _replicas(pool, 0, size)
        for k in range(patients):
            _ingest(f"scale-{patients}x{size}-{k}", sessions)
        wall = time.perf_counter() - started
        rows.append({"patients": patients, "sessions": size, "wall_s": wall,
                     "ingest_ms_per_session": 1000 * wall / (patients * size),
                     **_measure(f"scale-{patients}x{size}-0", sessions, questions)})  # fmt: skip
        log(f"scale {patients}x{size}: {wall:.0f} s")
    return {"rows": rows, "note": _extrapolation(rows)}


def _extrapolation(rows: list[dict]) -> str:
    ones = sorted((r["sessions"], r) for r in rows if r["patients"] == 1)
    if not ones:
        return ""
    n, last = ones[-1]
    hours = last["ingest_ms_per_session"] * 100 * 3000 / 3.6e6
    return (
        f"Extrapolation (not measured): at the last measured rate of "
        f"{last['ingest_ms_per_session']:.0f} ms/session (history of {n}), the full 100 × 3,000 "
        f"grid would take about {hours:.0f} h of construction on this 2-core box with one "
        f"in-process worker; construction is per session and patients are independent, so it "
        f"divides by the number of Celery workers. Database size grows about linearly with "
        f"sessions ({last['db_mb']:.0f} MB at the last point, including every earlier row)."
    )
