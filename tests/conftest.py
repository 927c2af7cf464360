"""Shared fixtures. Tests run against the real embedded PostgreSQL (pgvector) and Redis."""

from __future__ import annotations

import importlib.util

import pytest


def _has_st_extra() -> bool:
    return importlib.util.find_spec("sentence_transformers") is not None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked `st` need the optional [st] extra. Where it is not installed (`make
    test` no longer installs torch) they are deselected, and the summary says how many
    and how to run them, rather than failing on a missing optional dependency."""
    if _has_st_extra():
        return
    needs_st = [item for item in items if item.get_closest_marker("st")]
    if not needs_st:
        return
    config.hook.pytest_deselected(items=needs_st)
    items[:] = [item for item in items if not item.get_closest_marker("st")]
    config.stash[_ST_DESELECTED] = len(needs_st)


_ST_DESELECTED = pytest.StashKey[int]()


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    count = config.stash.get(_ST_DESELECTED, 0)
    if count:
        terminalreporter.write_line(
            f"{count} tests need the [st] extra (not installed here): run `make test-st`"
        )


@pytest.fixture
def clinician(django_user_model):
    return django_user_model.objects.create_user(username="dr_li", password="pw-for-tests-1")


@pytest.fixture
def outsider(django_user_model):
    return django_user_model.objects.create_user(username="dr_out", password="pw-for-tests-2")
