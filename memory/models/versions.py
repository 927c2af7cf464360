"""A patient's memory version: changes whenever anything the read model shows changes.

Maintained by database triggers (migration 0011), not by the writers: every
insert, update or delete of a patient's facts, chains, fact edges, sessions,
persons or conflict resolutions — through the ORM, a bulk update or raw SQL —
gives the patient a new version, drawn from a sequence so that a value is never
reused (not even after a rolled-back write). Entities are shared by all
patients; their changes move the row of patient_id 0. Read caches
(memory.reading.read_cache) key on (patient version, shared version).
"""

from __future__ import annotations

from django.db import models

SHARED = 0  # the row that entity changes move


class MemoryVersion(models.Model):
    patient_id = models.BigIntegerField(primary_key=True)
    version = models.BigIntegerField()

    def __str__(self) -> str:
        return f"patient {self.patient_id}: v{self.version}"
