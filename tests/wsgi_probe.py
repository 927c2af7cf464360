"""What a fresh web worker has loaded once it imported the WSGI module, probed once per
test run in a separate interpreter (importing wsgi is what a gunicorn worker does at start)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

_PROBE = """
import json, sys, medgraph_web.wsgi
from django.template import engines
from memory import embedding
from memory.lexicon import _fuzzy, _index, _jieba, _match
loader = engines["django"].engine.template_loaders[0]
print(json.dumps({
    "embedders": sorted(embedding._CACHE),
    "lexicon": _index._index is not None,
    "jieba": _jieba._tokenizer is not None,
    "misspellings": _fuzzy._english is not None and bool(_match._FUZZY),
    "views": "memory.api.views.answers" in sys.modules and "memory.web.ask" in sys.modules,
    "schema_views": "drf_spectacular.views" in sys.modules,
    "templates": sorted(k for k in loader.get_template_cache if k.startswith("memory/ask")),
}))
"""


@cache
def wsgi_start_state() -> dict[str, Any]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "medgraph_web.settings_test"}
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=300, check=True,
    )  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


def subset(state: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: state[k] for k in keys}
