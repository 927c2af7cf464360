"""Measure embedding throughput (sentences/s) on real dialogue sentences.

Usage (from the repository root):
    .venv/bin/python bench/embed_speed.py [--spec use-multilingual] [--n 1000]

Sentences are dialogue turns from the development data in ../shared/data:
half English (MTS-Dialog validation set), half Chinese (CMtMedQA patient
turns), in file order (no sampling, so runs are comparable). Model loading is
timed separately from encoding.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT.parent / "shared" / "data"
sys.path.insert(0, str(ROOT))

from memory.embedding import get_embedder  # noqa: E402


def english_turns(limit: int) -> list[str]:
    out: list[str] = []
    with open(DATA / "mts-dialog" / "MTS-Dialog-ValidationSet.csv", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            for line in row["dialogue"].splitlines():
                _, _, text = line.partition(":")
                if text.strip():
                    out.append(text.strip())
                if len(out) >= limit:
                    return out
    return out


def chinese_turns(limit: int) -> list[str]:
    with open(DATA / "cmtmedqa" / "CMtMedQA_dev_half.json", encoding="utf-8") as fh:
        records = json.load(fh)
    out: list[str] = []
    for record in records:
        for patient_turn, _doctor_turn in record["history"]:
            out.append(patient_turn.strip())
            if len(out) >= limit:
                return out
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="use-multilingual")
    parser.add_argument("--n", type=int, default=1000)
    args = parser.parse_args()
    half = args.n // 2
    corpora = {"en": english_turns(half), "zh": chinese_turns(args.n - half)}
    corpora["mixed"] = corpora["en"] + corpora["zh"]

    start = time.perf_counter()
    embedder = get_embedder(args.spec)
    embedder.embed(["warm-up"])
    print(f"model {embedder.name} dim={embedder.dim} load {time.perf_counter() - start:.2f}s")
    print(f"cpus={os.cpu_count()}")
    for label, sentences in corpora.items():
        chars = sum(map(len, sentences)) / len(sentences)
        start = time.perf_counter()
        embedder.embed(sentences)
        elapsed = time.perf_counter() - start
        print(
            f"{label:6s} n={len(sentences):5d} avg_chars={chars:6.1f} "
            f"{elapsed:6.2f}s  {len(sentences) / elapsed:7.1f} sentences/s"
        )


if __name__ == "__main__":
    main()
