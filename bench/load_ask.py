"""Load test: concurrent asks against a real server on 127.0.0.1.

    MEDGRAPH_EMBEDDED_DB=bench_load .venv/bin/python bench/load_ask.py \
        [--concurrency 50] [--requests 200] [--workers N] [--threads 4] [--deadline 300]

Runs in its own database (MEDGRAPH_EMBEDDED_DB, default bench_load on the
embedded server): migrates it, loads and constructs the demo patient if it is
empty, starts gunicorn with the deployed configuration
(medgraph_web/gunicorn_conf.py: gthread workers, one per core unless --workers,
a psycopg pool per worker, models and database warmed before serving) on a
free loopback port, waits until every worker has warmed up (not only the
first: a still-loading worker's CPU would count as CPU per ask), obtains an
API token and sends `--requests` POST /api/patients/demo-001/ask/ with
`--concurrency` in flight (extractive reader, no LLM) from bench/loadgen.py:
one asyncio loop, one keep-alive connection per simulated client, opened one
at a time before the first request (a burst of connects lands on one worker and
stays there); `--no-keepalive` opens a connection per request instead. Prints
p50/p95/max latency, the error count, the throughput, the CPU per ask of the
server (gunicorn processes), of PostgreSQL (the embedded server's processes)
and of the load generator itself, and the load average; exits 1 when
p95 > --target-ms or any request failed. Bounded: a fixed number of requests
and a wall-clock deadline.

The questions (bench/load_questions.py) are generated from the demo patient's
own items and session dates in English and Chinese, plus the 18 of
memory/fixtures/demo/questions.json: a few hundred distinct questions, so the
per-process caches (question vectors, chain states, the patient's profile and
conflicts, keyed by its memory version) do not carry the result. `--cold`
switches those caches off (MEDGRAPH_QUERY_CACHE=0, MEDGRAPH_READ_CACHE=0) for
the all-cold figure.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import secrets
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import load_questions
import loadgen

ROOT = Path(__file__).resolve().parents[1]
PATIENT = "demo-001"


def main() -> int:
    args = _args()
    os.environ.setdefault("MEDGRAPH_EMBEDDED_DB", "bench_load")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "medgraph_web.settings")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    os.environ.setdefault("MEDGRAPH_PLAIN_HTTP", "1")  # loopback: plain http
    sys.path.insert(0, str(ROOT))
    password, questions, postmaster = _prepare()
    port = _free_port()
    server = _start_server(port, args)
    try:
        base = f"http://127.0.0.1:{port}"
        _wait_healthy(base, 120)
        _wait_workers_idle(server.pid, args.workers or max(2, os.cpu_count() or 2), 300)
        token = _token(base, password)
        before = _cpu(server.pid, postmaster)
        started = time.perf_counter()
        outcome = _run(port, token, questions, args)
        elapsed = time.perf_counter() - started
        cpu = [b - a for a, b in zip(before, _cpu(server.pid, postmaster), strict=True)]
    finally:
        server.terminate()
        server.wait(timeout=30)
    per_ask = [f"{x * 1000 / args.requests:.1f}" for x in cpu]
    print(f"questions: {len(questions)} distinct; keep-alive reconnects: {outcome.reconnects}")
    print(f"CPU per ask ms: server {per_ask[0]} (gunicorn processes) | postgres {per_ask[1]} | "
          f"load generator {per_ask[2]}; throughput {args.requests / elapsed:.1f} asks/s "
          f"over {elapsed:.1f} s")  # fmt: skip
    return _report(outcome.latencies_ms, outcome.errors, args)


def _cpu(master: int, postmaster: int) -> tuple[float, float, float]:
    """CPU seconds so far of the server, of PostgreSQL and of this process (the client)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return _server_cpu_s(master), _postgres_cpu_s(postmaster), usage.ru_utime + usage.ru_stime


def _wait_workers_idle(master: int, workers: int, timeout: float) -> None:
    """Until every worker has finished its warm-up (models, lexicons, database).

    The server answers as soon as ONE worker is ready; the others may still be
    loading, and their warm-up CPU would otherwise be counted as CPU per ask
    (and their missing capacity as latency). Ready = all workers present and
    none using CPU over a second with no request in flight.
    """
    deadline = time.monotonic() + timeout
    last: dict[int, float] = {}
    quiet = 0
    while time.monotonic() < deadline and quiet < 2:
        time.sleep(0.5)
        now = _worker_cpu_s(master)
        busy = len(now) < workers or any(now[p] - last.get(p, 0.0) > 0.02 for p in now)
        quiet = 0 if busy else quiet + 1
        last = now
    if quiet < 2:
        raise SystemExit("the workers did not finish warming up")


def _worker_cpu_s(master: int) -> dict[int, float]:
    tick = os.sysconf("SC_CLK_TCK")
    out: dict[int, float] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:
            out[int(stat.parent.name)] = (int(fields[11]) + int(fields[12])) / tick
    return out


