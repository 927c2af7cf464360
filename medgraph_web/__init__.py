from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("medgraph")
except PackageNotFoundError:  # a checkout that was never installed
    __version__ = "0.0.0+unknown"

__all__ = ("__version__", "celery_app")


def __getattr__(name: str) -> object:
    """`celery_app` on first use: a CLI command that enqueues nothing does not pay
    Celery's import (about 0.2 s). Celery's `-A medgraph_web` finds
    medgraph_web.celery itself, and memory.tasks imports it before any task runs."""
    if name == "celery_app":
        from medgraph_web.celery import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
