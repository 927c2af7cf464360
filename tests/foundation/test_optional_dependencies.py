"""The web app, `ask` and `eval`'s own module load without the eval extra's packages,
and nothing under memory/ or medgraph_web/ imports bench/."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EVAL_ONLY = ("bm25s", "matplotlib")
# Everything a web worker and the CLI load at start, and the eval modules themselves.
MODULES = (
    "medgraph_web.urls",
    "memory.answering",
    "memory.management.commands.ask",
    "memory.management.commands.eval",
    "memory.evaluation.runner",
    "memory.evaluation.systems",
    "memory.evaluation.report",
)
PROBE = f"""
import importlib, os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medgraph_web.settings_test")
import django
django.setup()
for name in {MODULES!r}:
    importlib.import_module(name)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in {EVAL_ONLY!r} + ("bench",))
print(",".join(loaded))
"""


def test_app_and_eval_modules_load_without_eval_packages_or_bench() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip().splitlines()[-1:] in ([], [""])
