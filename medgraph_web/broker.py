"""Direct Redis access to the Celery broker: queue depth and worker heartbeats.

The broker URL may be redis://, rediss:// or the embedded redis+socket:// one;
redis-py wants unix:// for the latter, with the database number as ?db=N.
"""

from __future__ import annotations

import time
from urllib.parse import parse_qs, urlparse

import redis
from django.conf import settings

HEARTBEAT_PREFIX = "medgraph:heartbeat:"
# A worker that missed three beats is not live.
MISSED_BEATS = 3


def heartbeat_every_s() -> float:
    return float(getattr(settings, "MEDGRAPH_HEARTBEAT_EVERY_S", 10))


def redis_client(url: str | None = None, timeout_s: float = 2.0) -> redis.Redis:
    if url is None and getattr(settings, "EMBEDDED_REDIS", False):
        from medgraph_web import embedded

        embedded.ensure_redis(settings.VAR_DIR)  # embedded services start on first connection
    url = url or settings.CELERY_BROKER_URL
    parsed = urlparse(url)
    if parsed.scheme == "redis+socket":
        query = parse_qs(parsed.query)
        db = int((query.get("virtual_host") or query.get("db") or ["0"])[0])
        return redis.Redis(
            unix_socket_path=parsed.path, db=db, socket_timeout=timeout_s,
            socket_connect_timeout=timeout_s,
        )  # fmt: skip
    return redis.Redis.from_url(url, socket_timeout=timeout_s, socket_connect_timeout=timeout_s)


def beat(client: redis.Redis, hostname: str, queues: list[str]) -> None:
    value = f"{time.time():.0f} {','.join(sorted(queues))}"
    ttl_s = max(1, round(MISSED_BEATS * heartbeat_every_s()))
    client.set(HEARTBEAT_PREFIX + hostname, value, ex=ttl_s)


def forget(client: redis.Redis, hostname: str) -> None:
    client.delete(HEARTBEAT_PREFIX + hostname)


def live_workers(client: redis.Redis, queue: str | None = None) -> list[str]:
    """Hostnames of workers that beat recently (and consume `queue`, if given)."""
    names = []
    for key in client.scan_iter(match=HEARTBEAT_PREFIX + "*", count=100):
        value = client.get(key)
        if value is None:
            continue
        queues = value.decode().split(" ", 1)[1].split(",") if b" " in value else []
        if queue is None or queue in queues:
            names.append(key.decode()[len(HEARTBEAT_PREFIX) :])
    return sorted(names)


def queue_depth(client: redis.Redis, queue: str) -> int:
    """Tasks waiting in `queue` (kombu keeps priority sub-queues as `queue\\x06\\x16N`)."""
    total = client.llen(queue)
    for key in client.scan_iter(match=f"{queue}\x06\x16*", count=100):
        total += client.llen(key)
    return int(total)


def with_db(url: str, db: int) -> str:
    """The same broker with another Redis database number (a separate namespace)."""
    parsed = urlparse(url)
    if parsed.scheme == "redis+socket":
        return f"redis+socket://{parsed.path}?virtual_host={db}"
    return parsed._replace(path=f"/{db}").geturl()
