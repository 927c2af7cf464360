"""medgraph run: migrate, load the demo patient into an empty database, start worker + web."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from medgraph_web import embedded
from medgraph_web.supervision import SERVICE_CHECK_S, restart_dead_services
from memory.demo import ensure_demo


class Command(BaseCommand):
    help = "Start MedGraph: embedded services, migrations, demo data, a worker and the web server."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--host",
            default=os.environ.get("HOST", "127.0.0.1"),
            help="address to listen on (default: HOST or 127.0.0.1)",
        )
        parser.add_argument(
            "--port",
            type=int,
            default=int(os.environ.get("PORT", "8000")),
            help="port to listen on (default: PORT or 8000)",
        )
        parser.add_argument("--no-demo", action="store_true", help="do not load the demo patient")
        parser.add_argument(
            "--worker-concurrency",
            type=int,
            default=2,
            help="construction processes of the worker (default: 2)",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        if settings.EMBEDDED_REDIS:
            embedded.ensure_redis(settings.VAR_DIR)
        call_command("migrate", interactive=False, verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)
        bin_dir = Path(sys.executable).parent
        # Services log JSON lines at INFO unless configured; the CLI's quiet defaults stay here.
        env = {k: v for k, v in os.environ.items() if k != "MEDGRAPH_CLI"}
        env["GUNICORN_BIND"] = f"{opts['host']}:{opts['port']}"
        if opts["host"] in ("127.0.0.1", "localhost", "::1"):
            # Plain http on loopback: no HTTPS redirect, HSTS or secure-only cookies.
            env.setdefault("MEDGRAPH_PLAIN_HTTP", "1")
        # -B: the worker also runs beat, which checks for stuck sessions periodically.
        worker = subprocess.Popen(
            [str(bin_dir / "celery"), "-A", "medgraph_web", "worker", "--loglevel=INFO",
             f"--concurrency={opts['worker_concurrency']}", "-B",
             "--schedule", str(settings.VAR_DIR / "celerybeat-schedule")],
            env=env,
        )  # fmt: skip
        web = subprocess.Popen(
            [str(bin_dir / "gunicorn"), "-c", "python:medgraph_web.gunicorn_conf",
             "medgraph_web.wsgi:application"],
            env=env,
        )  # fmt: skip
        if not opts["no_demo"]:
            credentials = ensure_demo(settings.VAR_DIR)
            if credentials:
                self.stdout.write(
                    f"Demo login: user {credentials[0]!r}, password {credentials[1]!r} "
                    f"(also in {settings.VAR_DIR / 'demo_credentials.txt'})"
                )
        self.stdout.write(
            self.style.SUCCESS(f"MedGraph is running at http://{opts['host']}:{opts['port']}/")
        )
        self.stdout.write(
            "Ctrl-C stops web and worker (embedded PostgreSQL/Redis keep running; "
            "while MedGraph runs they are restarted if they stop)."
        )
        self._supervise([worker, web])

    def _supervise(self, procs: list[subprocess.Popen[bytes]]) -> None:
        def stop(*_: object) -> None:
            for p in procs:
                if p.poll() is None:
                    p.terminate()
            for p in procs:
                try:
                    p.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    p.kill()
            raise SystemExit(0)

        signal.signal(signal.SIGTERM, stop)
        last_check = time.monotonic()
        try:
            while all(p.poll() is None for p in procs):
                time.sleep(1)
                if time.monotonic() - last_check >= SERVICE_CHECK_S:
                    last_check = time.monotonic()
                    for name in restart_dead_services():
                        self.stderr.write(f"embedded {name} was down: restarted")
        except KeyboardInterrupt:
            stop()
        exited = [str(p.args[0]) for p in procs if p.poll() is not None]
        self.stderr.write(f"stopping: {', '.join(exited)} exited")
        stop()
