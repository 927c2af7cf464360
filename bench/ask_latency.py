"""Ask latency through the REST API (extractive reader) on a 300-session patient.

    MEDGRAPH_EMBEDDED_DB=bench_ask .venv/bin/python bench/ask_latency.py [--repeats 3] [--rebuild]

The patient is built as bench/retrieval_latency.py builds patient 0: the 30
demo sessions constructed through the real pipeline, replicated 10x by SQL
into one 300-session history whose chains are recomputed (own database,
MEDGRAPH_EMBEDDED_DB, default bench_ask; never var/'s medgraph database).

The process then starts like a web worker: it imports medgraph_web.wsgi,
which warms the embedder and lexicons (memory.pipeline.warmup), and its time is
printed apart. Every question of memory/fixtures/demo/questions.json is then
POSTed to /api/patients/<id>/ask/ through Django's test client (the full
request path: authentication, serializer, retrieval, item lookup, reader,
audit, JSON), `--repeats` times. The FIRST request is part of the figures.
In the same process, BM25 over the patient's raw sessions (bm25s, jieba
tokens, top 5) answers the same questions for reference.

Besides wall time, every ask reports its CPU time (time.process_time: on a
shared 2-core machine wall time mostly measures the neighbours) and its
database round trips. Pass 1 sees every question for the first time (cold
per-process caches: query embedding memo); passes 2.. repeat the same 18
questions and are reported apart as the warm figure. `--breakdown` adds one
profiled pass: CPU and wall milliseconds per ask spent in each stage, with
the per-process caches emptied first (cold stages; cProfile inflates Python-heavy
stages, so read it as shares, not absolute costs). MEDGRAPH_QUERY_CACHE=0 and
MEDGRAPH_READ_CACHE=0 switch the caches off for an all-cold run.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("MEDGRAPH_EMBEDDED_DB", "bench_ask")

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings  # noqa: E402

import bench.retrieval_latency as base_bench  # noqa: E402  (sets Django up)
from memory.models import Patient, Session  # noqa: E402
from memory.reading import read_cache  # noqa: E402
from memory.retrieval import query_cache  # noqa: E402

TARGET_P95_MS = 150.0


def _client(patient: Patient) -> Client:
    user, _ = get_user_model().objects.get_or_create(username="bench-ask")
    patient.care_team.add(user)
    client = Client()
    client.force_login(user)
    return client


# Stages of one ask, as (label, module path, function name) for the profiled pass.
STAGES = (
    ("whole request", "bench/ask_latency.py", "_post"),
    ("profile (render_profile)", "memory/reading/profile.py", "render_profile"),
    ("retrieve", "memory/retrieval/__init__.py", "retrieve"),
    ("  query embedding", "memory/retrieval/ranking.py", "embed_query"),
    ("  lexical ranking", "memory/retrieval/ranking.py", "lexical_facts"),
    ("  dense ranking", "memory/retrieval/ranking.py", "dense_facts"),
    ("  chain context", "memory/retrieval/context.py", "unit_items"),
    ("  causal", "memory/retrieval/context.py", "causal_items"),
    ("  date channel", "memory/retrieval/context.py", "date_items"),
    ("  source windows", "memory/retrieval/sources.py", "source_items"),
    ("  raw fallback", "memory/retrieval/sources.py", "fallback_items"),
    ("item lookup", "memory/answering/lookup.py", "item_records"),
    ("reader", "memory/answering/reader.py", "read"),
    ("audit", "memory/answering/__init__.py", "_audit"),
    ("conflicts", "memory/queries", "conflicts_for"),
    ("memory version check", "memory/reading/read_cache.py", "memory_version"),
)


def _summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "first_ms": round(values[0], 1),
        "p50_ms": round(statistics.median(values), 1),
        "p95_ms": round(base_bench.pct(values, 0.95), 1),
        "max_ms": round(max(values), 1),
    }


class _RoundTrips:
    """Counts the database round trips of the requests it wraps."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute: Callable, sql: str, params: object, many: bool, ctx: dict):
        self.count += 1
        return execute(sql, params, many, ctx)


