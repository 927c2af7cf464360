"""Sending construction tasks: what a writer is handed to queue the sessions it stored.

The writers (memory.actions) know no Celery: an import gets this function as its
`enqueue` callback from the interface that called it (CLI, web, API, demo).
Importing this module loads no Celery; the task module loads on the first send.
"""

from __future__ import annotations

from collections.abc import Iterable


def queue_construction(session_ids: Iterable[int]) -> None:
    """One construction task per session, in the given (arrival) order."""
    from memory.pipeline.tasks import construct_session_task

    for session_id in session_ids:
        construct_session_task.delay(session_id)
