"""Workers load the embedder and lexicons at start, not on the first question."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Run in a fresh interpreter: importing the WSGI module is what a web worker does at start.
_PROBE = """
import json, medgraph_web.wsgi
from memory import embedding
from memory.lexicon import _index, _jieba
print(json.dumps({"embedders": sorted(embedding._CACHE), "lexicon": _index._index is not None,
                  "jieba": _jieba._tokenizer is not None}))
"""


def test_importing_the_wsgi_application_loads_embedder_and_lexicons() -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "medgraph_web.settings_test"}
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=300, check=True,
    )  # fmt: skip
    state = json.loads(done.stdout.strip().splitlines()[-1])
    assert state == {"embedders": ["use-multilingual"], "lexicon": True, "jieba": True}


def test_warming_twice_reuses_the_loaded_models() -> None:
    from memory.indexing import current_embedder
    from memory.lexicon._index import get_index
    from memory.warmup import warm

    warm()
    loaded = (current_embedder(), get_index())
    warm()
    assert (current_embedder(), get_index()) == loaded
