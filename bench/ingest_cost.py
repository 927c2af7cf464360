"""Ingest cost per session as one patient's history grows (issue #3 item 8).

    .venv/bin/python bench/ingest_cost.py [--sizes 30,3000] [--probes 30]

For each history length (default 30 and 3,000) one patient gets that many
real development dialogues (ACI-Bench visits, MTS-Dialog exchanges, CMtMedQA
consultations; read from ../shared/data; cycled with dates one day apart),
constructed through construct_session (rule extractor, writes, indexing; no
LLM); then the SAME 30 probe sessions are appended and timed one by one. The
probes are identical at every length, so the ratio of their cost is the
growth due to history length alone. Uses its own database
(MEDGRAPH_EMBEDDED_DB, default bench_ingest), which it empties first.
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
    parser.add_argument("--sizes", default="30,3000", help="history lengths before the probes")
    parser.add_argument("--probes", type=int, default=30)
    args = parser.parse_args()
    setup_django()
    from memory.models import Patient

    Patient.objects.all().delete()
    pool = dialogues()
    probes, fillers = pool[: args.probes], pool[args.probes :]
    rows = []
    for size in (int(x) for x in args.sizes.split(",")):
        rows.append(measure(size, probes, fillers))
    report(rows)


def measure(size: int, probes: list, fillers: list) -> dict[str, float]:
    """Construct `size` filler sessions, then time the same probe sessions after them."""
    from memory.actions.imports import store_sessions
    from memory.domain.types import ParsedSession, Turn
    from memory.models import Fact, Session
    from memory.pipeline.construction import construct_session

    start = dt.date(2010, 1, 1)
    turns_of = [fillers[i % len(fillers)] for i in range(size)] + probes
    parsed = [
        ParsedSession(
            external_id=f"s{i:05d}",
            date=start + dt.timedelta(days=i),
            turns=tuple(Turn(j + 1, t["speaker"], t["text"]) for j, t in enumerate(turns)),
            patient_id=f"bench-{size}",
        )
        for i, turns in enumerate(turns_of)
    ]
    stored = store_sessions(parsed).stored
    began = time.perf_counter()
    for session in stored[:size]:
        construct_session(session.pk)
    fill_rate = size / (time.perf_counter() - began)
    total, extract = [], []
    for session in stored[size:]:
        t = time.perf_counter()
        done = construct_session(session.pk)
        total.append((time.perf_counter() - t) * 1000)
        extract.append(done.extract_ms or 0.0)
    patient_id = stored[0].patient_id
    failed = Session.objects.filter(patient_id=patient_id, status="failed").count()
    print(
        f"  history {size}: {fill_rate:.1f} sessions/s while filling; failed {failed}", flush=True
    )
    return {
        "size": size,
        "mean": statistics.mean(total),
        "median": statistics.median(total),
        "extract": statistics.mean(extract),
        "writes": statistics.mean(a - b for a, b in zip(total, extract, strict=True)),
        "rate": fill_rate,
        "facts": Fact.objects.filter(patient_id=patient_id).count(),
    }


def report(rows: list[dict[str, float]]) -> None:
    print("\n| history before probes | probe mean ms/session | median | extraction ms "
          "| writes+index ms | sessions/s filling | facts |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['size']} | {r['mean']:.0f} | {r['median']:.0f} | {r['extract']:.0f} | "
            f"{r['writes']:.0f} | {r['rate']:.1f} | {r['facts']:.0f} |"
        )
    growth = rows[-1]["mean"] / rows[0]["mean"]
    print(f"\ngrowth of per-session cost, {rows[-1]['size']} vs {rows[0]['size']}: "
          f"{growth:.2f}x (target <= 1.5x)")  # fmt: skip


if __name__ == "__main__":
    main()
