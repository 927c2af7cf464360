"""Builders shared by the import-parser tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from memory.evaluation.sources import data_dir

FIXTURES = Path(__file__).parent / "fixtures"
# Development data lives beside the repository: ../shared/data from the repo root.
DATA = data_dir()  # MEDGRAPH_EVAL_DATA, else ../shared/data beside the repository


def medgraph_doc(**session_overrides: Any) -> dict[str, Any]:
    """A valid one-session MedGraph JSON document, with fields of the session overridden."""
    session: dict[str, Any] = {
        "id": "s1",
        "date": "2024-01-10",
        "turns": [
            {"speaker": "doctor", "text": "How are you?"},
            {"speaker": "patient", "text": "Fine."},
        ],
    }
    session.update(session_overrides)
    return {"patient": {"id": "p1", "name": "P One"}, "sessions": [session]}


def as_text(doc: Any) -> str:
    return json.dumps(doc, ensure_ascii=False, indent=1)
