from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

try:
    __version__ = version("medgraph")
except PackageNotFoundError:  # a checkout that was never installed
    __version__ = "0.0.0+unknown"

__all__ = ("__version__", "celery_app")


def __getattr__(name: str) -> Any:
    # The Celery app loads on first use, not with the package: importing Celery cost
    # every CLI command ~0.2-0.3 s, and most of them never queue a task. memory.pipeline.tasks
    # imports it before its tasks bind, and `celery -A medgraph_web` finds
    # medgraph_web.celery by itself.
    if name == "celery_app":
        from medgraph_web.celery import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
