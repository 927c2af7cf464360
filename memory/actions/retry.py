"""Running a write transaction again when PostgreSQL chose it as a deadlock victim.

Concurrent imports, constructions and corrections lock rows in an order no single
writer controls (foreign-key checks and the memory-version bump run at commit).
PostgreSQL resolves a cycle by aborting one transaction; everything it wrote is
rolled back, so running it again from the start is safe and is what the caller
would do by hand. Only a transaction this call owns is retried: inside an outer
atomic block the abort belongs to the caller.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import TypeVar

import psycopg.errors
from django.db import OperationalError, transaction

logger = logging.getLogger(__name__)

T = TypeVar("T")

ATTEMPTS = 4
_RETRYABLE = (psycopg.errors.DeadlockDetected, psycopg.errors.SerializationFailure)


def _is_retryable(exc: BaseException) -> bool:
    return isinstance(exc.__cause__, _RETRYABLE) or isinstance(exc, _RETRYABLE)


def retrying_deadlocks(work: Callable[[], T], *, attempts: int = ATTEMPTS) -> T:
    """`work()` (which opens its own transaction), again after a short randomized
    pause when it was aborted as a deadlock victim or a serialization failure."""
    owned = not transaction.get_connection().in_atomic_block
    for attempt in range(1, attempts + 1):
        try:
            return work()
        except OperationalError as exc:
            if not owned or attempt == attempts or not _is_retryable(exc):
                raise
            logger.warning(
                "transaction aborted (%s); retry %d of %d",
                exc.__cause__.__class__.__name__,
                attempt,
                attempts - 1,
            )
            time.sleep(random.uniform(0.02, 0.1) * attempt)
    raise AssertionError("unreachable")
