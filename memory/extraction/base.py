"""The extractor boundary: one call per session, Appendix A shaped output.

Real implementations: rules.RuleExtractor (offline default) and
llm.LLMExtractor (any OpenAI-compatible endpoint). The construction stage
only sees this Protocol.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Protocol

from memory.domain.types import Extraction, Turn


@dataclass(frozen=True)
class SessionText:
    """What an extractor reads: the dated raw dialogue of one session."""

    date: date | None
    turns: tuple[Turn, ...]
    title: str = ""


@dataclass(frozen=True)
class ExtractionResult:
    extraction: Extraction
    extractor: str  # "rules" | "llm"
    model: str  # LLM model name, or the rule set's version ("rules-v1")
    prompt_version: str  # e.g. "extract/v1.zh"; "" for rules
    raw_reply: str = ""
    prompt_tokens: int = 0
    completion_tokens: int = 0
    attempts: int = 1
    duration_ms: float = 0.0


class ExtractionFailed(Exception):
    """Extraction gave up; the session is marked failed with `reason`."""

    def __init__(
        self, reason: str, raw_reply: str | None = None, attempts: int = 0, kind: str = "other"
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.raw_reply = raw_reply
        self.attempts = attempts  # HTTP requests made
        self.kind = kind  # memory.llm.client.LLMError.kind


class Extractor(Protocol):
    name: str

    def extract(self, session: SessionText) -> ExtractionResult: ...
