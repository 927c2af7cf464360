"""Retrieval latency at 300 sessions (one patient) and 100 patients x 300 sessions.

    MEDGRAPH_EMBEDDED_DB=bench_retrieval .venv/bin/python bench/retrieval_latency.py \
        [--patients 100] [--copies 10] [--repeats 3] [--rebuild]

Runs in its own database (MEDGRAPH_EMBEDDED_DB, default bench_retrieval on the
embedded server), never var/'s medgraph database.

How the data is built (say which, as the brief asks): the 30 demo sessions
(memory/fixtures/demo) are imported and constructed through the real
pipeline (rule extractor, memory.actions, indexing). They are then replicated
by SQL INSERT ... SELECT with shifted ids and dates shifted by 730 days per
copy: `--copies` copies make one 300-session history of patient 0 whose
copied facts join the SAME chains, after which every chain is recomputed by
the write layer's memory.actions.graph.sync_chain (positions, validity,
supersedes edges, tail). That patient is then copied whole (patient, persons,
chains, sessions, turns, turn pairs, facts with their tsvectors and
embeddings, edges) for patients 1..N-1. Embeddings are copied, not
recomputed: retrieval reads them exactly as it would real ones.

Measured per question: memory.retrieval.retrieve wall time (embedding the
question, both ranked lists, chain context, causal, date channel, source
windows), and the profile; reference in the same run: BM25 over the
patient's raw sessions (bm25s, jieba tokens, top 5, as the benchmark's harness).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("MEDGRAPH_EMBEDDED_DB", "bench_retrieval")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medgraph_web.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-" + "x" * 40)

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402

from memory.models import Chain, Patient, Session  # noqa: E402

DEMO = ROOT / "memory" / "fixtures" / "demo"
BASE = "bench-p0"
ID_STEP = 1_000_000  # id offset per copy inside patient 0
PATIENT_STEP = 100_000_000  # id offset per copied patient
SHIFT_DAYS = 730


def _sql(statement: str, params: list | None = None) -> None:
    with connection.cursor() as cur:
        cur.execute(statement, params or [])


def build_base() -> Patient:
    from memory.actions.imports import store_sessions
    from memory.importing import parse_paths
    from memory.pipeline.construction import construct_pending

    report = store_sessions(parse_paths([DEMO / "demo_patient.json"]), patient_id=BASE)
    construct_pending(report.stored[-1].pk)
    return Patient.objects.get(external_id=BASE)


COPY_SESSIONS = """
INSERT INTO memory_session (id, patient_id, external_id, seq, session_date, title, source,
  session_subject, status, status_reason, extractor, model, prompt_version, raw_reply,
  prompt_tokens, completion_tokens, attempts, extract_ms, construct_ms, fact_count, created_at,
  started_at, finished_at, dismissed_reason)
SELECT id + %(off)s, %(pid)s, external_id || %(suffix)s, seq + %(seq)s,
  session_date + %(days)s, title, source, session_subject, status, status_reason, extractor, model,
  prompt_version, '', 0, 0, attempts, extract_ms, construct_ms, fact_count, now(), now(), now(),
  dismissed_reason
FROM memory_session WHERE id = ANY(%(ids)s)"""
COPY_TURNS = """
INSERT INTO memory_turn (id, session_id, index, speaker, text)
SELECT id + %(off)s, session_id + %(off)s, index, speaker, text FROM memory_turn
WHERE session_id = ANY(%(ids)s)"""
COPY_PAIRS = """
INSERT INTO memory_turnpair (id, session_id, patient_id, first_turn, last_turn, text, search,
  embedding)
SELECT id + %(off)s, session_id + %(off)s, %(pid)s, first_turn, last_turn, text, search, embedding
FROM memory_turnpair WHERE session_id = ANY(%(ids)s)"""
COPY_FACTS = """
INSERT INTO memory_fact (id, patient_id, subject_id, entity_id, fact_type, content, value, unit,
  status, safety_kind, assertion, event_date, effective_date, date_precision, is_state_change,
  replaces, session_id, evidence_turn, confidence, mention_count, last_mentioned,
  mention_sessions, valid_from, valid_to, chain_id, chain_position, order_note, verification,
  verification_reason, origin, corrected, extraction_key, extractor, model, prompt_version,
  search, embedding, created_at, updated_at, slots, folded_mentions, version)
