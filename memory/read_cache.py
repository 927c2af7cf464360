"""Per-process cache of a patient's read model, keyed by the patient's memory version.

Every ask renders the patient's profile and checks medication-safety conflicts;
both depend only on the patient's stored memory (and the asked date), which
changes far less often than it is read. A cached value is reused only while the
patient's memory version (memory.models.versions, moved by database triggers on
every write to the tables the read model shows) and the shared version
(entities) are unchanged, so the next ask after a new session, a correction, an
entered-in-error mark or a conflict acknowledgement sees the new state.

Correctness rules:
* the version is read BEFORE the value is computed: a write that lands in
  between makes the stored value newer than its key, never older, and the next
  ask (seeing the new version) recomputes;
* nothing is read from or stored into the cache inside a transaction: its own
  uncommitted writes have not moved the version yet (the triggers are deferred
  to commit) and may still roll back;
* the key carries the calendar day, so nothing computed "as of today" outlives it.

Values are shared between threads and must be treated as read-only.
MEDGRAPH_READ_CACHE=0 turns the cache off (benchmarks report a cold figure).
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from datetime import date
from typing import Any, TypeVar

from django.db import connection
from django.utils import timezone

from memory.models import Patient
from memory.models.versions import SHARED

T = TypeVar("T")

MAX_PATIENTS = 512  # patients whose values are kept per process (LRU)
MAX_VALUES_PER_PATIENT = 16  # e.g. profiles at several asked dates

Version = tuple[int, int, date]

_lock = threading.Lock()
# patient id -> (version, {value key -> value})
_entries: OrderedDict[int, tuple[Version, dict[Hashable, Any]]] = OrderedDict()
_stats = {"hits": 0, "misses": 0, "bypassed": 0}


def enabled() -> bool:
    return os.environ.get("MEDGRAPH_READ_CACHE", "1").strip() not in {"0", "false", "no", "off"}


def memory_version(patient_id: int) -> tuple[int, int]:
    """(patient version, shared version) in one round trip; 0 = never written."""
    with connection.cursor() as cur:
        cur.execute(
            "SELECT COALESCE(MAX(version) FILTER (WHERE patient_id = %s), 0), "
            "COALESCE(MAX(version) FILTER (WHERE patient_id = %s), 0) "
            "FROM memory_memoryversion WHERE patient_id IN (%s, %s)",
            [patient_id, SHARED, patient_id, SHARED],
        )
        patient, shared = cur.fetchone()
    return int(patient), int(shared)


def cached(patient_id: int, key: Hashable, compute: Callable[[], T]) -> T:
    """`compute()`, or its value from the last call with the same key and memory version."""
    if not enabled() or connection.in_atomic_block:
        with _lock:
            _stats["bypassed"] += 1
        return compute()
    version: Version = (*memory_version(patient_id), timezone.localdate())
    with _lock:
        entry = _entries.get(patient_id)
        if entry is not None and entry[0] == version and key in entry[1]:
            _entries.move_to_end(patient_id)
            _stats["hits"] += 1
            return entry[1][key]
    value = compute()
    with _lock:
        _stats["misses"] += 1
        entry = _entries.get(patient_id)
        if entry is None or entry[0] != version:
            entry = (version, {})
        values = entry[1]
        if len(values) >= MAX_VALUES_PER_PATIENT:
            values.pop(next(iter(values)))
        values[key] = value
        _entries[patient_id] = entry
        _entries.move_to_end(patient_id)
        while len(_entries) > MAX_PATIENTS:
            _entries.popitem(last=False)
    return value


def cached_profile(patient: Patient, at: date | None = None):  # type: ignore[no-untyped-def]
    """memory.profile.render_profile(patient, at), cached by memory version."""
    from memory.profile import render_profile

    return cached(patient.pk, ("profile", at), lambda: render_profile(patient, at))


def cached_conflicts(patient: Patient) -> list:
    """memory.queries.conflicts.conflicts_for(patient), cached by memory version.

    A copy of the list is returned; the Conflict objects are shared, read-only."""
    from memory.queries.conflicts import conflicts_for

    return list(cached(patient.pk, ("conflicts",), lambda: tuple(conflicts_for(patient))))


def stats() -> dict[str, int]:
    with _lock:
        return {**_stats, "patients": len(_entries)}


def clear() -> None:
    with _lock:
        _entries.clear()
        _stats.update(hits=0, misses=0, bypassed=0)
