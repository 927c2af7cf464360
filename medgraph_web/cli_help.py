"""`medgraph help`: an introduction, MedGraph's own commands, then Django's, listed apart.

Command summaries are read from the command modules' source (the first line
of each `help`), so the overview needs no settings, database or broker.
"""

from __future__ import annotations

import ast
from pathlib import Path

from medgraph_web import __version__

INTRO = """\
MedGraph {version}: a longitudinal, cited memory of each patient built from
doctor-patient dialogues (English and Chinese).

Quick start: `medgraph run` starts everything (embedded PostgreSQL and Redis,
a worker, the web app at http://127.0.0.1:8000/ with a demo patient); then,
in another terminal, `medgraph import FILE --wait`, `medgraph sessions`,
`medgraph ask --patient demo-001 "what is the current medication?"`.
Nothing needs configuring on a fresh machine; see README "Configuration".

Usage: medgraph COMMAND [options]      medgraph COMMAND --help
"""
MEMORY_COMMANDS_DIR = Path(__file__).resolve().parent.parent / "memory" / "management" / "commands"


def command_summary(path: Path) -> str:
    """First line of `help = ...` in a management command module, without importing it."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == "Command":
            for item in node.body:
                if (
                    isinstance(item, ast.Assign)
                    and any(getattr(t, "id", "") == "help" for t in item.targets)
                    and isinstance(item.value, ast.Constant)
                ):
                    text = " ".join(str(ast.literal_eval(item.value)).split())
                    return text.split(". ")[0].rstrip(".") + "."
    return ""


def medgraph_commands() -> dict[str, str]:
    return {
        path.stem: command_summary(path)
        for path in sorted(MEMORY_COMMANDS_DIR.glob("*.py"))
        if not path.stem.startswith("_")
    }


def overview(django_commands: list[str]) -> str:
    ours = medgraph_commands()
    width = max(len(name) for name in ours) + 2
    lines = [INTRO.format(version=__version__), "MedGraph commands:"]
    lines += [f"  {name.ljust(width)}{summary}" for name, summary in ours.items()]
    others = sorted(set(django_commands) - set(ours))
    lines += ["", "Django commands (administration; `medgraph help COMMAND` for details):"]
    lines += _columns(others, indent=2, width=78)
    return "\n".join(lines)


def _columns(names: list[str], indent: int, width: int) -> list[str]:
    out, line = [], " " * indent
    for name in names:
        if len(line) + len(name) + 2 > width:
            out.append(line.rstrip())
            line = " " * indent
        line += name + "  "
    if line.strip():
        out.append(line.rstrip())
    return out
