"""Running the `medgraph` command of this checkout in a subprocess, as a user would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Variables a developer's shell or the test settings may carry; each test states its own.
_SCRUBBED = ("SECRET_KEY", "DEBUG", "DJANGO_SETTINGS_MODULE", "MEDGRAPH_CLI", "DATABASE_URL")


def medgraph(
    *args: str, env: dict[str, str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in _SCRUBBED}
    return subprocess.run(
        [sys.executable, "-m", "medgraph_web.cli", *args],
        cwd=ROOT,
        env={**base, **(env or {})},
        capture_output=True,
        text=True,
        timeout=timeout,
    )
