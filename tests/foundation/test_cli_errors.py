"""No user error prints a traceback; the database is prepared or reported in one line."""

from __future__ import annotations

import os
from urllib.parse import quote

import pytest
from django.db import connection

from medgraph_web.cli import main

from .cli_helpers import medgraph

BAD_ARGUMENTS = [
    ["ask", "what is the dose?"],
    ["ask", "--patient", "nobody", "what is the dose?"],
    ["ask", "--patient", "nobody", "--at", "yesterday", "dose?"],
    ["eval", "--histories", "many"],
    ["export", "--patient", "nobody"],
    ["export", "--patient", "nobody", "--format", "pdf"],
    ["import", "/no/such/file.json"],
    ["import", "--format", "xml", "/no/such/file.json"],
    ["reconstruct", "--patient", "nobody"],
    ["reindex", "--embedder", "no-such-embedder"],
    ["run", "--port", "eighty"],
    ["services", "restart"],
    ["sessions", "--status", "bogus"],
    ["sessions", "--limit", "many"],
    ["no-such-command"],
]


@pytest.mark.django_db
@pytest.mark.parametrize("argv", BAD_ARGUMENTS, ids=lambda a: " ".join(a))
def test_a_bad_argument_is_reported_without_a_traceback(argv, capfd, monkeypatch):
    monkeypatch.setenv("MEDGRAPH_CLI", "1")  # restored after the test, like every variable
    monkeypatch.setenv("SECRET_KEY", os.environ["SECRET_KEY"])
    with pytest.raises(SystemExit) as exited:
        main(argv)
    err = capfd.readouterr().err
    assert exited.value.code not in (0, None)
    assert err.strip() and "Traceback" not in err


@pytest.fixture
def scratch_database(django_db_blocker):
    name = f"cli_scratch_{os.getpid()}"
    with django_db_blocker.unblock():
        connection.ensure_connection()
        socket_dir = connection.settings_dict["HOST"]
        yield name, socket_dir
        with connection._nodb_cursor() as cur:
            cur.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_the_embedded_database_is_migrated_on_first_use(scratch_database):
    name, _ = scratch_database
    out = medgraph("sessions", env={"MEDGRAPH_EMBEDDED_DB": name, "SECRET_KEY": "k" * 50})
    assert out.returncode == 0, out.stderr
    assert "first use" in out.stderr and out.stdout.strip() == "no sessions"


def test_an_unmigrated_external_database_is_one_line(scratch_database, django_db_blocker):
    name, socket_dir = scratch_database
    with django_db_blocker.unblock(), connection._nodb_cursor() as cur:
        cur.execute(f'CREATE DATABASE "{name}"')
    url = f"postgres://postgres@{quote(socket_dir, safe='')}/{name}"
    out = medgraph("sessions", env={"DATABASE_URL": url, "SECRET_KEY": "k" * 50})
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        f"medgraph: the database '{name}' on {socket_dir} has unapplied migrations: "
        "run `medgraph migrate` first"
    ]
