"""The Celery application: one construction task per uploaded session.

Three additions to a plain app: the embedded Redis starts when the first broker
connection is made (not when settings are imported); every worker writes a
heartbeat key to the broker that /healthz, /metrics and `import --wait` read,
from the processes that run its tasks (medgraph_web.poolbeat); and models are
loaded in the main process before the pool forks.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from celery import Celery, bootsteps
from celery.signals import (
    task_postrun,
    task_prerun,
    worker_init,
    worker_process_init,
    worker_process_shutdown,
)

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
        self.forget: Any = None

    def start(self, worker: Any) -> None:
        from medgraph_web import broker

        client = broker.redis_client()
        self.forget = lambda: broker.forget(client, worker.hostname)
        if _forks_pool(worker):
            return  # its pool processes beat (medgraph_web.poolbeat), not this dispatcher
        queues = [q.name for q in worker.app.amqp.queues.consume_from.values()]

        def beat() -> None:
            try:
                broker.beat(client, worker.hostname, queues)
            except Exception as exc:  # a missed beat must not kill the worker
                log.warning("heartbeat failed: %s", exc)

        beat()
        self.tref = worker.timer.call_repeatedly(broker.heartbeat_every_s(), beat)

    def stop(self, worker: Any) -> None:
        if self.tref is not None:
            self.tref.cancel()
        if self.forget is not None:
            try:
                self.forget()  # a worker that stops cleanly is gone at once, not after the TTL
            except Exception as exc:
                log.warning("could not remove the heartbeat: %s", exc)

    terminate = stop


app = MedGraphCelery("medgraph")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.steps["worker"].add(Heartbeat)
# The tasks are in memory/pipeline/tasks.py, under fixed names ("memory.construct_session").
app.autodiscover_tasks(["memory.pipeline"])


def _forks_pool(worker: Any) -> bool:
    return "prefork" in getattr(worker.pool_cls, "__module__", str(worker.pool_cls))


@worker_init.connect
def _warm_before_the_pool(sender: Any = None, **_: object) -> None:
    """Load the embedder and lexicons in the main process, before the pool forks.

    Pool processes inherit the loaded models (shared copy-on-write) and report
    up at once. Warming in each pool process took ~6 s, longer than Celery's
    4 s deadline for a new process to report up: every replacement of a killed
    pool process was itself killed, without end, and the worker took no task.
    A solo or threads pool runs tasks in this process, so it is warm as well.
    """
    from medgraph_web import poolbeat
    from memory.pipeline.warmup import warm

    if sender is not None:
        poolbeat.remember_queues([q.name for q in sender.app.amqp.queues.consume_from.values()])
    warm()


@worker_process_init.connect
def _beat_from_the_pool(sender: object = None, **_: object) -> None:
    from medgraph_web import poolbeat

    poolbeat.start(str(sender))


@worker_process_shutdown.connect
def _stop_beating(**_: object) -> None:
    from medgraph_web import poolbeat

    poolbeat.stop()


@task_prerun.connect
def _bind_task_id(task_id: str = "", **_: Any) -> None:
    from medgraph_web.logconfig import task_id as current

    current.set(task_id or "")


@task_postrun.connect
def _unbind_task_id(**_: Any) -> None:
    from medgraph_web.logconfig import task_id as current

    current.set("")
