"""The LLM reader: one call, configured temperature, prompt v2 explaining every mark,
uncited claims flagged. Through the fake OpenAI-compatible server only."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from django.test import override_settings

from memory.answering import answer
from memory.models import AuditEvent
from tests.retrieval.graph import GraphBuilder, fact

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
MARKS = ("NEGATIVE finding", "NOT in force", "ENTERED IN ERROR", "REFUTED by clinician",
         "planned", "superseded")  # fmt: skip


@pytest.fixture
def patient(db):
    graph = GraphBuilder("p-llm")
    graph.session(date(2024, 1, 8), [
        fact("medication_status", "valsartan", "Valsartan 80 mg daily.", status="active"),
        fact("safety", "penicillin", "Penicillin allergy: hives.", safety_kind="allergy", turn=2),
    ])  # fmt: skip
    return graph.patient


def _llm(server, **extra):
    return override_settings(LLM_BASE_URL=server.base_url, LLM_READER_MODEL="fake-reader",
                             LLM_MAX_ATTEMPTS=1, **extra)  # fmt: skip


def test_reader_sends_the_default_temperature_of_the_paper(patient, fake_openai) -> None:
    fake_openai.reply("Valsartan 80 mg daily [E1].")
    with _llm(fake_openai):
        answer(patient, "Valsartan dose?")
    assert fake_openai.requests[0].body["temperature"] == 0.3


def test_reader_temperature_comes_from_configuration(patient, fake_openai) -> None:
    fake_openai.reply("Valsartan 80 mg daily [E1].")
    with _llm(fake_openai, LLM_READER_TEMPERATURE=0.0):
        answer(patient, "Valsartan dose?")
    assert (fake_openai.calls, fake_openai.requests[0].body["temperature"]) == (1, 0.0)


@pytest.mark.parametrize("mark", MARKS)
def test_prompt_explains_every_mark(patient, fake_openai, mark) -> None:
    fake_openai.reply("Valsartan 80 mg daily [E1].")
    with _llm(fake_openai):
        result = answer(patient, "Valsartan dose?")
    assert result.prompt_version == "answer/v3.en" and f'"{mark}' in fake_openai.requests[0].prompt


def test_uncited_claim_is_flagged_under_the_answer_and_audited(patient, fake_openai) -> None:
    fake_openai.reply("Valsartan 80 mg daily [E1]. He also takes aspirin every day.")
    with _llm(fake_openai):
        result = answer(patient, "Valsartan dose?")
    assert result.text.splitlines()[1:] == [
        "UNCITED (no evidence line given; verify):",
        "- He also takes aspirin every day.",
    ]
    event = AuditEvent.objects.get(action="patient.ask")
    assert event.after["uncited_claims"] == ["He also takes aspirin every day."]


def test_fully_cited_answer_is_returned_unchanged(patient, fake_openai) -> None:
    fake_openai.reply("Valsartan 80 mg daily [E1]; penicillin allergy [profile].")
    with _llm(fake_openai):
        result = answer(patient, "Valsartan dose?")
    assert result.text == "Valsartan 80 mg daily [E1]; penicillin allergy [profile]."


def test_a_temperature_that_is_not_a_number_stops_the_settings() -> None:
    env = {**os.environ, "LLM_READER_TEMPERATURE": "warm", "DEBUG": "1"}
    code = "import medgraph_web.settings"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    assert done.returncode != 0 and "LLM_READER_TEMPERATURE='warm' is not a number" in done.stderr


def test_a_temperature_out_of_range_stops_the_settings() -> None:
    env = {**os.environ, "LLM_READER_TEMPERATURE": "5", "DEBUG": "1"}
    done = subprocess.run([sys.executable, "-c", "import medgraph_web.settings"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode != 0 and "expected a number from 0 to 2" in done.stderr
