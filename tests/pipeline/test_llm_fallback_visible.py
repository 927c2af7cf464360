"""A configured LLM that keeps failing is visible to operators (issue 35 item 3): a wrong
API key builds every session by rules, and `import --wait`, `sessions --status
fallback`, /healthz and /metrics all say so."""

from __future__ import annotations

import importlib
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from memory.queries.llm_health import DEGRADED_AFTER, llm_state

from .conftest import construct, reply

pytestmark = pytest.mark.django_db
EXIT_FALLBACK = importlib.import_module("memory.management.commands.import").EXIT_FALLBACK

TRANSCRIPT = "Date: 2024-0{n}-10\nPatient: I am allergic to penicillin.\nDoctor: Noted.\n"


def _wrong_key(llm, sessions: int = 1) -> None:
    for _ in range(sessions):  # a 401 is not retried: one request per session
        llm.error(401, "Incorrect API key provided")


def _import(tmp_path: Path, n: int) -> StringIO:
    path = tmp_path / f"s{n}.txt"
    path.write_text(TRANSCRIPT.format(n=n))
    out = StringIO()
    call_command("import", str(path), "--patient", "p1", "--wait", stdout=out)
    return out


def test_import_wait_exits_with_the_fallback_status(llm, tmp_path) -> None:
    _wrong_key(llm)
    with pytest.raises(CommandError) as caught:
        _import(tmp_path, 1)
    assert caught.value.returncode == EXIT_FALLBACK == 3


def test_import_wait_names_the_fallback_and_its_cause(llm, tmp_path) -> None:
    _wrong_key(llm)
    out = StringIO()
    path = tmp_path / "s.txt"
    path.write_text(TRANSCRIPT.format(n=1))
    with pytest.raises(CommandError):
        call_command("import", str(path), "--patient", "p1", "--wait", stdout=out)
    assert "FALLBACK p1/" in out.getvalue() and "LLM_API_KEY" in out.getvalue()


def test_import_wait_succeeds_when_the_llm_built_the_session(llm, tmp_path) -> None:
    llm.reply(reply())
    out = _import(tmp_path, 1)
    assert "constructed 1 session(s)" in out.getvalue() and "FALLBACK" not in out.getvalue()


def test_sessions_lists_the_fallbacks(llm, add_session) -> None:
    _wrong_key(llm)
    construct(add_session("2024-01-10"))
    llm.reply(reply())
    construct(add_session("2024-02-10"))
    out = StringIO()
    call_command("sessions", "--status", "fallback", stdout=out)
    listed = [line for line in out.getvalue().splitlines() if line.startswith("p1/")]
    assert len(listed) == 1 and "rules after llm failure" in listed[0]


def test_healthz_says_degraded_after_consecutive_fallbacks(llm, add_session, client) -> None:
    for n in range(DEGRADED_AFTER):
        _wrong_key(llm)
        construct(add_session(f"2024-0{n + 1}-10"))
    body = client.get("/healthz").json()
    assert body["llm"].startswith("degraded") and "auth" in body["llm"]


def test_one_success_ends_the_degraded_state(llm, add_session) -> None:
    for n in range(DEGRADED_AFTER):
        _wrong_key(llm)
        construct(add_session(f"2024-0{n + 1}-10"))
    llm.reply(reply())
    construct(add_session("2024-09-10"))
    assert llm_state() == "ok"


def test_metrics_count_fallbacks_by_kind_and_requests(llm, add_session, client, settings) -> None:
    settings.METRICS_TOKEN = "scrape-" + "t" * 30
    _wrong_key(llm)
    construct(add_session("2024-01-10"))
    text = client.get(
        "/metrics", HTTP_AUTHORIZATION=f"Bearer {settings.METRICS_TOKEN}"
    ).content.decode()
    assert 'medgraph_llm_fallback_sessions{kind="auth"} 1.0' in text
    assert "medgraph_llm_requests 1.0" in text
