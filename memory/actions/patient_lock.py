"""The patient's construction lock: one PostgreSQL advisory lock per patient.

A construction holds it while it drains the patient's queue (memory.pipeline),
and an import that replaces a session's turns takes it for its transaction, so
no construction starts on the old turns meanwhile. Here, below both, so that the
writers never import the pipeline.
"""

from __future__ import annotations

from django.db import connection

# Namespace for pg advisory locks held while a patient's queue is drained.
LOCK_NAMESPACE = 7_351


def lock_patient_construction(patient_id: int, block: bool) -> bool:
    """Take the lock for this connection's session; block=False gives up at once
    (False) when another construction holds it."""
    with connection.cursor() as cur:
        if block:
            cur.execute("SELECT pg_advisory_lock(%s, %s)", [LOCK_NAMESPACE, patient_id])
            return True
        cur.execute("SELECT pg_try_advisory_lock(%s, %s)", [LOCK_NAMESPACE, patient_id])
        return bool(cur.fetchone()[0])


def unlock_patient_construction(patient_id: int) -> None:
    with connection.cursor() as cur:
        cur.execute("SELECT pg_advisory_unlock(%s, %s)", [LOCK_NAMESPACE, patient_id])


def hold_patient_lock_if_free(patient_id: int) -> bool:
    """Take the patient's construction lock until the caller's transaction ends, if no
    construction holds it: a construction then starts only after the caller commits.
    False while a construction runs (it holds the lock for its whole drain)."""
    with connection.cursor() as cur:
        cur.execute("SELECT pg_try_advisory_xact_lock(%s, %s)", [LOCK_NAMESPACE, patient_id])
        return bool(cur.fetchone()[0])


def construction_lock_held(patient_id: int) -> bool:
    """Is some construction holding the patient's lock right now? (Tries and releases it.)"""
    got = lock_patient_construction(patient_id, block=False)
    if got:
        unlock_patient_construction(patient_id)
    return not got
