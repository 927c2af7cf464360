"""CLI start-up: wall time of commands that answer no question, in fresh processes.

    .venv/bin/python bench/cli_startup.py [--runs 10]

Runs `medgraph sessions` (and `medgraph --version`) the way a user does, each in a
new process on this checkout's embedded database, after one warm-up run (the first
use migrates the database), and prints the median and the slowest run beside the
target (issue 33 item 9: `medgraph sessions` under 0.5 s).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = (
    "import sys; sys.path.insert(0, {root!r}); from medgraph_web.cli import main; main({args!r})"
)
COMMANDS = (("sessions",), ("--version",))
TARGET_S = {"sessions": 0.5}


def wall(args: tuple[str, ...]) -> float:
    code = PROBE.format(root=str(ROOT), args=list(args))
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    runs = parser.parse_args().runs
    print(f"{'command':18} {'median s':>9} {'slowest s':>10} {'target s':>9}")
    for args in COMMANDS:
        wall(args)  # first use: the embedded database starts and is migrated
        times = [wall(args) for _ in range(runs)]
        target = TARGET_S.get(args[0])
        print(
            f"{'medgraph ' + ' '.join(args):18} {statistics.median(times):9.2f} "
            f"{max(times):10.2f} {f'< {target}' if target else '':>9}"
        )


if __name__ == "__main__":
    main()
