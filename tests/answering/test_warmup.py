"""Workers load the embedder and lexicons at start, not on the first question."""

from __future__ import annotations

from tests.wsgi_probe import subset, wsgi_start_state


def test_importing_the_wsgi_application_loads_embedder_and_lexicons() -> None:
    state = subset(wsgi_start_state(), "embedders", "lexicon", "jieba")
    assert state == {"embedders": ["use-multilingual"], "lexicon": True, "jieba": True}


def test_importing_the_wsgi_application_loads_the_misspelling_tables() -> None:
    # The English word list and the one-edit drug-name index cost ~0.3 s to load;
    # loaded through a probe word that is itself a curated misspelling they never were.
    assert subset(wsgi_start_state(), "misspellings") == {"misspellings": True}


def test_warming_twice_reuses_the_loaded_models() -> None:
    from memory.indexing import current_embedder
    from memory.lexicon._index import get_index
    from memory.pipeline.warmup import warm

    warm()
    loaded = (current_embedder(), get_index())
    warm()
    assert (current_embedder(), get_index()) == loaded