SELECT id + %(off)s, %(pid)s, subject_id + %(poff)s, entity_id, fact_type, content, value, unit,
  status, safety_kind, assertion, event_date + %(days)s, effective_date + %(days)s,
  date_precision, is_state_change, replaces, session_id + %(off)s, evidence_turn, confidence,
  mention_count, last_mentioned + %(days)s, '{}', valid_from + %(days)s, valid_to + %(days)s,
  chain_id + %(poff)s, chain_position + %(pos)s, order_note, verification, verification_reason,
  origin, corrected, extraction_key, extractor, model, prompt_version, search, embedding, now(),
  now(), slots, folded_mentions, version
FROM memory_fact WHERE session_id = ANY(%(ids)s)"""
COPY_EDGES = """
INSERT INTO memory_factedge (src_id, dst_id, kind)
SELECT src_id + %(off)s, dst_id + %(off)s, kind FROM memory_factedge e
JOIN memory_fact f ON f.id = e.src_id WHERE f.session_id = ANY(%(ids)s) AND kind = %(kind)s"""


def _copy(ids: list[int], params: dict, kinds: tuple[str, ...]) -> None:
    params = {**params, "ids": ids}
    for statement in (COPY_SESSIONS, COPY_TURNS, COPY_PAIRS, COPY_FACTS):
        _sql(statement, params)  # type: ignore[arg-type]
    for kind in kinds:
        _sql(COPY_EDGES, {**params, "kind": kind})  # type: ignore[arg-type]


def grow_patient0(base: Patient, copies: int) -> None:
    from memory.actions.graph import sync_chain

    ids = list(Session.objects.filter(patient=base).values_list("pk", flat=True))
    last_seq = len(ids)
    for k in range(1, copies):
        params = {"off": k * ID_STEP, "pid": base.pk, "suffix": f"-c{k}", "seq": k * last_seq,
                  "days": k * SHIFT_DAYS, "poff": 0, "pos": k * 1000}  # fmt: skip
        _copy(ids, params, ("causes",))
    for chain in Chain.objects.filter(patient=base):
        sync_chain(chain)  # the write layer recomputes positions, intervals, edges, tail


def copy_patient(base: Patient, p: int) -> None:
    poff = p * PATIENT_STEP
    _sql("INSERT INTO memory_patient (id, external_id, display_name, created_at) "
         "SELECT id + %s, %s, display_name, now() FROM memory_patient WHERE id = %s",
         [poff, f"bench-p{p}", base.pk])  # fmt: skip
    _sql("INSERT INTO memory_person (id, patient_id, kind, key, display_name) "
         "SELECT id + %s, patient_id + %s, kind, key, display_name FROM memory_person "
         "WHERE patient_id = %s", [poff, poff, base.pk])  # fmt: skip
    _sql("INSERT INTO memory_chain (id, patient_id, subject_id, entity_id, fact_type, tail_id, "
         "length, updated_at) SELECT id + %s, patient_id + %s, subject_id + %s, entity_id, "
         "fact_type, tail_id + %s, length, now() FROM memory_chain WHERE patient_id = %s",
         [poff, poff, poff, poff, base.pk])  # fmt: skip
    ids = list(Session.objects.filter(patient=base).values_list("pk", flat=True))
    params = {"off": poff, "pid": base.pk + poff, "suffix": "", "seq": 0, "days": 0,
              "poff": poff, "pos": 0}  # fmt: skip
    _copy(ids, params, ("causes", "supersedes"))


def reset_sequences() -> None:
    for table in ("memory_patient", "memory_person", "memory_chain", "memory_session",
                  "memory_turn", "memory_turnpair", "memory_fact", "memory_factedge"):  # fmt: skip
        _sql(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
             f"(SELECT COALESCE(MAX(id), 1) FROM {table}))")  # fmt: skip


HNSW = {
    "fact_embedding_hnsw": "memory_fact",
    "turnpair_embedding_hnsw": "memory_turnpair",
}


def build(patients: int, copies: int) -> Patient:
    started = time.perf_counter()
    with transaction.atomic():
        base = build_base()
    print(f"constructed 30 demo sessions in {time.perf_counter() - started:.1f} s", flush=True)
    started = time.perf_counter()
    with transaction.atomic():
        for name in HNSW:  # bulk copy without per-row HNSW inserts; rebuilt below
            _sql(f"DROP INDEX IF EXISTS {name}")
        grow_patient0(base, copies)
        for p in range(1, patients):
            copy_patient(base, p)
        reset_sequences()
    print(f"replicated to {patients} x {30 * copies} sessions in "
          f"{time.perf_counter() - started:.1f} s", flush=True)  # fmt: skip
    started = time.perf_counter()
    _sql("SET maintenance_work_mem = '512MB'")
    for name, table in HNSW.items():
        _sql(f"CREATE INDEX {name} ON {table} USING hnsw (embedding vector_cosine_ops) "
             "WITH (m = 16, ef_construction = 64)")  # fmt: skip
    _sql("ANALYZE")
    print(f"HNSW indexes rebuilt in {time.perf_counter() - started:.1f} s", flush=True)
    return base


def _bm25_index(patient: Patient) -> tuple[Any, Callable[[str], list[str]], int]:
    import bm25s

    from memory.search.text import bm25_tokens

    texts = []
    for session in Session.objects.filter(patient=patient).order_by("seq"):
        lines = [f"[{session.session_date}]"] + [
            f"{t.speaker}: {t.text}" for t in session.turns.order_by("index")
        ]
        texts.append("\n".join(lines))
    index = bm25s.BM25()
    index.index([bm25_tokens(t) or ["∅"] for t in texts], show_progress=False)
    return index, bm25_tokens, len(texts)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def measure(patients: list[Patient], questions: list[str], repeats: int) -> dict:
    from memory.reading.profile import render_profile
    from memory.retrieval import retrieve

    retrieval, profile, bm25 = [], [], []
    for patient in patients:
        index, tokens, n = _bm25_index(patient)
        for _ in range(repeats):
            for q in questions:
                t = time.perf_counter()
                retrieve(patient, q)
                retrieval.append((time.perf_counter() - t) * 1000)
                t = time.perf_counter()
                render_profile(patient)
                profile.append((time.perf_counter() - t) * 1000)
                t = time.perf_counter()
                index.retrieve([tokens(q) or ["∅"]], k=min(5, n), show_progress=False)
                bm25.append((time.perf_counter() - t) * 1000)
    return {
        name: {"n": len(v), "p50_ms": round(statistics.median(v), 1),
               "p95_ms": round(pct(v, 0.95), 1)}
        for name, v in (("retrieval", retrieval), ("profile", profile), ("bm25_raw", bm25))
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--patients", type=int, default=100)
    parser.add_argument("--copies", type=int, default=10, help="x 30 sessions per patient")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--sample", type=int, default=5, help="patients queried at scale")
    parser.add_argument("--rebuild", action="store_true")
    args = parser.parse_args()
    print(f"database: {settings.DATABASES['default']['NAME']}", flush=True)
    call_command("migrate", verbosity=0)
    if args.rebuild or not Patient.objects.filter(external_id=BASE).exists():
        if Patient.objects.exists():
            sys.exit("the bench database is not empty: drop it first (--rebuild needs a fresh db)")
        build(args.patients, args.copies)
    questions = [
        q["question"] for q in json.loads((DEMO / "questions.json").read_text())["questions"]
    ]
    from memory.retrieval import ranking

    base = Patient.objects.get(external_id=BASE)
    others = list(Patient.objects.exclude(pk=base.pk).order_by("pk")[: max(0, args.sample - 1)])
    result = {
        "sessions_per_patient": Session.objects.filter(patient=base).count(),
        "patients_in_db": Patient.objects.count(),
        "facts_in_db": _count("memory_fact"),
        "facts_of_patient": _count("memory_fact", base.pk),
    }
    for mode in (True, False):
        ranking.DENSE_EXACT = mode
        retrieve_warmup(base, questions)
        label = "exact" if mode else "hnsw"
        result[f"one_patient_{label}"] = measure([base], questions, args.repeats)
        result[f"sampled_patients_{label}"] = measure([base, *others], questions, 1)
    print(json.dumps(result, indent=2), flush=True)


def retrieve_warmup(patient: Patient, questions: list[str]) -> None:
    from memory.retrieval import retrieve

    for q in questions[:3]:
        retrieve(patient, q)


def _count(table: str, patient_id: int | None = None) -> int:
    with connection.cursor() as cur:
        if patient_id is None:
            cur.execute(f"SELECT count(*) FROM {table}")
        else:
            cur.execute(f"SELECT count(*) FROM {table} WHERE patient_id = %s", [patient_id])
        return cur.fetchone()[0]


if __name__ == "__main__":
    main()
