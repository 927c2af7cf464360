"""Hardening settings (security, API errors, stuck-session reaper), in one module.

settings.py applies `configure` to its own namespace in one delimited block.
Everything is read from the environment like the rest of the settings; see
README "Security and reliability" for the variables.
"""

from __future__ import annotations

from typing import Any

from medgraph_web.env import env_int


def configure(s: dict[str, Any]) -> None:
    """Harden the settings namespace `s` (settings.py passes its globals())."""
    _api(s)
    _reliability(s)
    middleware = s["MIDDLEWARE"]
    # Right after SecurityMiddleware: nothing downstream sees a NUL in a path or query.
    middleware.insert(1, "memory.middleware.RejectUnstorableCharacters")


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


def _reliability(s: dict[str, Any]) -> None:
    # A session queued or extracting this long, with no worker on its patient, is stuck.
    s["MEDGRAPH_STUCK_AFTER_S"] = env_int("MEDGRAPH_STUCK_AFTER_S", 900, minimum=1)
    s["CELERY_BEAT_SCHEDULE"] = {
        "reap-stuck-sessions": {
            "task": "memory.reap_stuck_sessions",
            "schedule": float(env_int("MEDGRAPH_REAP_EVERY_S", 300, minimum=10)),
        }
    }
