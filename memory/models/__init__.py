from __future__ import annotations

from memory.models.audit import AuditEvent
from memory.models.conflicts import ConflictResolution
from memory.models.facts import Chain, Entity, Fact, FactEdge
from memory.models.index import IndexState
from memory.models.patients import Patient, Person
from memory.models.sessions import Session, Turn, TurnPair
from memory.models.tokens import ApiToken
from memory.models.versions import MemoryVersion

__all__ = [
    "ApiToken",
    "AuditEvent",
    "Chain",
    "ConflictResolution",
    "Entity",
    "Fact",
    "FactEdge",
    "IndexState",
    "MemoryVersion",
    "Patient",
    "Person",
    "Session",
    "Turn",
    "TurnPair",
]
