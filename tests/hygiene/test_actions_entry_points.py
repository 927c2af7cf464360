"""memory/actions exposes do_<verb> entry points (docs/design.md §2, README "Layout").

Outside memory/actions, code imports from it only a `do_` entry point, an error it
raises, or one of the names below, each with the reason it is not a `do_` verb.
A helper the actions share among themselves is theirs; a pure decision belongs in
memory/domain and a read in memory/queries. The list only shrinks.
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("memory", "medgraph_web", "bench", "scripts")

ALLOWED = {
    # The audit write itself: every do_ verb calls it, and so does each audited view.
    "memory.actions.audit.record",
    # The construction pipeline's writes inside its own transaction and patient lock
    # (memory/pipeline/construction.py): extraction stored, session indexed.
    "memory.actions.graph.apply_extraction",
    "memory.actions.index.index_session",
    "memory.actions.patient_lock.lock_patient_construction",
    "memory.actions.patient_lock.unlock_patient_construction",
    "memory.actions.patient_lock.construction_lock_held",
    # Storing parsed sessions without enqueueing (demo data, evaluation, benches).
    "memory.actions.imports.store_sessions",
    # Operator commands and a data migration that rebuild everything at once.
    "memory.actions.index.reindex_all",
    "memory.actions.rescope.rescope_all",
    # A bench that loads chains directly (bench/retrieval_latency.py).
    "memory.actions.graph.sync_chain",
    # Limits and labels an interface shows before calling the entry point.
    "memory.actions.corrections.MAX_TEXT",
    "memory.actions.imports.FOREIGN_PATIENT",
}


def _imports(tree: ast.Module) -> Iterator[tuple[int, str, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("memory.actions"):
            for alias in node.names:
                yield node.lineno, str(node.module), alias.name


def _is_error(module: str, name: str) -> bool:
    try:
        obj = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return False  # a submodule is no error: ALLOWED decides
    return isinstance(obj, type) and issubclass(obj, Exception)


def _outside_uses() -> Iterator[str]:
    for package in SCANNED:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel.startswith("memory/actions/"):
                continue
            for line, module, name in _imports(ast.parse(path.read_text(encoding="utf-8"))):
                full = f"{module}.{name}"
                if name.startswith("do_") or full in ALLOWED or _is_error(module, name):
                    continue
                yield f"{rel}:{line}: {full}"


def test_code_outside_actions_calls_only_entry_points() -> None:
    assert list(_outside_uses()) == []


def test_every_allowed_name_is_still_used() -> None:
    used = set()
    for package in SCANNED:
        for path in sorted((ROOT / package).rglob("*.py")):
            if path.relative_to(ROOT).as_posix().startswith("memory/actions/"):
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            used |= {f"{module}.{name}" for _, module, name in _imports(tree)}
    assert sorted(ALLOWED - used) == []