def measure(patient: Patient, questions: list[str], repeats: int) -> dict:
    url = f"/api/patients/{patient.external_id}/ask/"
    client = _client(patient)
    index, tokens, n = base_bench._bm25_index(patient)
    api, cpu, trips, bm25 = [], [], [], []
    counter = _RoundTrips()
    for _ in range(repeats):
        for q in questions:
            counter.count = 0
            c, t = time.process_time(), time.perf_counter()
            with connection.execute_wrapper(counter):
                _post(client, url, q)
            api.append((time.perf_counter() - t) * 1000)
            cpu.append((time.process_time() - c) * 1000)
            trips.append(counter.count)
            t = time.perf_counter()
            index.retrieve([tokens(q) or ["∅"]], k=min(5, n), show_progress=False)
            bm25.append((time.perf_counter() - t) * 1000)
    k = len(questions)
    return {
        "api_ask_extractive": _summary(api),
        "api_ask_cold_pass1": _summary(api[:k]),
        "api_ask_warm_later_passes": _summary(api[k:]) if repeats > 1 else None,
        "api_ask_cpu": _summary(cpu),
        "db_round_trips_per_ask": {"mean": round(statistics.mean(trips), 1), "max": max(trips)},
        "bm25_raw_sessions": _summary(bm25),
        "caches": {"query_vectors": query_cache.stats(), "read_model": read_cache.stats()},
    }


def _post(client: Client, url: str, question: str):  # type: ignore[no-untyped-def]
    # secure=True: production serves HTTPS only (an http request is redirected).
    response = client.post(url, {"question": question}, content_type="application/json",
                           secure=True)  # fmt: skip
    if response.status_code != 200:
        sys.exit(f"ask failed ({response.status_code}): {response.content[:300]!r}")
    return response


def breakdown(patient: Patient, questions: list[str]) -> dict[str, dict[str, float]]:
    """Milliseconds per ask in each stage, CPU (process_time) and wall, one pass each."""
    url = f"/api/patients/{patient.external_id}/ask/"
    client = _client(patient)
    out: dict[str, dict[str, float]] = {}
    for clock, timer in (("cpu_ms", time.process_time), ("wall_ms", time.perf_counter)):
        query_cache.clear()
        read_cache.clear()
        profiler = cProfile.Profile(timer)
        for q in questions:
            profiler.runcall(_post, client, url, q)
        stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
        for label, path, name in STAGES:
            total = sum(
                row[3] for (file, _, func), row in stats.items() if func == name and path in file
            )
            out.setdefault(label, {})[clock] = round(total * 1000 / len(questions), 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--breakdown", action="store_true", help="add a profiled pass per stage")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    if args.rebuild or not Patient.objects.filter(external_id=base_bench.BASE).exists():
        if Patient.objects.exists():
            sys.exit("the bench database is not empty: drop it first")
        base_bench.build(1, 10)
    patient = Patient.objects.get(external_id=base_bench.BASE)
    demo = json.loads((base_bench.DEMO / "questions.json").read_text())["questions"]
    questions = [q["question"] for q in demo]
    started = time.perf_counter()
    import medgraph_web.wsgi  # noqa: F401  (a web worker's start: warms models and lexicons)

    warm_ms = (time.perf_counter() - started) * 1000
    with override_settings(LLM_BASE_URL=None, LLM_READER_MODEL=None, ALLOWED_HOSTS=["*"]):
        result = measure(patient, questions, args.repeats)
        if args.breakdown:
            result["stage_breakdown_per_ask"] = breakdown(patient, questions)
    result["worker_start_warmup_ms"] = round(warm_ms, 1)
    result["sessions_of_patient"] = Session.objects.filter(patient=patient).count()
    p95 = result["api_ask_extractive"]["p95_ms"]
    result["target_p95_ms"] = TARGET_P95_MS
    result["meets_target"] = p95 <= TARGET_P95_MS
    print(json.dumps(result, indent=2), flush=True)


if __name__ == "__main__":
    main()
