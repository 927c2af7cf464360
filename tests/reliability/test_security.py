"""Security controls: deploy checks, rate limits, lockout, idle logoff, CSP, access audit."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session as WebSession
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from memory.models import AuditEvent

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def test_check_deploy_is_clean_with_production_settings():
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MEDGRAPH_", "SECURE_"))}
    env.update(DJANGO_SETTINGS_MODULE="medgraph_web.settings", DEBUG="0",
               SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="medgraph.example.org",
               MEDGRAPH_VAR_DIR=str(settings.VAR_DIR))  # fmt: skip
    for name in ("SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE"):
        env.pop(name, None)
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_api_rate_limit_answers_429_in_the_error_shape(api_raw, graph, settings):
    settings.API_THROTTLE_USER = "3/min"
    cache.clear()
    codes = [api_raw.get("/api/patients/").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    assert api_raw.get("/api/patients/").json()["error"]["code"] == "throttled"
    cache.clear()


def test_anonymous_rate_limit(settings):
    settings.API_THROTTLE_ANON = "2/min"
    cache.clear()
    client = Client()
    codes = [client.post("/api/auth/token/", {"username": "x", "password": "y"}).status_code
             for _ in range(3)]  # fmt: skip
    assert codes[-1] == 429
    cache.clear()


def test_repeated_failed_logins_lock_the_account_and_are_audited(clinician):
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post("/accounts/login/", {"username": "dr_li", "password": "wrong"})
    client.post("/accounts/login/", {"username": "dr_li", "password": "pw-for-tests-1"})
    assert "_auth_user_id" not in client.session
    failed = AuditEvent.objects.filter(action="auth.login_failed")
    assert failed.count() >= settings.AXES_FAILURE_LIMIT
    assert failed.first().after["username"] == "dr_li"


def test_login_and_logout_are_audited_and_the_session_expires_when_idle(clinician):
    client = Client()
    client.post("/accounts/login/", {"username": "dr_li", "password": "pw-for-tests-1"})
    assert AuditEvent.objects.filter(action="auth.login", actor=clinician).exists()
    client.get("/")
    stored = WebSession.objects.get(session_key=client.session.session_key)
    idle = stored.expire_date - timezone.now()
    assert timedelta(minutes=29) < idle <= timedelta(minutes=30)
    client.post("/accounts/logout/")
    assert AuditEvent.objects.filter(action="auth.logout", actor=clinician).exists()


def test_refused_patient_page_is_audited_with_the_user(outsider, graph):
    client = Client()
    client.force_login(outsider)
    assert client.get(f"/patients/{graph.external_id}/").status_code == 403
    event = AuditEvent.objects.get(action="access.denied", actor=outsider)
    assert event.after["path"] == f"/patients/{graph.external_id}/"


def test_pages_carry_a_csp_without_inline_script(web):
    policy = web.get("/")["Content-Security-Policy"]
    script = re.search(r"script-src ([^;]*)", policy)[1]
    assert script.strip() == "'self'" and "frame-ancestors 'none'" in policy


def test_no_template_has_an_inline_script():
    inline = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
    offenders = [
        p.name for p in (ROOT / "templates").rglob("*.html") if inline.search(p.read_text())
    ]
    assert offenders == []


def test_admin_is_for_superusers_and_its_views_are_audited(django_user_model, graph):
    staff = django_user_model.objects.create_user("staff1", password="pw-staff-1", is_staff=True)
    client = Client()
    client.force_login(staff)
    assert client.get("/admin/memory/fact/").status_code == 302  # to the admin login
    root = django_user_model.objects.create_superuser("root1", password="pw-root-1")
    client.force_login(root)
    assert client.get("/admin/memory/fact/").status_code == 200
    event = AuditEvent.objects.get(action="admin.view", actor=root)
    assert event.after["model"] == "Fact"


def test_api_tokens_are_stored_hashed_and_expire(clinician, graph):
    from memory.models import ApiToken

    graph.care_team.add(clinician)
    client = Client()
    body = client.post(
        "/api/auth/token/", {"username": "dr_li", "password": "pw-for-tests-1"}
    ).json()
    stored = ApiToken.objects.get(user=clinician)
    assert body["token"] not in (stored.digest, stored.prefix) and len(stored.digest) == 64
    auth = {"HTTP_AUTHORIZATION": f"Token {body['token']}"}
    assert client.get("/api/patients/", **auth).status_code == 200
    ApiToken.objects.filter(pk=stored.pk).update(expires_at=timezone.now())
    refused = client.get("/api/patients/", **auth)
    assert (refused.status_code, refused.json()["error"]["message"]) == (
        401, "Invalid or expired token."
    )  # fmt: skip
