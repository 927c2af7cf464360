"""Construction through the real pipeline; extraction replies come from the fake LLM server."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from memory.actions.imports import store_sessions
from memory.importing import parse_text
from memory.models import Session
from memory.pipeline.construction import construct_pending
from tests.fakes.openai_server import FakeOpenAIServer, fake_openai

__all__ = ["fake_openai"]


@pytest.fixture
def llm(settings, fake_openai: FakeOpenAIServer) -> FakeOpenAIServer:
    """Configure the LLM extractor against the fake OpenAI-compatible server."""
    settings.LLM_BASE_URL = fake_openai.base_url
    settings.LLM_API_KEY = "k"
    settings.LLM_EXTRACTION_MODEL = "fake-extractor"
    settings.LLM_MAX_ATTEMPTS = 2
    settings.LLM_TIMEOUT_S = 5.0
    return fake_openai


def fact(**kw: Any) -> dict[str, Any]:
    base = {
        "type": "medication_status", "subject": "patient", "entity": None, "content": "",
        "value": None, "unit": None, "status": None, "date": None, "is_state_change": False,
        "replaces": None, "safety_kind": None, "causes": [], "evidence_turn": 1, "confidence": 0.9,
        "assertion": "present",
    }  # fmt: skip
    return {**base, **kw}


def reply(*facts: dict[str, Any], subject: str = "patient") -> str:
    return json.dumps({"session_subject": subject, "facts": list(facts)}, ensure_ascii=False)


@pytest.fixture
def add_session() -> Callable[..., Session]:
    """Store a dated two-turn session for patient p1 (not yet constructed)."""
    counter = {"n": 0}

    def add(date: str, text: str = "Patient: I take my medicine.", patient: str = "p1") -> Session:
        counter["n"] += 1
        transcript = f"Date: {date}\n{text}\nDoctor: Noted.\n"
        parsed = parse_text(transcript, f"s{counter['n']}.txt", patient_id=patient)
        return store_sessions(parsed).stored[0]

    return add


def construct(session: Session) -> Session:
    construct_pending(session.pk)
    return Session.objects.get(pk=session.pk)
