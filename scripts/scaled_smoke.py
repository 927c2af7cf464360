"""`make scaled-smoke`: the scaled setup of docker-compose.yml, run for real on one machine.

PostgreSQL and Redis listen on loopback TCP; gunicorn and separate Celery
worker processes reach them only through DATABASE_URL and REDIS_URL, as the
compose services do. Ten patients' sessions are uploaded concurrently through
the REST API (each patient's in order), first with one worker, then with
three. Checked: every session done, each patient's sessions constructed in
arrival order, and its medication chain holding each reported dose exactly
once, in order. Prints the throughput of both runs and the speed-up.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parent))
from smoke_services import TcpServices, free_port

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


METRICS_TOKEN = "scaled-smoke-metrics-" + "m" * 20


class SmokeFailure(AssertionError):
    pass


def check_endpoints(base: str) -> None:
    """/healthz is green with workers up; /metrics answers the scraper in Prometheus text."""
    with urllib.request.urlopen(base + "/healthz", timeout=30) as resp:
        health = json.load(resp)
    if health.get("status") != "ok":
        raise SmokeFailure(f"/healthz: {health}")
    req = urllib.request.Request(
        base + "/metrics", headers={"Authorization": f"Bearer {METRICS_TOKEN}"}
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        text = resp.read().decode()
    for name in ("medgraph_http_request_duration_seconds_count", "medgraph_live_workers"):
        if name not in text:
            raise SmokeFailure(f"/metrics lacks {name}")


def app_env(services: TcpServices, var: Path) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "MEDGRAPH_"))}
    return {
        **keep,
        "DATABASE_URL": services.database_url,
        "REDIS_URL": services.redis_url,
        "SECRET_KEY": "scaled-smoke-" + "x" * 40,
        "MEDGRAPH_VAR_DIR": str(var),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "LOG_LEVEL": "WARNING",
        "METRICS_TOKEN": METRICS_TOKEN,
        "DJANGO_SETTINGS_MODULE": "medgraph_web.settings",
        # Plain http on loopback, as `medgraph run` serves it (no HTTPS redirect).
        "MEDGRAPH_PLAIN_HTTP": "1",
        # Thirty concurrent uploads per phase from one user: above the API throttle.
        "MEDGRAPH_THROTTLE_USER": "100000/min",
    }


def medgraph(env: dict[str, str], *args: str) -> str:
    out = subprocess.run(
        [sys.executable, "-m", "medgraph_web.cli", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    if out.returncode != 0:
        raise SmokeFailure(f"medgraph {' '.join(args)} failed:\n{out.stderr[-3000:]}")
    return out.stdout


SETUP = """
from django.contrib.auth.models import User
from memory.actions.tokens import do_issue_token
from memory.models import Patient
user, _ = User.objects.get_or_create(username="smoke")
user.is_superuser = True
user.save()
for i in range(PATIENTS):
    for prefix in ("one", "three"):
        Patient.objects.get_or_create(external_id=f"{prefix}-{i}")
for name in ("warm-one-0", "warm-three-0", "warm-three-1", "warm-three-2"):
    Patient.objects.get_or_create(external_id=name)
print(do_issue_token(user)[0])
"""


def session_doc(patient: str, k: int) -> bytes:
    dose = 500 + 10 * k
    doc = {
        "patient": {"id": patient},
        "sessions": [
            {
                "id": f"s{k:02d}",
                "date": f"2024-{1 + k // 28:02d}-{1 + k % 28:02d}",
                "turns": [
                    {"speaker": "doctor", "text": "Which medicines are you taking now?"},
                    {"speaker": "patient", "text": f"I take metformin {dose} mg twice a day."},
                ],
            }
        ],
    }
    return json.dumps(doc).encode()


def post(url: str, token: str, body: bytes) -> None:
    req = urllib.request.Request(
        url, data=body, method="POST",
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )  # fmt: skip
    try:
        with urllib.request.urlopen(req, timeout=120) as resp:
            if resp.status != 201:
                raise SmokeFailure(f"{url}: HTTP {resp.status}")
    except urllib.error.HTTPError as exc:
        raise SmokeFailure(f"{url}: HTTP {exc.code}: {exc.read()[:300]!r}") from None


def upload_all(base: str, token: str, patients: list[str], sessions: int) -> None:
    """Patients in parallel; each patient's sessions one after another, in order."""

    def one_patient(pid: str) -> None:
        for k in range(sessions):
            post(f"{base}/api/patients/{pid}/sessions/", token, session_doc(pid, k))

    with ThreadPoolExecutor(max_workers=len(patients)) as pool:
        list(pool.map(one_patient, patients))


