"""A cheap, honest HTTP/1.1 load generator for bench/load_ask.py (pure Python, asyncio).

One event loop, `concurrency` keep-alive connections, one request in flight on
each: a closed loop, as `concurrency` clinicians each waiting for their answer
before asking again. A thread pool with a new TCP connection per request (the
previous client) spent more CPU per ask than the server's cheapest stages on a
shared 2-core machine, and that CPU is taken from the server under test.

Each reply is read fully (Content-Length or chunked) and counted as an error
unless its status is 200 and its body is a JSON object with an `answer`.
A connection the server closed while idle (keep-alive timeout) is reopened;
the request is sent again only when not a byte of its reply had arrived, so
no ask is sent twice once the server has started answering it.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class Outcome:
    latencies_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    reconnects: int = 0


CONNECT_GAP_S = 0.02


class _Closed(Exception):
    """The server closed the connection before any byte of the reply."""


def run(
    host: str,
    port: int,
    path: str,
    headers: dict[str, str],
    bodies: Callable[[int], bytes],
    requests: int,
    concurrency: int,
    deadline_s: float,
    keepalive: bool = True,
) -> Outcome:
    """POST `bodies(i)` for i in range(requests), `concurrency` in flight; without
    `keepalive`, a new connection per request (as a reverse proxy without upstream
    keep-alive, nginx's default, reaches the server)."""
    return asyncio.run(
        _run(host, port, path, headers, bodies, requests, concurrency, deadline_s, keepalive)
    )


async def _run(
    host: str,
    port: int,
    path: str,
    headers: dict[str, str],
    bodies: Callable[[int], bytes],
    requests: int,
    concurrency: int,
    deadline_s: float,
    keepalive: bool,
) -> Outcome:
    outcome = Outcome()
    head = f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\n"
    if not keepalive:
        head += "Connection: close\r\n"
    head += "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    counter = iter(range(requests))
    deadline = time.monotonic() + deadline_s

    async def client(conn: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None) -> None:
        for i in counter:
            if time.monotonic() > deadline:
                outcome.errors.append("skipped: deadline")
                continue
            body = bodies(i)
            request = (head + f"Content-Length: {len(body)}\r\n\r\n").encode() + body
            started = time.perf_counter()
            try:
                conn, status, reply = await _exchange(conn, host, port, request, outcome)
                error = _check(status, reply)
            except Exception as exc:  # any failure counts as an error in the report
                conn, error = None, f"{type(exc).__name__}: {exc}"
            elapsed = (time.perf_counter() - started) * 1000
            if error is None:
                outcome.latencies_ms.append(elapsed)
            else:
                outcome.errors.append(error)
        if conn is not None:
            conn[1].close()

    opened = await _connect_one_by_one(host, port, concurrency if keepalive else 0)
    await asyncio.gather(*(client(opened[i] if opened else None) for i in range(concurrency)))
    return outcome


async def _connect_one_by_one(
    host: str, port: int, count: int
) -> list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]:
    """Open the keep-alive connections one at a time, as clinicians open the app, before
    any request: a burst of connects lands on whichever worker's accept loop wakes
    first (46 of 50 on one worker, seen), and a kept-alive connection stays on it."""
    opened = []
    for _ in range(count):
        opened.append(await asyncio.open_connection(host, port))
        await asyncio.sleep(CONNECT_GAP_S)
    return opened


async def _exchange(
    conn: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None,
    host: str,
    port: int,
    request: bytes,
    outcome: Outcome,
) -> tuple[tuple[asyncio.StreamReader, asyncio.StreamWriter] | None, int, bytes]:
    for attempt in (1, 2):
        if conn is None:
            conn = await asyncio.open_connection(host, port)
        reader, writer = conn
        try:
            writer.write(request)
            await writer.drain()
            status, reply, keep = await _read_reply(reader)
        except (_Closed, ConnectionResetError, BrokenPipeError):
            writer.close()
            conn = None
            if attempt == 2:
                raise
            outcome.reconnects += 1
            continue
        if not keep:
            writer.close()
            conn = None
        return conn, status, reply
    raise AssertionError("unreachable")


async def _read_reply(reader: asyncio.StreamReader) -> tuple[int, bytes, bool]:
    """(status, body, connection kept alive) of one HTTP/1.1 reply."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except asyncio.IncompleteReadError as exc:
        if not exc.partial:
            raise _Closed() from exc
        raise
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ", 2)[1])
    fields = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()
    if fields.get("transfer-encoding", "").lower() == "chunked":
        body = await _read_chunked(reader)
    else:
        body = await reader.readexactly(int(fields.get("content-length", "0")))
    return status, body, fields.get("connection", "").lower() != "close"


async def _read_chunked(reader: asyncio.StreamReader) -> bytes:
    parts = []
    while True:
        size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
        if size == 0:
            await reader.readuntil(b"\r\n")
            return b"".join(parts)
        parts.append(await reader.readexactly(size))
        await reader.readexactly(2)


def _check(status: int, body: bytes) -> str | None:
    if status != 200:
        return f"HTTP {status}: {body[:200]!r}"
    try:
        document = json.loads(body)
    except ValueError:
        return f"HTTP 200 with a body that is not JSON: {body[:200]!r}"
    if not isinstance(document, dict) or not isinstance(document.get("answer"), str):
        return f"HTTP 200 without an answer: {body[:200]!r}"
    return None