def _postgres_cpu_s(postmaster: int) -> float:
    """User + system CPU seconds of the postmaster and its children (backends, WAL
    writer, checkpointer, autovacuum), plus those of its children that already
    exited (reaped: counted in the postmaster's cutime/cstime)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(stat.parent.name), int(fields[1])
        if pid == postmaster:
            total += sum(int(f) for f in fields[11:15]) / tick
        elif ppid == postmaster:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _server_cpu_s(master: int) -> float:
    """User + system CPU seconds of the gunicorn master and its workers (Linux /proc).

    On a shared machine wall-clock latency mostly measures the neighbours; the
    server's CPU per ask is what the code controls.
    """
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended meanwhile
        pid, ppid = int(stat.parent.name), int(fields[1])
        if master in (pid, ppid):
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--workers", type=int, default=None, help="default: gunicorn_conf's")
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--cold", action="store_true", help="per-process caches off")
    parser.add_argument("--no-keepalive", action="store_true",
                        help="a new connection per request, as from a reverse proxy")  # fmt: skip
    parser.add_argument("--deadline", type=float, default=300.0, help="seconds for the whole run")
    parser.add_argument("--target-ms", type=float, default=500.0)
    return parser.parse_args()


def _prepare() -> tuple[str, list[str], int]:
    """Migrated database with the constructed demo patient; (password, questions,
    PostgreSQL's postmaster pid)."""
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection

    from memory.demo import DEMO_USER, ensure_demo
    from memory.models import Patient, Session
    from memory.pipeline.waiting import wait_for_sessions

    call_command("migrate", interactive=False, verbosity=0)
    # DEBUG off serves static files from the manifest, as `medgraph run` prepares it.
    call_command("collectstatic", interactive=False, verbosity=0)
    if not Patient.objects.filter(external_id=PATIENT).exists():
        from django.conf import settings

        (settings.VAR_DIR / "bench_load").mkdir(parents=True, exist_ok=True)
        ensure_demo(settings.VAR_DIR / "bench_load")
    pending = Session.objects.exclude(status=Session.Status.DONE)
    if pending.exists():
        wait_for_sessions(list(pending.values_list("pk", flat=True)), timeout_s=1800)
    password = "bench-load-password-1"
    user = get_user_model().objects.get(username=DEMO_USER)
    user.set_password(password)
    user.save()
    questions = load_questions.questions(PATIENT)
    with connection.cursor() as cur:
        cur.execute("SELECT current_setting('data_directory')")
        (data_dir,) = cur.fetchone()
    connection.close()
    # The postmaster's pid is the first line of its pid file in the data directory.
    postmaster = int((Path(data_dir) / "postmaster.pid").read_text().split()[0])
    return password, questions, postmaster


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _start_server(port: int, args: argparse.Namespace) -> subprocess.Popen[bytes]:
    env = dict(os.environ, MEDGRAPH_THROTTLE_USER="1000000/min", MEDGRAPH_PLAIN_HTTP="1",
               GUNICORN_BIND=f"127.0.0.1:{port}", GUNICORN_THREADS=str(args.threads),
               GUNICORN_ACCESS_LOG="/dev/null")  # fmt: skip
    if args.workers:
        env["WEB_CONCURRENCY"] = str(args.workers)
    if args.cold:
        env.update(MEDGRAPH_QUERY_CACHE="0", MEDGRAPH_READ_CACHE="0")
    command = [
        str(Path(sys.executable).parent / "gunicorn"), "-c", "python:medgraph_web.gunicorn_conf",
        "medgraph_web.wsgi:application", "--log-level", "warning",
    ]  # fmt: skip
    return subprocess.Popen(command, cwd=ROOT, env=env)


def _wait_healthy(base: str, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            # The login page, not /healthz: no Celery worker runs here, and /healthz
            # reports a missing worker as unhealthy; asks need none.
            with urllib.request.urlopen(base + "/accounts/login/", timeout=5) as reply:
                if reply.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.5)
    raise SystemExit("the server did not become healthy")


def _post(url: str, body: dict, headers: dict[str, str], timeout: float = 60) -> dict:
    data = json.dumps(body).encode()
    all_headers = {"Content-Type": "application/json", **headers}
    request = urllib.request.Request(url, data=data, method="POST", headers=all_headers)
    with urllib.request.urlopen(request, timeout=timeout) as reply:
        return json.loads(reply.read())


def _token(base: str, password: str) -> str:
    return _post(base + "/api/auth/token/", {"username": "demo", "password": password}, {})["token"]


def _run(port: int, token: str, questions: list[str], args: argparse.Namespace) -> loadgen.Outcome:
    # No warm-up asks: the workers load models and connect before they serve.
    def body(i: int) -> bytes:
        return json.dumps({"question": questions[i % len(questions)]}).encode()

    return loadgen.run(
        "127.0.0.1", port, f"/api/patients/{PATIENT}/ask/", {"Authorization": f"Token {token}"},
        body, args.requests, args.concurrency, args.deadline, keepalive=not args.no_keepalive,
    )  # fmt: skip


def _report(latencies: list[float], errors: list[str], args: argparse.Namespace) -> int:
    ordered = sorted(latencies) or [0.0]
    p95 = _p95(latencies)
    workers = args.workers or f"{max(2, os.cpu_count() or 2)} (default)"
    print(f"asks: {len(latencies)} ok, {len(errors)} errors, concurrency {args.concurrency}, "
          f"gunicorn gthread {workers} workers x {args.threads} threads"
          f"{', caches off' if args.cold else ''}")  # fmt: skip
    print(f"latency ms: p50 {statistics.median(ordered):.0f}  p95 {p95:.0f}  "
          f"max {ordered[-1]:.0f}  (target p95 <= {args.target_ms:.0f})")  # fmt: skip
    print("p95 by quarter of the run, in completion order: " + _quarters(latencies))
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    for error in sorted(set(errors))[:5]:
        print(f"error: {error}")
    return 0 if not errors and p95 <= args.target_ms else 1


def _p95(values: list[float]) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[max(0, round(0.95 * len(ordered)) - 1)]


def _quarters(latencies: list[float]) -> str:
    """The p95 of each quarter: a cold first quarter (every cache empty, the
    first burst of `--concurrency` requests queued at once) shows apart from
    the steady state."""
    size = max(1, len(latencies) // 4)
    parts = [latencies[i * size : (i + 1) * size if i < 3 else None] for i in range(4)]
    return " | ".join(f"{_p95(part):.0f}" for part in parts if part)


if __name__ == "__main__":
    raise SystemExit(main())
