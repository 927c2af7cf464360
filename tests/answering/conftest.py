"""Fixtures for answering tests: the fake LLM server, and no LLM unless a test sets one."""

from __future__ import annotations

import pytest
from django.test import override_settings

from tests.fakes.openai_server import fake_openai

__all__ = ["fake_openai"]


@pytest.fixture(autouse=True)
def _no_llm():
    with override_settings(LLM_BASE_URL=None, LLM_READER_MODEL=None):
        yield
