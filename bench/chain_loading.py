"""Profile chain loading on the ask bench's 300-session patient.

    MEDGRAPH_EMBEDDED_DB=bench_ask .venv/bin/python bench/chain_loading.py [--repeats 20]

Run bench/ask_latency.py first (it builds the patient). Times, with their
query counts, the three reads an ask makes on the patient's chains: the
profile's medication/diagnosis anchors, the whole profile, and the
medication-safety conflicts. Median and p95 over `--repeats` calls.
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout, not the installed one
os.environ.setdefault("MEDGRAPH_EMBEDDED_DB", "bench_ask")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medgraph_web.settings")
os.environ.setdefault("SECRET_KEY", "bench-only-" + "x" * 40)

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from memory.models import Patient, Person, Session  # noqa: E402
from memory.queries.conflicts import conflicts_for  # noqa: E402
from memory.reading.profile import _chain_records, profile_data  # noqa: E402

BASE = "bench-p0"


def _time(call: Callable[[], object], repeats: int) -> dict[str, float]:
    call()  # warm the connection and the lexicons
    with CaptureQueriesContext(connection) as queries:
        call()
    runs = []
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        runs.append((time.perf_counter() - started) * 1000)
    runs.sort()
    return {
        "queries": len(queries),
        "p50_ms": round(statistics.median(runs), 1),
        "p95_ms": round(runs[min(len(runs) - 1, int(0.95 * len(runs)))], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    patient = Patient.objects.get(external_id=BASE)
    person = Person.objects.get(patient=patient, key="patient")
    result = {
        "sessions_of_patient": Session.objects.filter(patient=patient).count(),
        "profile_chain_anchors": _time(lambda: _chain_records(person.pk, None), args.repeats),
        "profile_whole": _time(lambda: profile_data(patient), args.repeats),
        "conflicts": _time(lambda: conflicts_for(patient), args.repeats),
    }
    print(json.dumps(result, indent=2), flush=True)


if __name__ == "__main__":
    main()
