"""A small chat client over the `openai` package for any OpenAI-compatible server.

Transport failures (timeouts, refused connections, 429, 5xx) are retried with
bounded exponential backoff; the caller's own retry logic (e.g. re-asking after
an invalid extraction) stays separate. Configuration is passed in: this module
never reads the environment, settings build LLMConfig.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any

try:
    import openai
except ImportError:  # installed without the [llm] extra: the offline path needs no client
    openai = None  # type: ignore[assignment]

# Upper bound on any single wait, whatever a server's Retry-After says: a
# worker must not sleep for an hour on one session.
MAX_WAIT_S = 60.0


@dataclass(frozen=True)
class LLMConfig:
    base_url: str
    api_key: str
    model: str
    timeout_s: float = 60.0
    max_attempts: int = 3
    backoff_s: float = 1.0
    json_mode: bool = True
    temperature: float | None = None  # None = the server's default
    max_tokens: int | None = None


@dataclass(frozen=True)
class ChatReply:
    text: str
    prompt_tokens: int
    completion_tokens: int
    model: str
    attempts: int  # HTTP requests made for this reply, including retries
    duration_ms: float
    finish_reason: str = "stop"  # "length" = the reply was cut off


class LLMError(Exception):
    """The endpoint could not give a reply; `reason` names endpoint, model and cause,
    `requests` the HTTP requests spent on it, `kind` the class of failure for
    operators' counters (timeout, connection, auth, not_found, http_4xx, http_5xx,
    rate_limit, empty, invalid_reply, time_limit)."""

    def __init__(self, reason: str, requests: int = 0, kind: str = "other") -> None:
        super().__init__(reason)
        self.reason = reason
        self.requests = requests
        self.kind = kind


class _Retryable(Exception):
    def __init__(self, cause: str, kind: str, wait_s: float | None = None) -> None:
        super().__init__(cause)
        self.cause = cause
        self.kind = kind
        self.wait_s = wait_s


class ChatClient:
    def __init__(
        self,
        config: LLMConfig,
        *,
        sleep: Callable[[float], None] = time.sleep,
        rng: Callable[[], float] = random.random,
    ) -> None:
        if config.max_attempts < 1:
            raise ValueError("LLMConfig.max_attempts must be >= 1")
        self.config = config
        self._sleep = sleep
        self._rng = rng
        # Once a server has rejected response_format, stop sending it.
        self._json_supported = True
        if openai is None:
            raise LLMError(
                "an LLM is configured but the openai package is missing: "
                "pip install 'medgraph[llm]'"
            )
        self._client = openai.OpenAI(
            base_url=config.base_url,
            # Local servers often need no key, but the package insists on one
            # (and would otherwise read OPENAI_API_KEY from the environment).
            api_key=config.api_key or "not-needed",
            timeout=config.timeout_s,
            max_retries=0,
        )

    def complete(
        self,
        messages: Sequence[dict[str, str]],
        *,
        json_mode: bool | None = None,
        max_requests: int | None = None,
    ) -> ChatReply:
        """One chat completion, with bounded transport retries: at most `max_requests`
        HTTP requests (default config.max_attempts), so a caller can hold one budget
        over several completions."""
        want_json = self.config.json_mode if json_mode is None else json_mode
        budget = self.config.max_attempts if max_requests is None else max_requests
        started = time.perf_counter()
        attempts = 0
        fell_back = False
        while True:
            attempts += 1
            use_json = want_json and self._json_supported
            try:
                reply = self._call(messages, use_json)
            except _Retryable as exc:
                if attempts >= budget:
                    raise self._error(exc.cause, attempts, exc.kind) from None
                self._sleep(self._delay(attempts, exc.wait_s))
                continue
            except openai.BadRequestError as exc:
                if use_json and not fell_back and _rejects_response_format(exc):
                    # Many local servers (llama.cpp, older vLLM) lack JSON mode;
                    # the prompt itself already demands JSON only.
                    self._json_supported = False
                    fell_back = True
                    attempts -= 1  # the server's refusal costs no attempt
                    continue
                raise self._error(f"HTTP 400: {_detail(exc)}", attempts, "http_4xx") from None
            except openai.APIStatusError as exc:
                cause, kind = _status_cause(exc)
                raise self._error(cause, attempts, kind) from None
            return self._reply(reply, attempts, started)

    def _call(self, messages: Sequence[dict[str, str]], use_json: bool) -> Any:
        kwargs: dict[str, Any] = {"model": self.config.model, "messages": list(messages)}
        if use_json:
            kwargs["response_format"] = {"type": "json_object"}
        if self.config.temperature is not None:
            kwargs["temperature"] = self.config.temperature
        if self.config.max_tokens is not None:
            kwargs["max_tokens"] = self.config.max_tokens
        try:
            return self._client.chat.completions.create(**kwargs)
        except openai.APITimeoutError:
            raise _Retryable(
                f"timeout after {self.config.timeout_s:g} s (LLM_TIMEOUT_S)", "timeout"
            ) from None
        except openai.APIConnectionError as exc:
            raise _Retryable(
                f"connection error: {_root_cause(exc)}; check LLM_BASE_URL", "connection"
            ) from None
        except openai.RateLimitError as exc:
            raise _Retryable(f"HTTP 429: {_detail(exc)}", "rate_limit", _retry_after(exc)) from None
        except openai.APIStatusError as exc:
            if exc.status_code >= 500:
                raise _Retryable(f"HTTP {exc.status_code}: {_detail(exc)}", "http_5xx") from None
            raise

    def _delay(self, retry: int, server_wait: float | None) -> float:
        """Exponential backoff with up to +25% jitter (so that many workers
        hitting one rate limit do not retry in lockstep); a server's
        Retry-After wins when it asks for longer."""
        base = self.config.backoff_s * (2 ** (retry - 1))
        delay = base * (1.0 + 0.25 * self._rng())
        if server_wait is not None:
            delay = max(delay, server_wait)
        return min(delay, MAX_WAIT_S)

    def _reply(self, completion: Any, attempts: int, started: float) -> ChatReply:
        if not completion.choices:
            raise self._error("reply has no choices", attempts, "invalid_reply")
        choice = completion.choices[0]
        usage = completion.usage
        return ChatReply(
            text=choice.message.content or "",
            prompt_tokens=int(getattr(usage, "prompt_tokens", 0) or 0),
            completion_tokens=int(getattr(usage, "completion_tokens", 0) or 0),
            model=completion.model or self.config.model,
            attempts=attempts,
            duration_ms=(time.perf_counter() - started) * 1000.0,
            finish_reason=choice.finish_reason or "stop",
        )

    def _error(self, cause: str, requests: int, kind: str) -> LLMError:
        tries = f" after {requests} requests" if requests > 1 else ""
        return LLMError(
            f"LLM call to {self.config.base_url} (model {self.config.model}) failed{tries}: "
            f"{cause}",
            requests,
            kind,
        )


def _root_cause(exc: BaseException) -> str:
    """The innermost error under the client's "Connection error.": refused, a DNS
    failure, a TLS certificate problem, a reset."""
    inner: BaseException = exc
    seen = 0
    while inner.__cause__ is not None and seen < 8:
        inner, seen = inner.__cause__, seen + 1
    text = str(inner).strip() or type(inner).__name__
    return text[:200]


def _status_cause(exc: openai.APIStatusError) -> tuple[str, str]:
    """An HTTP error with what to check: the key for 401/403, the model name or the
    /v1 path for 404."""
    detail = _detail(exc)
    status = exc.status_code
    if status in (401, 403):
        return f"HTTP {status}: {detail}; check LLM_API_KEY", "auth"
    if status == 404:
        if "model" in detail.casefold():
            hint = "check LLM_EXTRACTION_MODEL / LLM_READER_MODEL against the server's models"
        else:
            hint = "check that LLM_BASE_URL ends in /v1 (e.g. http://host:8000/v1)"
        return f"HTTP 404: {detail}; {hint}", "not_found"
    return f"HTTP {status}: {detail}", "http_4xx"


def _detail(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        message = body.get("message") or body.get("error")
        if isinstance(message, dict):
            message = message.get("message")
        if message:
            return str(message)[:300]
    return str(exc)[:300]


def _rejects_response_format(exc: openai.BadRequestError) -> bool:
    return "response_format" in f"{exc} {exc.body}"


def _retry_after(exc: openai.APIStatusError) -> float | None:
    """Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3)."""
    raw = exc.response.headers.get("retry-after")
    if raw is None:
        return None
    try:
        return max(0.0, float(raw))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(raw)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        return None
    # Relative to the server's own Date header when given, so that clock skew
    # between us and the server does not stretch or cancel the wait.
    try:
        ref = parsedate_to_datetime(exc.response.headers.get("date", ""))
    except (TypeError, ValueError):
        ref = None
    if ref is None or ref.tzinfo is None:
        ref = datetime.now(UTC)
    return max(0.0, (when - ref).total_seconds())
