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

One ask reads the version once (`pinned`): the profile, the conflicts and the
chain states of that ask share one round trip, which also returns the
embedder that built the stored vectors (IndexState), so retrieval checks the
embedding space at no extra cost (memory.retrieval.ranking.check_query_space).

Values are shared between threads and must be treated as read-only.
MEDGRAPH_READ_CACHE=0 turns the cache off (benchmarks report a cold figure).
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import date
from typing import Any, TypeVar

from django.db import connection
from django.utils import timezone

from memory.models import Patient
from memory.models.versions import SHARED
from memory.queries import prepared

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)

MAX_PATIENTS = 512  # patients whose values are kept per process (LRU)
MAX_VALUES_PER_PATIENT = 16  # e.g. profiles at several asked dates
# Chain states (memory.retrieval.chain_state) are many small values per patient;
# they are bounded apart, by the facts they hold across all patients of the process.
MAX_CHAIN_FACTS = 60_000

Version = tuple[int, int, date]


@dataclass(frozen=True)
class Snapshot:
    """What one round trip tells about a patient's stored memory."""

    patient_id: int
    version: tuple[int, int]  # (patient version, shared version)
    embedder: str | None  # IndexState: the model that built the stored vectors
    dim: int | None


_lock = threading.Lock()
# patient id -> (version, {value key -> value})
_entries: OrderedDict[int, tuple[Version, dict[Hashable, Any]]] = OrderedDict()
# patient id -> (version, {chain key -> (value, weight)}), weights summed in _chain_weight
_chains: OrderedDict[int, tuple[Version, dict[Hashable, tuple[Any, int]]]] = OrderedDict()
_chain_weight = [0]
_stats = {"hits": 0, "misses": 0, "bypassed": 0, "waiting": 0}
_pinned: ContextVar[Snapshot | None] = ContextVar("medgraph_read_snapshot", default=None)


def enabled() -> bool:
    return os.environ.get("MEDGRAPH_READ_CACHE", "1").strip() not in {"0", "false", "no", "off"}


def snapshot(patient_id: int) -> Snapshot:
    """The patient's memory version and the stored vectors' embedder, one round trip.

    Inside `pinned(patient_id)` the snapshot taken when the block opened."""
    held = _pinned.get()
    if held is not None and held.patient_id == patient_id:
        return held
    with prepared.cursor() as cur:
        cur.execute(
            "SELECT COALESCE(MAX(version) FILTER (WHERE patient_id = %s), 0), "
            "COALESCE(MAX(version) FILTER (WHERE patient_id = %s), 0), "
            "(SELECT embedder FROM memory_indexstate LIMIT 1), "
            "(SELECT dim FROM memory_indexstate LIMIT 1) "
            "FROM memory_memoryversion WHERE patient_id IN (%s, %s)",
            [patient_id, SHARED, patient_id, SHARED],
        )
        patient, shared, embedder, dim = cur.fetchone()
    return Snapshot(patient_id, (int(patient), int(shared)), embedder, dim)


def snapshot_columns(patient_column: str) -> str:
    """SQL columns giving `snapshot` of the patient whose id is `patient_column`, for a
    statement that reads the patient anyway (the API's care-team lookup): no round trip
    of its own. Read with `snapshot_of` from the statement's last SNAPSHOT_WIDTH columns."""
    return (
        "(SELECT COALESCE(MAX(version), 0) FROM memory_memoryversion "
        f"WHERE patient_id = {patient_column}), "
        "(SELECT COALESCE(MAX(version), 0) FROM memory_memoryversion "
        f"WHERE patient_id = {SHARED}), "
        "(SELECT embedder FROM memory_indexstate LIMIT 1), "
        "(SELECT dim FROM memory_indexstate LIMIT 1)"
    )


SNAPSHOT_WIDTH = 4


def snapshot_of(patient_id: int, columns: Sequence[Any]) -> Snapshot:
    patient, shared, embedder, dim = columns
    return Snapshot(patient_id, (int(patient), int(shared)), embedder, dim)


def memory_version(patient_id: int) -> tuple[int, int]:
    """(patient version, shared version) in one round trip; 0 = never written."""
    return snapshot(patient_id).version


@contextmanager
def pinned(patient_id: int, read: Snapshot | None = None) -> Iterator[Snapshot]:
    """Read the snapshot once for the block (one ask): every cached read inside it
    keys on that version. Safe by the rule above: whatever the block computes is
    computed after the version was read. `read`: a snapshot of this patient the
    caller already read in this request (snapshot_columns), used instead."""
    held = _pinned.get()
    if held is not None and held.patient_id == patient_id:
        yield held
        return
    fresh = read if read is not None and read.patient_id == patient_id else None
    token = _pinned.set(fresh or snapshot(patient_id))
    try:
        yield _pinned.get()  # type: ignore[misc]
    finally:
        _pinned.reset(token)


def _usable() -> bool:
    if enabled() and not connection.in_atomic_block:
        return True
    with _lock:
        _stats["bypassed"] += 1
    return False


def _version(patient_id: int) -> Version:
    return (*snapshot(patient_id).version, timezone.localdate())


# One computation per missing value: when a burst of asks about one patient arrives at
# a fresh worker (or just after a new session), the first thread computes the profile
# or a chain state and the others wait for it, instead of every thread computing the
# same value at once and the burst's latency adding up. A waiter gives up after
# _WAIT_S and computes itself, so a failed or stuck computation delays, never blocks.
_inflight: dict[tuple[int, Version, Hashable], threading.Event] = {}
_WAIT_S = 10.0
_MISS = object()


def _claim(slot: tuple[int, Version, Hashable]) -> threading.Event | None:
    """Under _lock: None when this thread is to compute the slot (and _release it),
    else the event set when the thread computing it is done."""
    event = _inflight.get(slot)
    if event is None:
        _inflight[slot] = threading.Event()
    return event


