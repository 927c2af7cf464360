"""medgraph eval [--quick] [--histories N] [--scale GRID] [--out reports/]

Runs the longitudinal benchmark (memory/evaluation/README.md) in a SEPARATE
database: a fresh `medgraph_eval` database is created on the configured
server (the embedded one by default), migrated, used, and dropped at the end
(--keep-db keeps it). The dev database `medgraph` is never touched.
--in-place uses the current database as it is (tests, or a DATABASE_URL that
already points at a scratch database).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.db import connection
from tqdm import tqdm

from memory.pipeline.waiting import progress_bar

QUICK_HISTORIES = 6
QUICK_SCALE = "1x30"


class Command(BaseCommand):
    help = "Longitudinal benchmark: MedGraph vs BM25 and embedding baselines, plus scale mode."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--quick", action="store_true", help="6 histories + 1x30 scale")
        parser.add_argument(
            "--histories",
            type=int,
            default=None,
            help="number of histories (default: all 87; 6 with --quick)",
        )
        parser.add_argument(
            "--seed", type=int, default=7, help="history assembly seed (default: 7)"
        )
        parser.add_argument(
            "--scale",
            default=None,
            help="scale grid PATIENTSxSESSIONS such as 1x30,1x300,10x30, or none "
            "(default: 1x30,1x300,10x30; 1x30 with --quick)",
        )
        parser.add_argument(
            "--out",
            type=Path,
            default=Path(settings.BASE_DIR) / "reports",
            help="report directory (default: reports/)",
        )
        parser.add_argument(
            "--database",
            default="medgraph_eval",
            help="scratch database, created and dropped (default: medgraph_eval)",
        )
        parser.add_argument(
            "--keep-db", action="store_true", help="keep the scratch database afterwards"
        )
        parser.add_argument("--in-place", action="store_true", help="use the current database")

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["in_place"]:
            return self._run(opts)
        test = connection.settings_dict.setdefault("TEST", {})
        test["NAME"] = opts["database"]
        old_name = connection.creation.create_test_db(
            verbosity=0, autoclobber=True, serialize=False
        )
        try:
            self._run(opts)
        finally:
            if not opts["keep_db"]:
                connection.creation.destroy_test_db(old_name, verbosity=0)

    def _run(self, opts: dict[str, Any]) -> None:
        from memory.evaluation.histories import build_histories
        from memory.evaluation.report import answers_table, parts_table, write
        from memory.evaluation.runner import run_benchmark
        from memory.evaluation.scale import parse_grid, run_scale
        from memory.extraction import get_extractor
        from memory.indexing import current_embedder

        started = time.perf_counter()
        n = opts["histories"] or (QUICK_HISTORIES if opts["quick"] else None)
        scale = opts["scale"] or (QUICK_SCALE if opts["quick"] else "1x30,1x300,10x30")
        histories = build_histories(n, seed=opts["seed"])
        bar = progress_bar(len(histories), "histories", unit="history")
        log = _progress_log(self.stdout.write, bar)
        results: dict[str, Any] = {
            "mode": "quick" if opts["quick"] else "full",
            "command": _command_line(opts),
            "seed": opts["seed"],
            "extractor": getattr(get_extractor(), "name", "?"),
            "embedder": current_embedder().name,
            "database": connection.settings_dict["NAME"],
            "benchmark": run_benchmark(histories, log=log),
        }
        if scale != "none":
            results["scale"] = run_scale(parse_grid(scale), histories, log=log)
        bar.close()
        results["wall_s"] = time.perf_counter() - started
        answers = results["benchmark"].get("answers")
        for line in parts_table(results["benchmark"]) + answers_table(answers):
            log(line)
        for path in write(results, opts["out"]):
            log(f"wrote {path}")
        log(f"done in {results['wall_s']:.0f} s")


def _progress_log(write: Callable[[str], None], bar: tqdm) -> Callable[[str], None]:
    """On a terminal, per-history lines advance the bar; elsewhere they are printed."""

    def log(line: str) -> None:
        if bar.disable:
            write(line)
        elif line.startswith("["):
            bar.set_postfix_str(line.split("] ", 1)[-1][:60])
            bar.update(1)
        else:
            bar.write(line)

    return log


def _command_line(opts: dict[str, Any]) -> str:
    parts = ["medgraph eval"]
    if opts["quick"]:
        parts.append("--quick")
    for key in ("histories", "scale"):
        if opts[key]:
            parts.append(f"--{key} {opts[key]}")
    if opts["seed"] != 7:
        parts.append(f"--seed {opts['seed']}")
    return " ".join(parts)
