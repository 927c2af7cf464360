"""Security settings, applied by settings.py to its own namespace (one block, one module).

Everything here is read from the environment like the rest of the settings;
see README "Security" for the variables.
"""

from __future__ import annotations

from typing import Any


def configure(s: dict[str, Any]) -> None:
    """Harden the settings namespace `s` (settings.py passes its globals())."""
    _api(s)
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
