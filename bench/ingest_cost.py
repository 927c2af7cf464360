"""Ingest cost per session as one patient's history grows (issue #3 item 8).

    MEDGRAPH_EMBEDDED_DB=bench_ingest .venv/bin/python bench/ingest_cost.py --sessions 3000

Builds one patient's history by cycling real development dialogues (ACI-Bench
visits, MTS-Dialog exchanges, CMtMedQA consultations; read from ../shared/data)
with dates one day apart, constructs every session through construct_session
(rule extractor, writes, indexing; no LLM) and prints per-session cost for the
first and last windows of the history, so growth with history length shows.
Uses its own database (MEDGRAPH_EMBEDDED_DB), which it empties first.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import os
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
TAG = re.compile(r"^\[(doctor|patient)\]\s*(.*)$")
MTS = re.compile(r"^(Doctor|Patient|Guest_family|Guest_clinician)[^:]*:\s*(.*)$")
MTS_SPEAKER = {"Doctor": "doctor", "Patient": "patient", "Guest_family": "relative"}


def dialogues() -> list[list[dict[str, str]]]:
    """Real dialogues as turn lists, interleaving the three sources."""
    aci, mts, cmt = [], [], []
    with open(DATA / "aci-bench" / "train.csv", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            turns = [
                {"speaker": m.group(1), "text": m.group(2).strip()}
                for line in row["dialogue"].splitlines()
                if (m := TAG.match(line.strip())) and m.group(2).strip()
            ]
            aci.append(turns)
    with open(DATA / "mts-dialog" / "MTS-Dialog-TrainingSet.csv", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            turns = []
            for line in row["dialogue"].splitlines():
                m = MTS.match(line.strip())
                if m and m.group(2).strip():
                    speaker = MTS_SPEAKER.get(m.group(1), "doctor")
                    turns.append({"speaker": speaker, "text": m.group(2).strip()})
            if turns:
                mts.append(turns)
    for rec in json.loads((DATA / "cmtmedqa" / "CMtMedQA_dev_half.json").read_text("utf-8")):
        turns = []
        for patient, doctor in rec["history"]:
            turns += [
                {"speaker": "patient", "text": patient},
                {"speaker": "doctor", "text": doctor},
            ]
        turns += [
            {"speaker": "patient", "text": rec["instruction"]},
            {"speaker": "doctor", "text": rec["output"]},
        ]
        cmt.append([t for t in turns if t["text"].strip()])
    mixed = []
    for i in range(max(len(aci), len(mts), len(cmt))):
        for source in (aci, mts, mts, cmt):
            if i < len(source):
                mixed.append(source[i])
    return mixed


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medgraph_web.settings")
    os.environ.setdefault("DEBUG", "1")
    os.environ.setdefault("MEDGRAPH_EMBEDDED_DB", "bench_ingest")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sessions", type=int, default=3000)
    parser.add_argument("--window", type=int, default=30)
    args = parser.parse_args()
    setup_django()
    from memory.construction import construct_session
    from memory.domain.types import ParsedSession, Turn
    from memory.ingest import store_sessions
    from memory.models import Fact, Patient, Session

    Patient.objects.all().delete()
    pool = dialogues()
    start = dt.date(2017, 1, 1)
    parsed = [
        ParsedSession(
            external_id=f"s{i:05d}",
            date=start + dt.timedelta(days=i),
            turns=tuple(
                Turn(j + 1, t["speaker"], t["text"]) for j, t in enumerate(pool[i % len(pool)])
            ),
            patient_id="bench-1",
        )
        for i in range(args.sessions)
    ]
    store_sessions(parsed, queue=False)
    ids = list(Session.objects.order_by("seq").values_list("pk", flat=True))
    construct_session(ids[0])  # loads models once; not counted
    total, extract = [], []
    began = time.perf_counter()
    for sid in ids[1:]:
        t = time.perf_counter()
        s = construct_session(sid)
        total.append((time.perf_counter() - t) * 1000)
        extract.append(s.extract_ms or 0.0)
        if len(total) % 250 == 0:
            print(f"  {len(total)} sessions, {time.perf_counter() - began:.0f}s", flush=True)
    report(total, extract, args.window, Fact.objects.count(), time.perf_counter() - began)


def report(total: list[float], extract: list[float], w: int, facts: int, seconds: float) -> None:
    def line(name: str, xs: list[float], ys: list[float]) -> str:
        writes = [a - b for a, b in zip(xs, ys, strict=True)]
        return (
            f"| {name} | {statistics.mean(xs):.0f} | {statistics.median(xs):.0f} | "
            f"{statistics.mean(ys):.0f} | {statistics.mean(writes):.0f} |"
        )

    first, last = total[:w], total[-w:]
    rate = len(total) / seconds
    print(f"\n{len(total) + 1} sessions, {facts} facts, {rate:.1f} sessions/s per worker")
    print("| window | mean ms/session | median | extraction ms | writes+index ms |")
    print("|---|---|---|---|---|")
    print(line(f"first {w}", first, extract[:w]))
    print(line(f"last {w}", last, extract[-w:]))
    print(line("all", total, extract))
    growth = statistics.mean(last) / statistics.mean(first)
    print(f"\ngrowth last/first window: {growth:.2f}x (target <= 1.5x)")


if __name__ == "__main__":
    main()
