"""Settings refuse to start in production without a real SECRET_KEY (run in a subprocess)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _import_settings(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")}
    code = "import medgraph_web.settings"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env={**base, **env}, capture_output=True, text=True
    )


def test_settings_refuse_to_start_without_secret_key_when_debug_is_off():
    out = _import_settings({"DEBUG": "0"})
    assert out.returncode != 0 and "SECRET_KEY is not set and DEBUG is off" in out.stderr


def test_settings_refuse_a_short_secret_key_when_debug_is_off():
    out = _import_settings({"DEBUG": "0", "SECRET_KEY": "short"})
    assert "at least 32 characters" in out.stderr


def test_settings_reject_a_malformed_database_url():
    out = _import_settings({"DEBUG": "1", "DATABASE_URL": "sqlite:///db.sqlite3"})
    assert "DATABASE_URL has scheme 'sqlite'" in out.stderr


def test_llm_url_without_model_is_rejected():
    out = _import_settings({"DEBUG": "1", "LLM_BASE_URL": "http://127.0.0.1:9/v1"})
    assert "LLM_EXTRACTION_MODEL" in out.stderr