def _release(slot: tuple[int, Version, Hashable]) -> None:
    with _lock:
        event = _inflight.pop(slot, None)
    if event is not None:
        event.set()


def _wait(event: threading.Event) -> None:
    """Wait for another thread's computation; `stats()["waiting"]` counts the threads
    doing so (a gauge: how many requests a slow computation holds up)."""
    with _lock:
        _stats["waiting"] += 1
    try:
        event.wait(_WAIT_S)
    finally:
        with _lock:
            _stats["waiting"] -= 1


def _lookup(patient_id: int, version: Version, key: Hashable) -> Any:
    """Under _lock: the stored value, or _MISS."""
    entry = _entries.get(patient_id)
    if entry is None or entry[0] != version or key not in entry[1]:
        return _MISS
    _entries.move_to_end(patient_id)
    _stats["hits"] += 1
    # Least recently used goes first: profiles at many asked dates must not
    # push out the patient's current profile, conflicts and person node.
    value = entry[1].pop(key)
    entry[1][key] = value
    return value


def cached(patient_id: int, key: Hashable, compute: Callable[[], T]) -> T:
    """`compute()`, or its value from the last call with the same key and memory version."""
    if not _usable():
        return compute()
    version = _version(patient_id)
    slot = (patient_id, version, key)
    with _lock:
        value = _lookup(patient_id, version, key)
        waiting = _claim(slot) if value is _MISS else None
    if value is not _MISS:
        return value
    if waiting is not None:
        _wait(waiting)
        with _lock:
            value = _lookup(patient_id, version, key)
        if value is not _MISS:
            return value
        return _compute_and_store(patient_id, version, key, compute)
    try:
        return _compute_and_store(patient_id, version, key, compute)
    finally:
        _release(slot)


def _compute_and_store(
    patient_id: int, version: Version, key: Hashable, compute: Callable[[], T]
) -> T:
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


def cached_many(
    patient_id: int,
    keys: Iterable[K],
    compute: Callable[[list[K]], dict[K, T]],
    weight: Callable[[T], int],
) -> dict[K, T]:
    """{key: value} for `keys`, computing only the missing ones in ONE `compute(missing)`
    call (keys it leaves out are absent from the result). For many small values of
    one patient (chain states); `weight(value)` counts toward MAX_CHAIN_FACTS."""
    wanted = list(dict.fromkeys(keys))
    if not wanted:
        return {}
    if not _usable():
        return compute(wanted)
    version = _version(patient_id)
    with _lock:
        found = _stored_chains(patient_id, version, wanted)
        _stats["hits"] += len(found)
        mine: list[K] = []
        theirs: list[tuple[K, threading.Event]] = []
        for k in (k for k in wanted if k not in found):
            event = _claim((patient_id, version, ("chain", k)))
            if event is None:
                mine.append(k)
            else:
                theirs.append((k, event))
    try:
        computed = _compute_chains(patient_id, version, mine, compute, weight)
    finally:
        for k in mine:
            _release((patient_id, version, ("chain", k)))
    for _, event in theirs:
        _wait(event)
    with _lock:
        waited = _stored_chains(patient_id, version, [k for k, _ in theirs])
    rest = [k for k, _ in theirs if k not in waited]
    late = _compute_chains(patient_id, version, rest, compute, weight)
    return {**found, **computed, **waited, **late}


def _stored_chains(patient_id: int, version: Version, keys: Iterable[K]) -> dict[K, Any]:
    """Under _lock: the stored chain values of `keys` at `version`."""
    entry = _chains.get(patient_id)
    if entry is None or entry[0] != version:
        return {}
    _chains.move_to_end(patient_id)
    return {k: entry[1][k][0] for k in keys if k in entry[1]}


def _compute_chains(
    patient_id: int,
    version: Version,
    keys: list[K],
    compute: Callable[[list[K]], dict[K, T]],
    weight: Callable[[T], int],
) -> dict[K, T]:
    if not keys:
        return {}
    computed = compute(keys)
    with _lock:
        _stats["misses"] += len(keys)
        _store_chains(patient_id, version, {k: (v, weight(v)) for k, v in computed.items()})
    return computed


def _store_chains(patient_id: int, version: Version, new: dict[Hashable, tuple[Any, int]]) -> None:
    entry = _chains.get(patient_id)
    if entry is None or entry[0] != version:
        if entry is not None:
            _chain_weight[0] -= sum(w for _, w in entry[1].values())
        entry = (version, {})
        _chains[patient_id] = entry
    for key, (value, w) in new.items():
        old = entry[1].get(key)
        _chain_weight[0] += w - (old[1] if old else 0)
        entry[1][key] = (value, w)
    _chains.move_to_end(patient_id)
    # Least recently asked patients go first; the current patient's values stay.
    while _chain_weight[0] > MAX_CHAIN_FACTS and len(_chains) > 1:
        _, (_, values) = _chains.popitem(last=False)
        _chain_weight[0] -= sum(w for _, w in values.values())


def cached_conflicts(patient: Patient) -> list:
    """memory.queries.conflicts.conflicts_for(patient), cached by memory version.

    A copy of the list is returned; the Conflict objects are shared, read-only."""
    from memory.queries.conflicts import conflicts_for

    return list(cached(patient.pk, ("conflicts",), lambda: tuple(conflicts_for(patient))))


def stats() -> dict[str, int]:
    with _lock:
        return {**_stats, "patients": len(_entries), "chain_facts": _chain_weight[0]}


def clear() -> None:
    with _lock:
        _entries.clear()
        _chains.clear()
        _chain_weight[0] = 0
        _stats.update(hits=0, misses=0, bypassed=0)
