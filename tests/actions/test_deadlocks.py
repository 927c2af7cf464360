"""Concurrent writers of one patient: no lock order that deadlocks, and a victim runs again."""

from __future__ import annotations

import threading

import psycopg.errors
import pytest
from django.db import OperationalError, connections, transaction

from memory.actions.imports import lock_patient
from memory.actions.retry import retrying_deadlocks
from memory.models import Patient

pytestmark = pytest.mark.django_db(transaction=True)


def _key_share_nowait(other, patient_pk: int) -> None:
    """What a committing construction's foreign-key check on the patient row takes."""
    with other.cursor() as cur:
        cur.execute("BEGIN")
        try:
            cur.execute(
                "SELECT 1 FROM memory_patient WHERE id = %s FOR KEY SHARE NOWAIT", [patient_pk]
            )
        finally:
            cur.execute("ROLLBACK")


def test_import_lock_on_the_patient_leaves_foreign_key_checks_free():
    patient = Patient.objects.create(external_id="p-lock")
    other = connections.create_connection("default")
    try:
        with transaction.atomic():
            lock_patient(patient.pk)
            _key_share_nowait(other, patient.pk)  # raises LockNotAvailable under FOR UPDATE
    finally:
        other.close()


def test_import_lock_still_serializes_two_imports_of_one_patient():
    patient = Patient.objects.create(external_id="p-serial")
    other = connections.create_connection("default")
    try:
        with transaction.atomic():
            lock_patient(patient.pk)
            with other.cursor() as cur:
                cur.execute("BEGIN")
                with pytest.raises(OperationalError):
                    cur.execute(
                        "SELECT 1 FROM memory_patient WHERE id = %s FOR NO KEY UPDATE NOWAIT",
                        [patient.pk],
                    )
                cur.execute("ROLLBACK")
    finally:
        other.close()


def _deadlocking_rival(a: int, b: int, holding: threading.Event, go: threading.Event) -> None:
    """Locks b, then wants a; slow to detect the cycle, so the other side is the victim."""
    other = connections.create_connection("default")
    try:
        with other.cursor() as cur:
            cur.execute("BEGIN")
            cur.execute("SET LOCAL deadlock_timeout = '20s'")
            cur.execute("UPDATE memory_patient SET display_name = 'rival' WHERE id = %s", [b])
            holding.set()
            go.wait(10)
            cur.execute("UPDATE memory_patient SET display_name = 'rival' WHERE id = %s", [a])
            cur.execute("COMMIT")
    finally:
        other.close()


def test_a_deadlock_victim_is_run_again_and_commits():
    a = Patient.objects.create(external_id="p-a").pk
    b = Patient.objects.create(external_id="p-b").pk
    attempts: list[int] = []
    rival: list[threading.Thread] = []

    def work() -> int:
        attempts.append(1)
        with transaction.atomic():
            Patient.objects.filter(pk=a).update(display_name="mine")
            if len(attempts) == 1:
                holding, go = threading.Event(), threading.Event()
                rival.append(threading.Thread(target=_deadlocking_rival, args=(a, b, holding, go)))
                rival[0].start()
                holding.wait(10)
                go.set()
                Patient.objects.filter(pk=b).update(display_name="mine")  # the cycle closes
            else:
                Patient.objects.filter(pk=b).update(display_name="mine")
        return len(attempts)

    assert retrying_deadlocks(work) == 2
    rival[0].join(30)
    assert set(Patient.objects.filter(pk__in=[a, b]).values_list("display_name", flat=True)) == {
        "mine"
    }


def test_inside_an_outer_transaction_the_deadlock_is_the_callers():
    calls: list[int] = []

    def work() -> None:
        calls.append(1)
        raise OperationalError("deadlock detected") from psycopg.errors.DeadlockDetected()

    with pytest.raises(OperationalError), transaction.atomic():
        retrying_deadlocks(work)
    assert calls == [1]
