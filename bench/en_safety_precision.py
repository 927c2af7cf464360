"""English safety-item precision against hand labels, tune vs check (issue 29, item 1).

    .venv/bin/python bench/en_safety_precision.py [--diagnose]

The English development notes state few allergies and operations on the check part,
so its precision is also measured against hand labels: every MTS-Dialog and
ACI-Bench dialogue listed in bench/labels/en_safety/consultations.tsv (those whose
turns hold a safety cue) that a labeller finished, labelled from the raw dialogue in
one labels-only pass (bench/labels/en_safety/README.md). Each dialogue is built as
one session through the real pipeline and scored exactly as the Chinese labels are
(bench/zh_safety_precision.py): precision = listed rows that match a patient label
of the same dialogue / rows listed; recall beside it. Only aggregates are printed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("MEDGRAPH_EMBEDDED_DB", "bench_en_safety")

import zh_safety_precision as scored

from memory.evaluation.sources import aci_visits, mts_rows, parse_dialogue

LABELS = Path(__file__).resolve().parent / "labels" / "en_safety"


def dialogues(wanted: set[str]) -> dict[str, tuple]:
    """id -> (part, turns) of the wanted dialogues: `aci:<encounter>`, `mts:<row id>`."""
    out: dict[str, tuple] = {}
    for visit in aci_visits():
        if f"aci:{visit.encounter_id}" in wanted:
            out[f"aci:{visit.encounter_id}"] = (visit.part, parse_dialogue(visit.dialogue))
    for row in mts_rows():
        if f"mts:{row.row_id}" in wanted:
            out[f"mts:{row.row_id}"] = (row.part, parse_dialogue(row.dialogue))
    return out


if __name__ == "__main__":
    scored.main(LABELS, dialogues, "English safety items")
