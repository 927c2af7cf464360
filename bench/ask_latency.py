"""Ask latency through the REST API (extractive reader) on a 300-session patient.

    MEDGRAPH_EMBEDDED_DB=bench_ask .venv/bin/python bench/ask_latency.py [--repeats 3] [--rebuild]

The patient is built as bench/retrieval_latency.py builds patient 0: the 30
demo sessions constructed through the real pipeline, replicated 10x by SQL
into one 300-session history whose chains are recomputed (own database,
MEDGRAPH_EMBEDDED_DB, default bench_ask; never var/'s medgraph database).

The process then starts like a web worker: it imports medgraph_web.wsgi,
which warms the embedder and lexicons (memory.warmup), and its time is
printed apart. Every question of memory/fixtures/demo/questions.json is then
POSTed to /api/patients/<id>/ask/ through Django's test client (the full
request path: authentication, serializer, retrieval, item lookup, reader,
audit, JSON), `--repeats` times. The FIRST request is part of the figures.
In the same process, BM25 over the patient's raw sessions (bm25s, jieba
tokens, top 5) answers the same questions for reference.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("MEDGRAPH_EMBEDDED_DB", "bench_ask")

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings  # noqa: E402

import bench.retrieval_latency as base_bench  # noqa: E402  (sets Django up)
from memory.models import Patient, Session  # noqa: E402

TARGET_P95_MS = 150.0


def _client(patient: Patient) -> Client:
    user, _ = get_user_model().objects.get_or_create(username="bench-ask")
    patient.care_team.add(user)
    client = Client()
    client.force_login(user)
    return client


def _summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "first_ms": round(values[0], 1),
        "p50_ms": round(statistics.median(values), 1),
        "p95_ms": round(base_bench.pct(values, 0.95), 1),
        "max_ms": round(max(values), 1),
    }


def measure(patient: Patient, questions: list[str], repeats: int) -> dict:
    url = f"/api/patients/{patient.external_id}/ask/"
    client = _client(patient)
    index, tokens, n = base_bench._bm25_index(patient)
    api, bm25 = [], []
    for _ in range(repeats):
        for q in questions:
            t = time.perf_counter()
            response = client.post(url, {"question": q}, content_type="application/json")
            api.append((time.perf_counter() - t) * 1000)
            if response.status_code != 200:
                sys.exit(f"ask failed ({response.status_code}): {response.content[:300]!r}")
            t = time.perf_counter()
            index.retrieve([tokens(q) or ["∅"]], k=min(5, n), show_progress=False)
            bm25.append((time.perf_counter() - t) * 1000)
    return {"api_ask_extractive": _summary(api), "bm25_raw_sessions": _summary(bm25)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rebuild", action="store_true")
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
    result["worker_start_warmup_ms"] = round(warm_ms, 1)
    result["sessions_of_patient"] = Session.objects.filter(patient=patient).count()
    p95 = result["api_ask_extractive"]["p95_ms"]
    result["target_p95_ms"] = TARGET_P95_MS
    result["meets_target"] = p95 <= TARGET_P95_MS
    print(json.dumps(result, indent=2), flush=True)


if __name__ == "__main__":
    main()
