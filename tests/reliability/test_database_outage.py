"""A PostgreSQL outage gets a prompt, honest 503 with Retry-After on every route.

The embedded server is really stopped (as tests/reliability/test_faults.py does) and
started again before the test ends, whatever happened, so later tests find it up.
"""

from __future__ import annotations

import time

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from rest_framework.test import APIClient

from medgraph_web import hardening
from medgraph_web.supervision import start_postgres
from memory.actions.imports import ensure_patient
from memory.actions.tokens import do_issue_token
from tests.reliability.test_faults import stop_postgres

pytestmark = pytest.mark.django_db(transaction=True)
BOUND_S = 3.0
PID = "p-outage"
ASK = {"question": "Which blood pressure drug does he take?"}
UPLOAD = {"patient": {"id": PID}, "sessions": [
    {"id": "s-out", "date": "2024-02-02",
     "turns": [{"speaker": "patient", "text": "My ankle is swollen since Friday."}]}]}  # fmt: skip
# (client, method, path, body): pages, HTMX partials, API reads and writes.
REQUESTS = [
    ("web", "get", "/", None),
    ("web", "get", f"/patients/{PID}/", None),
    ("web", "get", f"/patients/{PID}/timeline/", None),
    ("web", "post", f"/patients/{PID}/ask/", ASK),
    ("web", "get", "/safety/", None),
    ("api", "get", "/api/patients/", None),
    ("api", "get", f"/api/patients/{PID}/facts/", None),
    ("api", "post", f"/api/patients/{PID}/ask/", ASK),
    ("api", "post", f"/api/patients/{PID}/sessions/", UPLOAD),
]


@pytest.fixture
def clients(clinician) -> dict:
    patient, _ = ensure_patient(PID, "Outage")
    patient.care_team.add(clinician)
    web = Client(raise_request_exception=False)
    web.force_login(clinician)
    api = APIClient(raise_request_exception=False)
    api.credentials(HTTP_AUTHORIZATION=f"Token {do_issue_token(clinician)[0]}")
    # A running server has loaded its routes and views: load them here too, so the
    # timed requests measure the outage, not this process's first import.
    assert api.get("/api/patients/").status_code == 200
    return {"web": web, "api": api}


def _database_answers() -> bool:
    try:
        connection.close()
        with connection.cursor() as cur:
            cur.execute("SELECT 1")
        return True
    except Exception:
        return False


@pytest.fixture
def outage(clients):
    """PostgreSQL stopped for the test; started again (and answering) afterwards."""
    connection.close()
    stop_postgres()
    try:
        yield clients
    finally:
        start_postgres(settings.VAR_DIR)
        deadline = time.monotonic() + 60
        while not _database_answers() and time.monotonic() < deadline:
            time.sleep(0.5)


def _send(clients: dict, kind: str, method: str, path: str, body: dict | None):
    client = clients[kind]
    extra = {"format": "json"} if kind == "api" and body is not None else {}
    started = time.monotonic()
    response = getattr(client, method)(path, body or {}, **extra)
    return response, time.monotonic() - started


def test_every_request_during_an_outage_is_a_prompt_503_with_retry_after(outage):
    seen = []
    for kind, method, path, body in REQUESTS:
        response, seconds = _send(outage, kind, method, path, body)
        seen.append((path, method, response.status_code, response.get("Retry-After"),
                     seconds < BOUND_S))  # fmt: skip
    assert seen == [(path, method, 503, "5", True) for _, method, path, _ in REQUESTS]


def test_the_api_503_is_in_the_error_shape(outage):
    response, _ = _send(outage, "api", "get", "/api/patients/", None)
    assert response.json()["error"]["code"] == "database_unavailable"


def test_a_page_says_the_database_is_unavailable(outage):
    response, _ = _send(outage, "web", "get", f"/patients/{PID}/", None)
    assert "Database unavailable" in response.content.decode()


def test_the_page_is_in_the_clinicians_language(outage):
    page = outage["web"].get(f"/patients/{PID}/", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert "数据库暂不可用" in page.content.decode()


def test_the_same_requests_answer_normally_once_the_database_is_back(clients):
    """Positive control: with PostgreSQL up, none of these requests is a 503."""
    codes = [_send(clients, *request)[0].status_code for request in REQUESTS]
    assert 503 not in codes and all(code < 500 for code in codes)


def test_connect_timeout_bounds_reaching_the_database():
    assert settings.DATABASES["default"]["OPTIONS"]["connect_timeout"] == 2


def test_statement_timeout_is_set_when_configured(monkeypatch):
    monkeypatch.setenv("MEDGRAPH_DB_STATEMENT_TIMEOUT_S", "30")
    namespace = {"DATABASES": {"default": {"OPTIONS": {}}}}
    hardening._database_timeouts(namespace)
    assert "-c statement_timeout=30000" in namespace["DATABASES"]["default"]["OPTIONS"]["options"]


@pytest.fixture
def frozen(clients):
    """The postmaster stopped with SIGSTOP: connections are accepted by the kernel but
    never answered, what a hung server or a dead network path looks like. Only
    connect_timeout ends the wait. Resumed (SIGCONT) afterwards, whatever happened."""
    import os
    import signal

    pid = int((settings.VAR_DIR / "pgdata" / "postmaster.pid").read_text().split()[0])
    connection.close()
    os.kill(pid, signal.SIGSTOP)
    try:
        yield clients
    finally:
        os.kill(pid, signal.SIGCONT)
        deadline = time.monotonic() + 60
        while not _database_answers() and time.monotonic() < deadline:
            time.sleep(0.5)


# A hung server costs each request the whole connect timeout, and the timeout is one
# setting for every route (the stopped server above is tried on all of them): a page,
# a question, an API read and an API upload stand for the rest.
HUNG_REQUESTS = [REQUESTS[1], REQUESTS[3], REQUESTS[6], REQUESTS[8]]


def test_a_hung_database_is_a_503_within_the_connect_timeout_on_each_kind_of_request(frozen):
    seen = []
    for kind, method, path, body in HUNG_REQUESTS:
        response, seconds = _send(frozen, kind, method, path, body)
        seen.append((path, method, response.status_code, seconds < BOUND_S))
    assert seen == [(path, method, 503, True) for _, method, path, _ in HUNG_REQUESTS]


def test_a_session_authenticated_api_call_is_a_503_within_the_bound(frozen, clinician):
    """The browser's own session on an API route: the session is not retried either."""
    client = Client(raise_request_exception=False)
    client.cookies = frozen["web"].cookies
    started = time.monotonic()
    response = client.get("/api/patients/")
    assert (response.status_code, time.monotonic() - started < BOUND_S) == (503, True)


def test_waiting_for_a_pooled_connection_is_bounded_like_connecting(monkeypatch):
    monkeypatch.setenv("MEDGRAPH_DB_POOL", "4")
    namespace = {"DATABASES": {"default": {"OPTIONS": {}}}}
    hardening._database_timeouts(namespace)
    hardening._database_pool(namespace)
    assert namespace["DATABASES"]["default"]["OPTIONS"]["pool"]["timeout"] == 2
