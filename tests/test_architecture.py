"""The layer contract, checked on the source (AST), so it runs in every test run.

web | api | management  →  actions | queries | answering | retrieval  →  domain

- memory/domain is pure Python: it imports no Django and nothing of memory outside it;
- the middle layers never import the interfaces above them;
- only memory/actions (and migrations) write models: no save/create/update/delete,
  bulk writes, get_or_create/update_or_create, care-team changes or raw
  UPDATE/INSERT/DELETE SQL anywhere else;
- nothing in memory/ or medgraph_web/ imports bench/.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("memory", "medgraph_web")
WRITERS = ("memory/actions/", "memory/migrations/")
INTERFACES = ("memory.web", "memory.api", "memory.management")
MIDDLE = ("memory/actions/", "memory/queries/", "memory/answering/", "memory/retrieval/")

# Methods that write whatever they are called on (a model instance or a manager).
ALWAYS_WRITES = {
    "save", "delete", "bulk_create", "bulk_update", "get_or_create", "update_or_create",
}  # fmt: skip
# Methods that write when called on a manager or queryset (`.objects`, `.filter(...)`).
QUERYSET_WRITES = {"create", "update"}
QUERYSET_SOURCES = {"objects", "filter", "exclude", "all", "select_for_update", "members"}
# Many-to-many writes of the care team.
M2M_WRITES = {"add", "remove", "set", "clear"}
M2M_FIELDS = {"care_team"}
# The statement's shape, not its first word: a docstring may begin "Insert ...".
RAW_WRITE_SQL = re.compile(
    r"^\s*(?:UPDATE\s+\S+\s+SET|INSERT\s+INTO|DELETE\s+FROM|TRUNCATE|MERGE\s+INTO)\s",
    re.IGNORECASE,
)

# Writes outside memory/actions that are not of our clinical models, each justified.
ALLOWED_WRITES = {
    # The demo clinician is a Django auth user created with its password on first run.
    ("memory/demo.py", "save"),
    ("memory/demo.py", "get_or_create"),
    # Redis heartbeat keys of the Celery broker, not a model.
    ("medgraph_web/broker.py", "delete"),
}


def python_files(*packages: str) -> Iterator[tuple[str, ast.Module]]:
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            yield rel, ast.parse(path.read_text(encoding="utf-8"), filename=rel)


def imported_modules(tree: ast.Module) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"


def _receiver_names(node: ast.expr) -> set[str]:
    """Attribute and method names along a call chain: `Fact.objects.filter(...)`
    gives {"Fact", "objects", "filter"}."""
    names: set[str] = set()
    while True:
        if isinstance(node, ast.Call):
            node = node.func
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
            node = node.value
        elif isinstance(node, ast.Name):
            names.add(node.id)
            return names
        else:
            return names


def _is_write(method: str, receiver: set[str]) -> bool:
    return (
        method in ALWAYS_WRITES
        or (method in QUERYSET_WRITES and bool(receiver & QUERYSET_SOURCES))
        or (method in M2M_WRITES and bool(receiver & M2M_FIELDS))
    )


def _sql_text(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and node.values:
        first = node.values[0]
        return str(first.value) if isinstance(first, ast.Constant) else None
    return None


def model_writes(tree: ast.Module) -> Iterator[tuple[int, str]]:
    sql_lines: set[int] = set()  # an f-string and its first constant are one statement
    for node in ast.walk(tree):
        text = _sql_text(node)
        if text is not None and RAW_WRITE_SQL.match(text) and node.lineno not in sql_lines:
            sql_lines.add(node.lineno)
            yield node.lineno, "raw SQL write"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            method = node.func.attr
            if _is_write(method, _receiver_names(node.func.value)):
                yield node.lineno, method


def test_only_actions_write_models() -> None:
    found = [
        f"{rel}:{line}: {what}"
        for rel, tree in python_files(*PACKAGES)
        if not rel.startswith(WRITERS)
        for line, what in model_writes(tree)
        if (rel, what) not in ALLOWED_WRITES
    ]
    assert found == [], "model writes outside memory/actions/:\n" + "\n".join(found)


def test_domain_imports_no_django_and_nothing_outside_the_domain() -> None:
    found = [
        f"{rel}:{line}: {module}"
        for rel, tree in python_files("memory/domain")
        for line, module in imported_modules(tree)
        if module.split(".")[0] in ("django", "rest_framework", "celery", "medgraph_web")
        or (module.startswith("memory") and not module.startswith("memory.domain"))
    ]
    assert found == [], "memory/domain must stay pure:\n" + "\n".join(found)


def test_middle_layers_do_not_import_the_interfaces() -> None:
    found = [
        f"{rel}:{line}: {module}"
        for rel, tree in python_files("memory")
        if rel.startswith(MIDDLE)
        for line, module in imported_modules(tree)
        if module.startswith(INTERFACES)
    ]
    assert found == [], "actions/queries/answering/retrieval import web/api/management:\n" + (
        "\n".join(found)
    )


def test_nothing_in_the_application_imports_bench() -> None:
    found = [
        f"{rel}:{line}: {module}"
        for rel, tree in python_files(*PACKAGES)
        for line, module in imported_modules(tree)
        if module == "bench" or module.startswith("bench.")
    ]
    assert found == [], "the application imports bench/:\n" + "\n".join(found)


def test_the_write_check_finds_a_write() -> None:
    """The checker itself: each kind of write it must catch is caught."""
    source = (
        "Fact.objects.filter(pk=1).update(status='x')\n"
        "fact.save()\n"
        "patient.care_team.add(user)\n"
        "Session.objects.create(seq=1)\n"
        "cur.execute('UPDATE memory_fact SET x = 1')\n"
        "cur.execute('insert into memory_fact (x) values (1)')\n"
        "cur.execute(f'DELETE FROM {table} WHERE id = 1')\n"
        'def f():\n    """Insert keeping every other fact\'s causes."""\n'
        "seen.add(1)\n"
        "counts.update(other)\n"
    )
    kinds = [what for _, what in model_writes(ast.parse(source))]
    assert sorted(kinds) == [
        "add", "create", "raw SQL write", "raw SQL write", "raw SQL write", "save", "update"
    ]  # fmt: skip
