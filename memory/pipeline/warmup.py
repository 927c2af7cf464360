"""Load the embedder and the lexicons when a worker starts, not on its first request.

The first question in a cold web worker used to pay for loading the sentence
encoder, the bilingual lexicon, the drug-name table, jieba's dictionary and the rule extractor's
DrugBank/MeSH name tables. `warm()` loads them all once per process; it touches no
database, so it is safe before a fork (gunicorn --preload) and in a Celery
worker process before any task. Called from medgraph_web.wsgi (every web
worker, runserver included), from Celery's worker_init signal in the worker's
main process before its pool forks (medgraph_web.celery) and from a gunicorn
post_fork hook where one is configured.

A web worker's first request also paid for importing every view through the
URLconf (DRF, the OpenAPI schema views: ~0.8 s CPU) and compiling templates:
`warm_web()` does both, still without a database. `warm_database()` opens the
worker's database connection (or pool) and registers the pgvector adapter; it
runs in the worker after the fork (gunicorn's post_worker_init hook), never in
a process that forks afterwards, which would share the socket.
"""

from __future__ import annotations

import gc
import logging
import time
from pathlib import Path

logger = logging.getLogger(__name__)

# One English and one Chinese question exercise every lazy loader on the ask path.
_PROBES = ("Can I give amoxicillin for his cough?", "缬沙坦现在吃多少？患者有药物过敏吗？")


def warm() -> float:
    """Load every lazily loaded model and table; returns the milliseconds it took.

    A failure is logged, never raised: a worker that cannot load the embedder
    still serves the pages that do not need it, and the first question then
    reports the real error.
    """
    started = time.perf_counter()
    try:
        _load_all()
        _settle()
    except Exception:
        logger.exception("warm-up failed; models will load on first use")
    elapsed = (time.perf_counter() - started) * 1000
    logger.info("warm-up done in %.0f ms", elapsed)
    return elapsed


def warm_extraction() -> None:
    """Load only what the rule extractor reads (lexicon, name tables), then settle.
    For processes that extract but never answer (benchmarks, batch imports)."""
    _load_lexicons()
    _settle()


def _settle() -> None:
    """The loaded tables live as long as the process: moving them out of the
    collector's generations stops every full collection from walking a few
    hundred thousand never-freed objects (about a tenth of extraction time)."""
    gc.collect()
    gc.freeze()


def warm_web() -> float:
    """Import every view through the URLconf and compile the project's templates."""
    started = time.perf_counter()
    try:
        _load_web()
    except Exception:
        logger.exception("web warm-up failed; views and templates will load on first use")
    return (time.perf_counter() - started) * 1000


def warm_database() -> float:
    """Open this process's database connection and register the vector adapter."""
    started = time.perf_counter()
    try:
        from django.db import connection

        from memory.indexing import vector_cursor

        with vector_cursor() as cur:
            cur.execute("SELECT 1")
        connection.close()  # back to the pool (or closed): requests open their own
    except Exception:
        logger.exception("database warm-up failed; the first request will connect")
    return (time.perf_counter() - started) * 1000


def _load_web() -> None:
    from django.conf import settings
    from django.template.loader import get_template
    from django.urls import get_resolver

    get_resolver().url_patterns  # noqa: B018  (imports every view module)
    for root in settings.TEMPLATES[0]["DIRS"]:
        for path in sorted(Path(root).rglob("*.html")):
            get_template(path.relative_to(root).as_posix())


def _load_all() -> None:
    from memory.answering.intents import classify
    from memory.indexing import current_embedder
    from memory.search.text import bm25_tokens

    embedder = current_embedder()
    embedder.embed(list(_PROBES))
    _load_lexicons()
    for probe in _PROBES:
        classify(probe)
        bm25_tokens(probe)


def _load_lexicons() -> None:
    from memory import lexicon
    from memory.extraction.rules import packaged
    from memory.lexicon.classes import ancestry

    for probe in _PROBES:
        lexicon.find_mentions(probe)
    lexicon.lookup("amoxicillin")
    lexicon.lookup("zz-not-a-drug")  # loads the drug-name fallback table
    # Explicitly, not through a probe word: a probe that is a curated misspelling
    # ("metforman") never reaches the one-edit index, and every worker's first
    # question with a long unknown word then paid ~0.3 s to load it.
    lexicon.load_misspellings()
    ancestry("amoxicillin")
    lexicon.segment_zh(_PROBES[1])
    packaged.warm()  # DrugBank/MeSH name tables of the rule extractor