def wait_done(dsn: str, patients: list[str], total: int, timeout_s: float) -> float:
    deadline = time.monotonic() + timeout_s
    with psycopg.connect(dsn, autocommit=True) as conn:
        while time.monotonic() < deadline:
            row = conn.execute(
                "SELECT count(*) FILTER (WHERE s.status IN ('done', 'failed')), count(*) "
                "FROM memory_session s JOIN memory_patient p ON p.id = s.patient_id "
                "WHERE p.external_id = ANY(%s)",
                [patients],
            ).fetchone()
            if row[1] == total and row[0] == total:
                return time.monotonic()
            time.sleep(0.25)
    raise SmokeFailure(f"sessions not finished after {timeout_s:.0f} s: {row[0]}/{total}")


def check(dsn: str, patients: list[str], sessions: int) -> None:
    """Every session done; constructed in arrival order; one chain record per dose, in order."""
    expected = [str(500 + 10 * k) for k in range(sessions)]
    with psycopg.connect(dsn) as conn:
        for pid in patients:
            rows = conn.execute(
                "SELECT s.external_id, s.status, s.status_reason, s.finished_at "
                "FROM memory_session s JOIN memory_patient p ON p.id = s.patient_id "
                "WHERE p.external_id = %s ORDER BY s.seq",
                [pid],
            ).fetchall()
            ids = [r[0] for r in rows]
            if ids != [f"s{k:02d}" for k in range(sessions)]:
                raise SmokeFailure(f"{pid}: sessions stored as {ids}")
            bad = [(r[0], r[1], r[2][:200]) for r in rows if r[1] != "done"]
            if bad:
                raise SmokeFailure(f"{pid}: not done: {bad[:3]}")
            finished = [r[3] for r in rows]
            if finished != sorted(finished):
                raise SmokeFailure(f"{pid}: sessions were not constructed in arrival order")
            values = [
                r[0]
                for r in conn.execute(
                    "SELECT f.value FROM memory_fact f "
                    "JOIN memory_patient p ON p.id = f.patient_id "
                    "JOIN memory_entity e ON e.id = f.entity_id WHERE p.external_id = %s "
                    "AND e.name = 'metformin' AND f.value <> '' ORDER BY f.chain_position",
                    [pid],
                )
            ]
            if values != expected:
                raise SmokeFailure(
                    f"{pid}: metformin chain {values[:5]}... is not {expected[:5]}..."
                )


