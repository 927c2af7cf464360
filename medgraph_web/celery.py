"""The Celery application: one construction task per uploaded session."""

from __future__ import annotations

import os

from celery import Celery
from celery.signals import worker_process_init, worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medgraph_web.settings")

app = Celery("medgraph")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_process_init.connect
def _warm_worker_process(**_: object) -> None:
    """Each prefork child loads the embedder and lexicons before its first task."""
    from memory.warmup import warm

    warm()


@worker_ready.connect
def _warm_in_process_worker(sender: object = None, **_: object) -> None:
    """A solo or threads pool runs tasks in the main process: warm it there (a prefork
    parent runs none, so it stays lean)."""
    pool = getattr(sender, "pool", None)
    if pool is not None and "prefork" not in type(pool).__module__:
        from memory.warmup import warm

        warm()
