"""LLMExtractor: one Appendix A extraction call per session, validated.

The session is sent as dated, numbered turns ("3. Patient: ...") so that the
model's evidence_turn points at a real turn. A reply that does not validate is
re-asked in the same conversation with the exact validation error; re-asks and
transport retries share one budget of config.max_attempts HTTP requests. Then
extraction fails with the last error and the raw reply kept (the rule extractor
builds the session instead; nothing half-built).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from memory.extraction.base import ExtractionFailed, ExtractionResult, SessionText
from memory.extraction.validation import ValidationError, parse_extraction
from memory.llm.client import ChatClient, ChatReply, LLMConfig, LLMError
from memory.llm.prompts import Prompt, load_prompt, pick_lang, render

PROMPT_VERSION = "v3"
UNKNOWN_DATE = "unknown"
# The prompts' own examples use these tags ("Patient: ..."), in both languages.
SPEAKER_LABELS: dict[str, str] = {
    "patient": "Patient",
    "doctor": "Doctor",
    "relative": "Relative",
    "caregiver": "Caregiver",
    "other": "Other",
}


def format_dialogue(session: SessionText) -> str:
    """Numbered turns, from 1, after the session header (e.g. MedMemoryBench's
    "[Health consultation record about X(father)]"), which often decides whose
    health the session is about."""
    lines = [session.title.strip()] if session.title.strip() else []
    for turn in session.turns:
        label = SPEAKER_LABELS.get(turn.speaker, turn.speaker.capitalize() or "Other")
        lines.append(f"{turn.index}. {label}: {turn.text.strip()}")
    return "\n".join(lines)


def session_lang(session: SessionText) -> str:
    return pick_lang(" ".join(turn.text for turn in session.turns))


class LLMExtractor:
    name = "llm"

    def __init__(
        self,
        config: LLMConfig,
        lang: str = "auto",
        *,
        prompt_version: str = PROMPT_VERSION,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if lang not in ("auto", "zh", "en"):
            raise ValueError(f"lang must be auto, zh or en, not {lang!r}")
        self.config = config
        self.lang = lang
        self.prompt_version = prompt_version
        self._client = ChatClient(config, sleep=sleep)

    def extract(self, session: SessionText) -> ExtractionResult:
        lang = session_lang(session) if self.lang == "auto" else self.lang
        prompt = load_prompt("extract", self.prompt_version, lang)
        retry_prompt = load_prompt("extract_retry", self.prompt_version, lang)
        text = render(
            prompt,
            date=session.date.isoformat() if session.date else UNKNOWN_DATE,
            dialogue=format_dialogue(session),
        )
        run = _Run(self._client, prompt, retry_prompt, len(session.turns), self.prompt_version)
        return run.go(text)


class _Run:
    """One extraction conversation: ask, validate, re-ask with the error."""

    def __init__(
        self, client: ChatClient, prompt: Prompt, retry: Prompt, n_turns: int, version: str
    ) -> None:
        self.client = client
        self.version = version
        self.prompt = prompt
        self.retry = retry
        self.n_turns = n_turns
        self.prompt_tokens = 0
        self.completion_tokens = 0
        self.last_raw: str | None = None
        self.requests = 0  # HTTP requests made so far, retries and re-asks together

    def go(self, text: str) -> ExtractionResult:
        """Ask, validate, re-ask with the error; transport retries and re-asks share
        one budget of config.max_attempts HTTP requests, so one session's LLM work
        is bounded by max_attempts x timeout (plus backoff), never its square."""
        started = time.perf_counter()
        messages = [{"role": "user", "content": text}]
        error = ""
        reply: ChatReply | None = None
        while self.requests < self.client.config.max_attempts:
            reply = self._ask(messages)
            try:
                extraction = parse_extraction(reply.text, self.n_turns, self.version)
            except ValidationError as exc:
                error = _describe(exc, reply)
                messages += [
                    {"role": "assistant", "content": reply.text},
                    {"role": "user", "content": render(self.retry, error=error)},
                ]
                continue
            return ExtractionResult(
                extraction=extraction,
                extractor="llm",
                model=reply.model,
                prompt_version=self.prompt.version_id,
                raw_reply=reply.text,
                prompt_tokens=self.prompt_tokens,
                completion_tokens=self.completion_tokens,
                attempts=self.requests,
                duration_ms=(time.perf_counter() - started) * 1000.0,
            )
        raise ExtractionFailed(
            f"invalid extraction reply: {error}",
            raw_reply=reply.text if reply else None,
            attempts=self.requests,
            kind="invalid_reply",
        )

    def _ask(self, messages: list[dict[str, str]]) -> ChatReply:
        left = self.client.config.max_attempts - self.requests
        try:
            reply = self.client.complete(messages, max_requests=left)
        except LLMError as exc:
            self.requests += exc.requests
            raise ExtractionFailed(
                exc.reason, raw_reply=self.last_raw, attempts=self.requests, kind=exc.kind
            ) from exc
        self.requests += reply.attempts
        self.last_raw = reply.text
        self.prompt_tokens += reply.prompt_tokens
        self.completion_tokens += reply.completion_tokens
        return reply


def _describe(exc: ValidationError, reply: ChatReply) -> str:
    if reply.finish_reason == "length":
        return f"the reply was cut off (finish_reason=length) and {exc}"
    return str(exc)
