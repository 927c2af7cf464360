"""The layer contract, checked on the source (AST), so it runs in every test run.

web | api | management  →  actions | queries | answering | retrieval  →  domain

- memory/domain is pure Python: it imports no Django and nothing of memory outside it;
- the middle layers never import the interfaces above them;
- only memory/actions (and migrations) write models: no save/create/update/delete,
  bulk writes, get_or_create/update_or_create, care-team changes or raw
  UPDATE/INSERT/DELETE SQL anywhere else;
- nothing in memory/ or medgraph_web/ imports bench/;
- memory/ has no import cycles, counting imports inside functions and under
  TYPE_CHECKING (a deferred import that dodges a cycle is still a cycle);
- web/ and api/ reach the database only through memory/queries (reads) and
  memory/actions (writes): no model manager, raw SQL or cursor of their own,
  apart from an allowlist that only shrinks;
- memory/extraction/rules/ writes no word list as a regex alternation of more than
  8 literals: cue words live in memory/lexicon/data/cues/ (allowlist that only shrinks).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from tests.hygiene.regex_lists import LIMIT, word_lists

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


def module_name(rel: str) -> str:
    """'memory/a/b.py' -> 'memory.a.b'; a package's __init__.py is the package."""
    name = rel.removesuffix(".py").replace("/", ".")
    return name.removesuffix(".__init__")


def import_graph(files: list[tuple[str, ast.Module]]) -> dict[str, set[str]]:
    """module -> the modules of `files` it imports, anywhere in its body.

    `from a.b import c` depends on the module a.b.c when there is one, else on a.b;
    reaching a submodule is not counted as importing its package's __init__."""
    names = {module_name(rel) for rel, _ in files}
    graph: dict[str, set[str]] = {}
    for rel, tree in files:
        deps = set(_dependencies(tree, names))
        graph[module_name(rel)] = deps - {module_name(rel)}
    return graph


def _dependencies(tree: ast.Module, names: set[str]) -> Iterator[str]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name in names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                if submodule in names:
                    yield submodule
                elif node.module in names:
                    yield node.module


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for dep in sorted(graph.get(node, ())):
            if dep not in index:
                visit(dep)
                low[node] = min(low[node], low[dep])
            elif dep in stack:
                low[node] = min(low[node], index[dep])
        if low[node] == index[node]:
            component = [stack.pop()]
            while component[-1] != node:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_memory_has_no_import_cycles() -> None:
    files = [(rel, t) for rel, t in python_files("memory") if "/migrations/" not in rel]
    found = [" <-> ".join(c) for c in cycles(import_graph(files))]
    assert found == [], "import cycles in memory/:\n" + "\n".join(found)


def test_the_cycle_check_finds_a_cycle_through_a_deferred_import() -> None:
    files = [
        ("memory/a.py", ast.parse("from memory.b import f\n")),
        ("memory/b.py", ast.parse("def f():\n    from memory import c\n")),
        ("memory/c.py", ast.parse("import memory.a\n")),
        ("memory/d.py", ast.parse("from memory.a import x\n")),
    ]
    assert cycles(import_graph(files)) == [["memory.a", "memory.b", "memory.c"]]


# Reaching the database from an interface: a model manager (`Fact.objects`), a raw
# query (`.raw(...)`) or a cursor of the connection.
ORM_ATTRIBUTES = {"objects", "raw"}
INTERFACE_PACKAGES = ("memory/web", "memory/api")

# Interface modules that still query the database themselves, and how often. Each
# entry moves into memory/queries/ (issue 32); the list only shrinks: the test fails
# when a module needs more, and when it needs fewer (lower or remove its entry).
ORM_IN_INTERFACES_ALLOWED = {
    # The database ping of /healthz: a liveness probe of the connection, not a read.
    "memory/web/health.py": 1,
}


def orm_accesses(tree: ast.Module) -> Iterator[tuple[int, str]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in ORM_ATTRIBUTES:
            yield node.lineno, node.attr
        elif (
            isinstance(node, ast.Attribute)
            and node.attr == "cursor"
            and isinstance(node.value, ast.Name)
            and node.value.id == "connection"
        ):
            yield node.lineno, "connection.cursor"


def test_web_and_api_reach_the_database_only_through_queries_and_actions() -> None:
    counts: dict[str, int] = {}
    for rel, tree in python_files(*INTERFACE_PACKAGES):
        n = sum(1 for _ in orm_accesses(tree))
        if n or rel in ORM_IN_INTERFACES_ALLOWED:
            counts[rel] = n
    over = {rel: n for rel, n in counts.items() if n != ORM_IN_INTERFACES_ALLOWED.get(rel, 0)}
    assert over == {}, (
        "database access in web/api (module: found, allowed) — read through memory/queries, "
        "or lower the allowance when one moved:\n"
        + "\n".join(
            f"{rel}: {n}, {ORM_IN_INTERFACES_ALLOWED.get(rel, 0)}" for rel, n in over.items()
        )
    )


def test_the_orm_check_finds_managers_raw_sql_and_cursors() -> None:
    source = (
        "Fact.objects.filter(pk=1)\n"
        "Session.objects.raw('SELECT 1')\n"
        "with connection.cursor() as cur:\n    pass\n"
        "fact_rows(facts)\n"
    )
    assert sorted(what for _, what in orm_accesses(ast.parse(source))) == [
        "connection.cursor", "objects", "objects", "raw"
    ]  # fmt: skip


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


# Rule modules allowed to spell a word list as a regex alternation, and how many
# (paths under memory/extraction/rules/). Every list has moved into a cue file under
# memory/lexicon/data/cues/ (issue 32, item 1), so none is allowed; an entry may only
# shrink: the test fails when a module has more lists than allowed, and when it has fewer.
WORD_LISTS_ALLOWED: dict[str, int] = {}


def test_rules_keep_word_lists_in_cue_files() -> None:
    counts: dict[str, int] = {}
    rules = ROOT / "memory/extraction/rules"
    for path in sorted(rules.rglob("*.py")):
        name = path.relative_to(rules).as_posix()
        n = sum(1 for _ in word_lists(ast.parse(path.read_text(encoding="utf-8"))))
        if n or name in WORD_LISTS_ALLOWED:
            counts[name] = n
    over = {name: n for name, n in counts.items() if n != WORD_LISTS_ALLOWED.get(name, 0)}
    assert over == {}, (
        f"regex alternations of more than {LIMIT} literals in memory/extraction/rules/ "
        "(module: found, allowed) — move the words to memory/lexicon/data/cues/, "
        "or lower the allowance when a list moved:\n"
        + "\n".join(f"{name}: {n}, {WORD_LISTS_ALLOWED.get(name, 0)}" for name, n in over.items())
    )


def test_the_word_list_check_counts_literals_not_grammar() -> None:
    nine = "|".join(f"word{i}" for i in range(9))
    eight = "|".join(f"word{i}" for i in range(8))
    grammar = "|".join(f"w{i}\\w*" for i in range(12))
    source = (
        f"A = r'(?:{nine})\\s+x'\n"
        f"B = r'\\b(?:{eight})\\b'\n"
        f"C = r'(?P<x>{grammar})'\n"
        f"D = r'(?:dust\\s+mites|' r'{eight})'\n"
    )
    assert [line for line, _ in word_lists(ast.parse(source))] == [1, 4]
