"""Every fact the rule extractor produces on the whole development corpus, as one file.

    .venv/bin/python bench/rule_snapshot.py --out FILE
    .venv/bin/python bench/rule_snapshot.py --compare A B

A restructure of the extractor (or of anything it imports) is behaviour-neutral
when the snapshot taken before it and the one taken after it are byte-identical
(issue 32, Build item 4). `--out` runs memory.extraction.rules.RuleExtractor
over every dialogue of both parts and both languages:

- MTS-Dialog TrainingSet + ValidationSet (every row),
- ACI-Bench train + valid (every visit),
- CMtMedQA_dev_half.json (every consultation),

read with memory/evaluation/sources.py (the loaders the evaluation and
bench/zh_safety_precision.py use), each dated SESSION_DATE. It needs no
database: the extractor reads only the lexicons.

The file is JSON lines, sorted: one line per dialogue (`"line": "session"`,
its session_subject and fact count) and one per fact (`"line": "fact"`, its
position in the extraction, then every field of ExtractedFact — subject, type,
safety_kind, entity, status, assertion, slots with sorted keys, evidence turn,
content, value, unit, date, causes ...). Keys are written in a fixed order, so
sorting the lines orders them by dialogue and position.

`--compare A B` prints the lines only in A ("- ") and only in B ("+ ") and exits
1 when there is any, 0 when the files hold the same lines.

Commit the tool, never a snapshot: the snapshot holds dataset text.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout

from memory.domain.types import ExtractedFact, Turn  # noqa: E402
from memory.evaluation.sources import (  # noqa: E402
    aci_visits,
    cmt_consultations,
    mts_rows,
    parse_dialogue,
)
from memory.extraction.base import SessionText  # noqa: E402
from memory.extraction.rules import RuleExtractor  # noqa: E402

SESSION_DATE = date(2024, 3, 1)  # one fixed date: relative dates resolve the same every run


def dialogues() -> Iterator[tuple[str, tuple[Turn, ...]]]:
    """(dialogue id, turns) of every development dialogue, both parts and languages.

    Ids name the corpus and part: "mts:tune:t12", "aci:check:D2N070", "cmt:tune:123".
    """
    for row in mts_rows():
        yield f"mts:{row.part}:{row.row_id}", parse_dialogue(row.dialogue)
    for visit in aci_visits():
        yield f"aci:{visit.part}:{visit.encounter_id}", parse_dialogue(visit.dialogue)
    for consult in cmt_consultations():
        yield f"cmt:{consult.part}:{consult.consult_id}", consult.turns


# The fields a reviewer reads first, in this order; the rest follow sorted by name.
_LEADING = ("evidence_turn", "subject", "type", "safety_kind", "entity", "status", "assertion")


def _dump(record: dict[str, object]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"), default=str)


def fact_line(dialogue: str, position: int, fact: ExtractedFact) -> str:
    fields = asdict(fact)
    slots = fields.pop("slots")
    record: dict[str, object] = {"dialogue": dialogue, "line": "fact", "n": f"{position:04d}"}
    record.update((key, fields.pop(key)) for key in _LEADING)
    record["slots"] = json.loads(json.dumps(slots, sort_keys=True, default=str))
    record.update((key, fields[key]) for key in sorted(fields))
    return _dump(record)


def snapshot_lines(extractor: RuleExtractor) -> list[str]:
    lines: list[str] = []
    for dialogue, turns in dialogues():
        extraction = extractor.extract(SessionText(SESSION_DATE, turns)).extraction
        head = {"dialogue": dialogue, "line": "session", "n": "", "facts": len(extraction.facts)}
        head["session_subject"] = extraction.session_subject
        lines.append(_dump(head))
        lines += [fact_line(dialogue, i, f) for i, f in enumerate(extraction.facts)]
    return sorted(lines)


def write_snapshot(out: Path) -> int:
    lines = snapshot_lines(RuleExtractor())
    out.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    dialogues_n = sum(1 for line in lines if '"line":"session"' in line)
    print(f"{out}: {dialogues_n} dialogues, {len(lines) - dialogues_n} facts")
    return 0


def differing_lines(a: list[str], b: list[str]) -> list[str]:
    """'- line' for each line only in a, '+ line' for each only in b (by count)."""
    only_a = Counter(a) - Counter(b)
    only_b = Counter(b) - Counter(a)
    out = [f"- {line}" for line in sorted(only_a.elements())]
    return out + [f"+ {line}" for line in sorted(only_b.elements())]


def compare(a: Path, b: Path) -> int:
    read = [p.read_text(encoding="utf-8").splitlines() for p in (a, b)]
    diff = differing_lines(*read)
    for line in diff:
        print(line)
    print(f"{len(diff)} differing lines ({a} vs {b})", file=sys.stderr)
    return 1 if diff else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--out", type=Path, help="write the snapshot of this checkout to FILE")
    mode.add_argument("--compare", nargs=2, type=Path, metavar=("A", "B"))
    args = parser.parse_args(argv)
    if args.out is not None:
        return write_snapshot(args.out)
    return compare(*args.compare)


if __name__ == "__main__":
    sys.exit(main())
