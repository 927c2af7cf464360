"""Property tests run through the real pipeline; extraction replies come from the fake LLM."""

from __future__ import annotations

import pytest

from tests.fakes.openai_server import FakeOpenAIServer, fake_openai

__all__ = ["fake_openai"]


@pytest.fixture
def llm(settings, fake_openai: FakeOpenAIServer) -> FakeOpenAIServer:
    settings.LLM_BASE_URL = fake_openai.base_url
    settings.LLM_API_KEY = "k"
    settings.LLM_EXTRACTION_MODEL = "fake-extractor"
    settings.LLM_READER_MODEL = None  # the extractive reader answers
    settings.LLM_MAX_ATTEMPTS = 2
    settings.LLM_TIMEOUT_S = 5.0
    return fake_openai
