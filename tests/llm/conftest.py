"""Fixtures for the LLM boundary tests: a real fake OpenAI server and configs for it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from memory.llm.client import LLMConfig
from tests.fakes.openai_server import FakeOpenAIServer, SleepLog, fake_openai

__all__ = ["fake_openai"]

MODEL = "fake-extractor-1"
API_KEY = "test-key-123"


@pytest.fixture
def sleeps() -> SleepLog:
    return SleepLog()


@pytest.fixture
def make_config(fake_openai: FakeOpenAIServer) -> Callable[..., LLMConfig]:
    """An LLMConfig pointing at the fake server; keyword overrides per test."""

    def build(**overrides: Any) -> LLMConfig:
        base = LLMConfig(
            base_url=fake_openai.base_url,
            api_key=API_KEY,
            model=MODEL,
            timeout_s=5.0,
            max_attempts=3,
            backoff_s=0.5,
        )
        return replace(base, **overrides)

    return build
