"""A real OpenAI-compatible HTTP server for tests (no mocks of our own code).

It listens on 127.0.0.1 on a free port, implements POST /v1/chat/completions
in the OpenAI wire format, serves a scripted queue of replies (valid JSON,
prose, truncated JSON, HTTP errors, delays) and records every request it got,
so tests can assert on the prompt sent, the model name and the call count.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from memory.domain.types import Turn
from memory.extraction.base import SessionText

REPLIES_DIR = Path(__file__).resolve().parent / "replies"
COMPLETIONS_PATH = "/v1/chat/completions"


@dataclass(frozen=True)
class Scripted:
    """One scripted answer: a completion (status 200) or an HTTP error."""

    status: int = 200
    content: str = ""
    finish_reason: str = "stop"
    error: str = ""  # message of an error body when status != 200
    headers: tuple[tuple[str, str], ...] = ()
    delay_s: float = 0.0
    usage: tuple[int, int] | None = None  # (prompt, completion); None = estimated


@dataclass(frozen=True)
class RecordedRequest:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]

    @property
    def messages(self) -> list[dict[str, str]]:
        return list(self.body.get("messages", []))

    @property
    def prompt(self) -> str:
        """The first user message: the rendered prompt."""
        return next(m["content"] for m in self.messages if m.get("role") == "user")


@dataclass
class _State:
    queue: deque[Scripted] = field(default_factory=deque)
    requests: list[RecordedRequest] = field(default_factory=list)
    rejects_response_format: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)
    stopping: threading.Event = field(default_factory=threading.Event)


class FakeOpenAIServer:
    def __init__(self) -> None:
        self.state = _State()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self._httpd.daemon_threads = True
        self._httpd.state = self.state  # type: ignore[attr-defined]
        # A short poll interval keeps shutdown (one per test) fast.
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def base_url(self) -> str:
        host, port = self._httpd.server_address[:2]
        return f"http://{host}:{port}/v1"

    def start(self) -> FakeOpenAIServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self.state.stopping.set()  # wakes handlers sleeping in a scripted delay
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    # --- scripting -------------------------------------------------------
    def push(self, *items: Scripted) -> FakeOpenAIServer:
        with self.state.lock:
            self.state.queue.extend(items)
        return self

    def reply(self, content: str | dict[str, Any], **kw: Any) -> FakeOpenAIServer:
        text = content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)
        return self.push(Scripted(content=text, **kw))

    def truncated(self, content: str | dict[str, Any], keep: float = 0.6) -> FakeOpenAIServer:
        """A reply cut off by the token limit: finish_reason "length", JSON cut."""
        text = content if isinstance(content, str) else json.dumps(content, ensure_ascii=False)
        return self.push(Scripted(content=text[: int(len(text) * keep)], finish_reason="length"))

    def error(self, status: int, message: str = "", **headers: str) -> FakeOpenAIServer:
        pairs = tuple((k.replace("_", "-"), v) for k, v in headers.items())
        return self.push(Scripted(status=status, error=message or f"error {status}", headers=pairs))

    def slow(self, delay_s: float, content: str = "{}") -> FakeOpenAIServer:
        return self.push(Scripted(content=content, delay_s=delay_s))

    def reject_response_format(self, on: bool = True) -> FakeOpenAIServer:
        """Behave like a server without JSON mode: 400 whenever it is asked for."""
        self.state.rejects_response_format = on
        return self

    # --- inspection -------------------------------------------------------
    @property
    def requests(self) -> list[RecordedRequest]:
        with self.state.lock:
            return list(self.state.requests)

    @property
    def calls(self) -> int:
        return len(self.requests)

    @property
    def pending(self) -> int:
        with self.state.lock:
            return len(self.state.queue)


class _Handler(BaseHTTPRequestHandler):
    server_version = "FakeOpenAI/1.0"

    def log_message(self, format: str, *args: Any) -> None:  # silence stderr
        return

    def do_POST(self) -> None:
        state: _State = self.server.state  # type: ignore[attr-defined]
        length = int(self.headers.get("Content-Length") or 0)
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except json.JSONDecodeError:
            self._send(400, _error_body("request body is not JSON"))
            return
        with state.lock:
            headers = {k.lower(): v for k, v in self.headers.items()}
            state.requests.append(RecordedRequest(self.path, headers, body))
        if self.path != COMPLETIONS_PATH:
            self._send(404, _error_body(f"no route {self.path}"))
            return
        if state.rejects_response_format and "response_format" in body:
            self._send(400, _error_body("response_format is not supported by this server"))
            return
        self._answer(state, body)

    def _answer(self, state: _State, body: dict[str, Any]) -> None:
        with state.lock:
            item = state.queue.popleft() if state.queue else None
        if item is None:
            self._send(500, _error_body("fake server: no scripted reply left"))
            return
        if item.delay_s and state.stopping.wait(item.delay_s):
            return
        if item.status != 200:
            self._send(item.status, _error_body(item.error), item.headers)
            return
        self._send(200, _completion(body, item))

    def _send(
        self, status: int, payload: dict[str, Any], headers: tuple[tuple[str, str], ...] = ()
    ) -> None:
        data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeout): nothing to deliver


def _error_body(message: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": "invalid_request_error", "code": None}}


def _completion(request: dict[str, Any], item: Scripted) -> dict[str, Any]:
    prompt_chars = sum(len(str(m.get("content", ""))) for m in request.get("messages", []))
    # Rough token estimate (~4 characters a token) unless the script fixes it.
    prompt_tokens, completion_tokens = item.usage or (
        max(1, prompt_chars // 4),
        max(1, len(item.content) // 4),
    )
    return {
        "id": f"chatcmpl-fake-{time.monotonic_ns()}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": request.get("model", "fake-model"),
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": item.content},
                "finish_reason": item.finish_reason,
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def load_recorded(name: str) -> dict[str, Any]:
    """A recorded session and the extraction reply a model gave for it."""
    return json.loads((REPLIES_DIR / f"{name}.json").read_text(encoding="utf-8"))


def recorded_session(name: str) -> tuple[SessionText, Any]:
    """The dialogue (as an extractor reads it) and the model reply of one recording."""
    data = load_recorded(name)
    raw = data["session"]
    turns = tuple(
        Turn(index=i, speaker=t["speaker"], text=t["text"])
        for i, t in enumerate(raw["turns"], start=1)
    )
    day = date.fromisoformat(raw["date"]) if raw["date"] else None
    return SessionText(date=day, turns=turns, title=raw.get("title", "")), data["reply"]


def reply_text(reply: Any) -> str:
    """A recorded reply as the raw text a model sends (objects are serialized)."""
    return reply if isinstance(reply, str) else json.dumps(reply, ensure_ascii=False)


class SleepLog:
    """Injected instead of time.sleep: records the waits, never waits."""

    def __init__(self) -> None:
        self.waits: list[float] = []

    def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAIServer]:
    server = FakeOpenAIServer().start()
    try:
        yield server
    finally:
        server.stop()
