"""Strict parsing of the process environment (12-factor settings).

Every value the application reads from the environment goes through one of
these functions, so a typo ("DEBUG=ture") fails at start-up with the variable
named instead of silently meaning something else.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from urllib.parse import urlparse


class EnvError(ValueError):
    """A configuration variable is missing or malformed."""


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    env = os.environ if environ is None else environ
    value = env.get(name)
    if value is None:
        if default is None:
            raise EnvError(f"{name} is required but not set")
        return default
    return value.strip()


def env_optional(name: str, environ: Mapping[str, str] | None = None) -> str | None:
    env = os.environ if environ is None else environ
    value = env.get(name, "").strip()
    return value or None


def env_bool(name: str, default: bool, environ: Mapping[str, str] | None = None) -> bool:
    env = os.environ if environ is None else environ
    raw = env.get(name)
    if raw is None:
        return default
    low = raw.strip().lower()
    if low in _TRUE:
        return True
    if low in _FALSE:
        return False
    raise EnvError(f"{name}={raw!r} is not a boolean (use one of 1/0, true/false, yes/no, on/off)")


def env_int(
    name: str,
    default: int,
    minimum: int | None = None,
    maximum: int | None = None,
    environ: Mapping[str, str] | None = None,
) -> int:
    env = os.environ if environ is None else environ
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw.strip())
    except ValueError:
        raise EnvError(f"{name}={raw!r} is not an integer") from None
    if minimum is not None and value < minimum:
        raise EnvError(f"{name}={value} is below the minimum {minimum}")
    if maximum is not None and value > maximum:
        raise EnvError(f"{name}={value} is above the maximum {maximum}")
    return value


def env_float(name: str, default: float, environ: Mapping[str, str] | None = None) -> float:
    env = os.environ if environ is None else environ
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return float(raw.strip())
    except ValueError:
        raise EnvError(f"{name}={raw!r} is not a number") from None


def env_list(name: str, default: list[str], environ: Mapping[str, str] | None = None) -> list[str]:
    env = os.environ if environ is None else environ
    raw = env.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_url(
    name: str, schemes: tuple[str, ...], environ: Mapping[str, str] | None = None
) -> str | None:
    """An optional URL whose scheme must be one of `schemes`."""
    value = env_optional(name, environ)
    if value is None:
        return None
    parsed = urlparse(value)
    if parsed.scheme not in schemes:
        allowed = ", ".join(schemes)
        raise EnvError(f"{name} has scheme {parsed.scheme!r}; expected one of: {allowed}")
    if parsed.scheme.startswith(("http", "postgres", "redis", "rediss")) and not (
        parsed.netloc or parsed.path
    ):
        raise EnvError(f"{name}={value!r} has no host")
    return value
