"""Hardening settings (security, API errors, stuck-session reaper), in one module.

settings.py applies `configure` to its own namespace in one delimited block.
Everything is read from the environment like the rest of the settings; see
README "Security and reliability" for the variables.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from medgraph_web.env import env_bool, env_int, env_str


def configure(s: dict[str, Any]) -> None:
    """Harden the settings namespace `s` (settings.py passes its globals())."""
    _api(s)
    _reliability(s)
    _database_timeouts(s)
    _database_pool(s)
    _transport(s)
    _sessions_and_login(s)
    _content_security_policy(s)
    middleware = s["MIDDLEWARE"]
    # Right after SecurityMiddleware: nothing downstream sees a NUL in a path or query.
    middleware.insert(1, "memory.middleware.RejectUnstorableCharacters")
    # Inside authentication (the refused user is known): every 403 is audited.
    auth = middleware.index("django.contrib.auth.middleware.AuthenticationMiddleware")
    middleware.insert(auth + 1, "memory.middleware.AuditRefusals")


def _api(s: dict[str, Any]) -> None:
    rest = s["REST_FRAMEWORK"]
    # Bounded JSON nesting, no NUL or lone surrogate: a 400, never a 500.
    rest["DEFAULT_PARSER_CLASSES"] = [
        "memory.api.parsers.SafeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ]
    # Every API error, including an unexpected one, in the {"error": {...}} shape.
    rest["EXCEPTION_HANDLER"] = "memory.api.errors.api_exception_handler"
    rest["DEFAULT_AUTHENTICATION_CLASSES"] = [
        "rest_framework.authentication.SessionAuthentication",
        "memory.api.authentication.HashedTokenAuthentication",
    ]
    rest["DEFAULT_THROTTLE_CLASSES"] = [
        "memory.api.throttling.AnonThrottle",
        "memory.api.throttling.UserThrottle",
    ]
    s["API_THROTTLE_ANON"] = env_str("MEDGRAPH_THROTTLE_ANON", "30/min")
    s["API_THROTTLE_USER"] = env_str("MEDGRAPH_THROTTLE_USER", "600/min")


def _reliability(s: dict[str, Any]) -> None:
    # A session queued or extracting this long, with no worker on its patient, is stuck.
    s["MEDGRAPH_STUCK_AFTER_S"] = env_int("MEDGRAPH_STUCK_AFTER_S", 900, minimum=1)
    # How often a worker's pool writes its heartbeat; it expires after three missed beats.
    s["MEDGRAPH_HEARTBEAT_EVERY_S"] = env_int("MEDGRAPH_HEARTBEAT_EVERY_S", 10, minimum=1)
    s["CELERY_BEAT_SCHEDULE"] = {
        "reap-stuck-sessions": {
            "task": "memory.reap_stuck_sessions",
            "schedule": float(env_int("MEDGRAPH_REAP_EVERY_S", 300, minimum=10)),
        }
    }


def _database_pool(s: dict[str, Any]) -> None:
    """MEDGRAPH_DB_POOL=N: a psycopg connection pool of up to N connections per process
    (Django 5.1+), shared by a gthread web worker's threads. Off by default: Celery
    workers and tests keep one connection per thread."""
    size = env_int("MEDGRAPH_DB_POOL", 0, minimum=0)
    if size:
        db = s["DATABASES"]["default"]
        options = db.setdefault("OPTIONS", {})
        # Waiting for a pooled connection is bounded like connecting: with a thread per
        # connection it only waits when the database is down, and then a 503 is due.
        wait = options.get("connect_timeout", 2)
        options["pool"] = {"min_size": 1, "max_size": size, "timeout": wait}
        db["CONN_MAX_AGE"] = 0  # a pool replaces persistent connections


def _database_timeouts(s: dict[str, Any]) -> None:
    """A database that does not answer costs a request ~2 s, not 20: connect_timeout
    bounds reaching the server (libpq's minimum is 2 s), and statement_timeout (on in
    web processes, which medgraph_web.wsgi sets; 0 = off for workers, migrations and
    reindex, whose statements may rightly run long) bounds one statement."""
    options = s["DATABASES"]["default"].setdefault("OPTIONS", {})
    options["connect_timeout"] = env_int("MEDGRAPH_DB_CONNECT_TIMEOUT_S", 2, minimum=2)
    statement_s = env_int("MEDGRAPH_DB_STATEMENT_TIMEOUT_S", 0, minimum=0)
    if statement_s:
        extra = f"-c statement_timeout={statement_s * 1000}"
        options["options"] = f"{options.get('options', '')} {extra}".strip()


def _transport(s: dict[str, Any]) -> None:
    """HTTPS-only when DEBUG is off. `medgraph run` serves plain http on loopback and
    sets MEDGRAPH_PLAIN_HTTP=1, which turns redirect, HSTS and secure cookies off."""
    https = not s["DEBUG"] and not env_bool("MEDGRAPH_PLAIN_HTTP", False)
    s["SECURE_SSL_REDIRECT"] = env_bool("SECURE_SSL_REDIRECT", https)
    s["SECURE_HSTS_SECONDS"] = env_int("SECURE_HSTS_SECONDS", 31536000 if https else 0, minimum=0)
    s["SECURE_HSTS_INCLUDE_SUBDOMAINS"] = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", https)
    s["SECURE_HSTS_PRELOAD"] = env_bool("SECURE_HSTS_PRELOAD", https)
    s["SESSION_COOKIE_SECURE"] = env_bool("SESSION_COOKIE_SECURE", https)
    s["CSRF_COOKIE_SECURE"] = env_bool("CSRF_COOKIE_SECURE", https)
    s["SECURE_REFERRER_POLICY"] = "same-origin"
    s["SECURE_CROSS_ORIGIN_OPENER_POLICY"] = "same-origin"
    # Behind a TLS-terminating proxy (compose/nginx) that sets X-Forwarded-Proto.
    if env_bool("MEDGRAPH_BEHIND_PROXY", False):
        s["SECURE_PROXY_SSL_HEADER"] = ("HTTP_X_FORWARDED_PROTO", "https")


def _sessions_and_login(s: dict[str, Any]) -> None:
    # Idle logoff: the session expires this long after the last request.
    s["SESSION_COOKIE_AGE"] = env_int("MEDGRAPH_IDLE_TIMEOUT_S", 1800, minimum=60)
    s["SESSION_SAVE_EVERY_REQUEST"] = True
    s["SESSION_EXPIRE_AT_BROWSER_CLOSE"] = True
    # Login lockout (django-axes): per user name and address, cooled off after a while.
    s["INSTALLED_APPS"].append("axes")
    s["AUTHENTICATION_BACKENDS"] = [
        "axes.backends.AxesStandaloneBackend",
        "django.contrib.auth.backends.ModelBackend",
    ]
    s["MIDDLEWARE"].append("axes.middleware.AxesMiddleware")
    s["AXES_FAILURE_LIMIT"] = env_int("MEDGRAPH_LOGIN_FAILURES", 5, minimum=1)
    s["AXES_COOLOFF_TIME"] = timedelta(minutes=env_int("MEDGRAPH_LOCKOUT_MINUTES", 15, minimum=1))
    s["AXES_LOCKOUT_PARAMETERS"] = [["username", "ip_address"]]
    s["AXES_RESET_ON_SUCCESS"] = True
    s["AXES_VERBOSE"] = False
    s["LOGGING"]["loggers"]["axes"] = {"level": "WARNING"}
    s["API_TOKEN_TTL_HOURS"] = env_int("MEDGRAPH_TOKEN_TTL_HOURS", 24 * 7, minimum=1)


def _content_security_policy(s: dict[str, Any]) -> None:
    # Scripts only from our own static files (no inline script, no eval); styles
    # may be inline (htmx injects its indicator style).
    s["INSTALLED_APPS"].append("csp")
    s["MIDDLEWARE"].insert(2, "csp.middleware.CSPMiddleware")
    s["CONTENT_SECURITY_POLICY"] = {
        "DIRECTIVES": {
            "default-src": ["'self'"],
            "script-src": ["'self'"],
            "style-src": ["'self'", "'unsafe-inline'"],
            "img-src": ["'self'", "data:"],
            "connect-src": ["'self'"],
            "font-src": ["'self'"],
            "object-src": ["'none'"],
            "base-uri": ["'self'"],
            "form-action": ["'self'"],
            "frame-ancestors": ["'none'"],
        }
    }
