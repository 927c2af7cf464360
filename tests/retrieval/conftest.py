"""Fixtures for retrieval/profile/answering tests."""

from __future__ import annotations

import pytest
from django.test import override_settings

from tests.fakes.openai_server import fake_openai
from tests.retrieval.graph import GraphBuilder

__all__ = ["fake_openai"]


@pytest.fixture
def graph(db: None) -> GraphBuilder:
    return GraphBuilder()


@pytest.fixture(autouse=True)
def _no_llm():
    """The extractive reader unless a test configures the fake LLM itself."""
    with override_settings(LLM_BASE_URL=None, LLM_READER_MODEL=None):
        yield
