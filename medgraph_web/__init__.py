from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("medgraph")
except PackageNotFoundError:  # a checkout that was never installed
    __version__ = "0.0.0+unknown"

from medgraph_web.celery import app as celery_app

__all__ = ("__version__", "celery_app")