def start_workers(env: dict[str, str], n: int, logs: Path) -> list[subprocess.Popen[bytes]]:
    procs = []
    for i in range(n):
        log = open(logs / f"worker-{n}-{i}.log", "wb")  # noqa: SIM115 - owned by the process
        procs.append(
            subprocess.Popen(
                [
                    str(BIN / "celery"),
                    "-A",
                    "medgraph_web",
                    "worker",
                    "--concurrency=1",
                    "--loglevel=WARNING",
                    "-n",
                    f"smoke{n}-{i}@%h",
                ],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        )
    import redis

    client = redis.Redis.from_url(env["REDIS_URL"])
    deadline = time.monotonic() + 120
    while len(list(client.scan_iter("medgraph:heartbeat:smoke*"))) < n:
        if time.monotonic() > deadline or any(p.poll() is not None for p in procs):
            raise SmokeFailure(f"{n} worker(s) did not come up; see {logs}")
        time.sleep(0.5)
    return procs


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in procs:
        if p.poll() is None:
            p.terminate()
    for p in procs:
        try:
            p.wait(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()


def run_phase(env, base, token, dsn, n_workers, prefix, args, logs) -> float:  # type: ignore[no-untyped-def]
    patients = [f"{prefix}-{i}" for i in range(args.patients)]
    workers = start_workers(env, n_workers, logs)
    try:
        # Each worker process loads the encoder and lexicons on its first task: not timed.
        warm = [f"warm-{prefix}-{i}" for i in range(n_workers)]
        upload_all(base, token, warm, 1)
        wait_done(dsn, warm, len(warm), args.timeout)
        started = time.monotonic()
        upload_all(base, token, patients, args.sessions)
        ended = wait_done(dsn, patients, args.patients * args.sessions, args.timeout)
        check_endpoints(base)
    finally:
        stop(workers)
    check(dsn, patients, args.sessions)
    rate = args.patients * args.sessions / (ended - started)
    print(f"{n_workers} worker(s): {args.patients}x{args.sessions} sessions in "
          f"{ended - started:.1f} s = {rate:.2f} sessions/s", flush=True)  # fmt: skip
    return rate


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--patients", type=int, default=10, help="patients (default: 10)")
    parser.add_argument("--sessions", type=int, default=30, help="sessions each (default: 30)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per phase (600)")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="medgraph-smoke-"))
    root.chmod(0o755)
    services = TcpServices(root)
    web = None
    try:
        services.start()
        env = app_env(services, root / "var")
        medgraph(env, "migrate", "--noinput")
        medgraph(env, "collectstatic", "--noinput")
        setup = SETUP.replace("PATIENTS", str(args.patients))
        token = medgraph(env, "shell", "-c", setup).strip().splitlines()[-1]
        port = free_port()
        web = subprocess.Popen(
            [str(BIN / "gunicorn"), "-c", "python:medgraph_web.gunicorn_conf",
             "medgraph_web.wsgi:application"],
            cwd=ROOT, env={**env, "GUNICORN_BIND": f"127.0.0.1:{port}",
                           "GUNICORN_ACCESS_LOG": str(root / "access.log")},
            stdout=open(root / "web.log", "wb"), stderr=subprocess.STDOUT,  # noqa: SIM115
        )  # fmt: skip
        base = f"http://127.0.0.1:{port}"
        _wait_http(base + "/accounts/login/")
        dsn = services.database_url.replace("postgres://", "postgresql://")
        one = run_phase(env, base, token, dsn, 1, "one", args, root)
        three = run_phase(env, base, token, dsn, 3, "three", args, root)
        print(f"speed-up 1 -> 3 workers: {three / one:.2f}x "
              f"({one:.2f} -> {three:.2f} sessions/s, {os.cpu_count()} CPU cores)")  # fmt: skip
        print("scaled smoke: OK (all sessions done, per-patient order kept, no duplicates)")
        return 0
    except SmokeFailure as exc:
        print(f"scaled smoke FAILED: {exc} (logs in {root})", file=sys.stderr)
        _print_errors(root)
        root = None  # keep the logs
        return 1
    finally:
        if web is not None:
            stop([web])
        services.stop()
        if root is not None:
            shutil.rmtree(root, ignore_errors=True)


def _print_errors(root: Path) -> None:
    """The logged errors of the web server and workers, so CI output shows the cause."""
    for log in sorted(root.glob("*.log")):
        lines = [ln for ln in log.read_text(errors="replace").splitlines() if '"ERROR"' in ln]
        for line in lines[-3:]:
            print(f"--- {log.name}: {line[:4000]}", file=sys.stderr)


def _wait_http(url: str) -> None:
    # Workers load the encoder and lexicons before they answer: slow on a busy machine.
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=5).close()
            return
        except OSError:
            time.sleep(0.5)
    raise SmokeFailure(f"web server did not answer at {url}")


if __name__ == "__main__":
    raise SystemExit(main())
