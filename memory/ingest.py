"""Re-exports for callers written before importing moved to memory.actions.imports."""

from __future__ import annotations

from memory.actions.imports import (
    IngestConflict,
    IngestError,
    IngestReport,
    ensure_patient,
    store_sessions,
)

__all__ = ["IngestConflict", "IngestError", "IngestReport", "ensure_patient", "store_sessions"]
