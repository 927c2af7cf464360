"""The Celery application: one construction task per uploaded session.

Two additions to a plain app: the embedded Redis starts when the first broker
connection is made (not when settings are imported), and every worker writes
a heartbeat key to the broker that /healthz, /metrics and `import --wait` read.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from celery import Celery, bootsteps
from celery.signals import task_postrun, task_prerun, worker_process_init, worker_ready

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medgraph_web.settings")

log = logging.getLogger(__name__)


class MedGraphCelery(Celery):
    def _connection(self, url: Any, *args: Any, **kwargs: Any) -> Any:
        from django.conf import settings

        if getattr(settings, "EMBEDDED_REDIS", False):
            from medgraph_web import embedded

            embedded.ensure_redis(settings.VAR_DIR)
        return super()._connection(url, *args, **kwargs)


class Heartbeat(bootsteps.StartStopStep):
    """Every few seconds: `medgraph:heartbeat:<hostname>` = time + consumed queues, with a TTL."""

    requires = ("celery.worker.components:Timer",)

    def __init__(self, worker: Any, **kwargs: Any) -> None:
        super().__init__(worker, **kwargs)
        self.tref: Any = None

    def start(self, worker: Any) -> None:
        from medgraph_web import broker

        client = broker.redis_client()
        queues = [q.name for q in worker.app.amqp.queues.consume_from.values()]

        def beat() -> None:
            try:
                broker.beat(client, worker.hostname, queues)
            except Exception as exc:  # a missed beat must not kill the worker
                log.warning("heartbeat failed: %s", exc)

        beat()
        self.tref = worker.timer.call_repeatedly(broker.HEARTBEAT_EVERY_S, beat)
        self.forget = lambda: broker.forget(client, worker.hostname)

    def stop(self, worker: Any) -> None:
        if self.tref is not None:
            self.tref.cancel()
            try:
                self.forget()  # a worker that stops cleanly is gone at once, not after the TTL
            except Exception as exc:
                log.warning("could not remove the heartbeat: %s", exc)

    terminate = stop


app = MedGraphCelery("medgraph")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.steps["worker"].add(Heartbeat)
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


@task_prerun.connect
def _bind_task_id(task_id: str = "", **_: Any) -> None:
    from medgraph_web.logconfig import task_id as current

    current.set(task_id or "")


@task_postrun.connect
def _unbind_task_id(**_: Any) -> None:
    from medgraph_web.logconfig import task_id as current

    current.set("")
