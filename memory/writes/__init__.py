"""The write layer: the only code that creates or changes facts, chains and edges.

graph.py applies extractions; corrections.py applies clinicians' corrections.
Both run inside the caller's `transaction.atomic()`.
"""

from __future__ import annotations

from memory.writes.graph import (
    apply_extraction,
    chain_members,
    clear_session_extraction,
    extraction_key,
    person_for,
    sync_chain,
)

__all__ = [
    "apply_extraction",
    "chain_members",
    "clear_session_extraction",
    "extraction_key",
    "person_for",
    "sync_chain",
]

from memory.writes.corrections import (
    CorrectionError,
    edit_fact,
    reassign_fact,
    set_verification,
)

__all__ += ["CorrectionError", "edit_fact", "reassign_fact", "set_verification"]
