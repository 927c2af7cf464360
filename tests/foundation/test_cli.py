"""The `medgraph` command behaves like a finished tool: help, version, keys, one-line errors."""

from __future__ import annotations

import stat

import pytest

from medgraph_web import __version__

from .cli_helpers import medgraph

MEDGRAPH_COMMANDS = [
    "ask", "eval", "export", "import", "reconstruct", "reindex", "run", "services", "sessions",
]  # fmt: skip


@pytest.fixture
def fresh_var(tmp_path):
    """A var/ directory no process has used: nothing configured, nothing running."""
    return {"MEDGRAPH_VAR_DIR": str(tmp_path / "var")}


@pytest.mark.parametrize("argv", [["--version"], ["import", "--version"]])
def test_version_is_medgraphs_not_djangos(argv, fresh_var):
    out = medgraph(*argv, env=fresh_var)
    assert out.returncode == 0 and out.stdout.strip() == f"medgraph {__version__}"


def test_help_introduces_medgraph_and_lists_django_commands_apart(fresh_var):
    out = medgraph("help", env=fresh_var)
    ours, _, django = out.stdout.partition("Django commands")
    assert out.returncode == 0 and "longitudinal" in ours
    assert all(f"\n  {name} " in ours for name in MEDGRAPH_COMMANDS)
    assert "migrate" in django and "migrate" not in ours


def test_command_help_works_with_a_malformed_configuration(fresh_var):
    out = medgraph("import", "--help", env={**fresh_var, "DEBUG": "ture"})
    assert out.returncode == 0 and "--wait" in out.stdout and "Traceback" not in out.stderr


def test_a_command_without_secret_key_generates_and_keeps_one_private_key(fresh_var, tmp_path):
    first = medgraph("check", env=fresh_var)
    key_file = tmp_path / "var" / "secret_key"
    key = key_file.read_text()
    second = medgraph("check", env=fresh_var)
    assert (first.returncode, second.returncode) == (0, 0)
    assert key_file.read_text() == key and stat.S_IMODE(key_file.stat().st_mode) == 0o600


def test_importing_the_settings_starts_no_server(fresh_var, tmp_path):
    out = medgraph("services", "status", env=fresh_var)
    var = tmp_path / "var"
    assert out.returncode == 0 and "stopped" in out.stdout
    assert not (var / "pgdata").exists() and not (var / "redis").exists()


@pytest.mark.parametrize("command", [*MEDGRAPH_COMMANDS, "migrate"])
def test_a_malformed_variable_is_one_line_naming_it_with_exit_status_2(command, fresh_var):
    out = medgraph(command, env={**fresh_var, "DEBUG": "ture"})
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        "medgraph: configuration error: DEBUG='ture' is not a boolean "
        "(use one of 1/0, true/false, yes/no, on/off)"
    ]


def test_a_database_url_of_another_kind_is_one_line(fresh_var):
    out = medgraph("sessions", env={**fresh_var, "DATABASE_URL": "mysql://db/x"})
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    assert "DATABASE_URL" in out.stderr
