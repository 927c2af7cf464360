"""The LLM reader: question + profile + evidence -> answer, in one call.

Exactly one chat completion per question (paper §4.3: "one retrieval, one
answer"); only the client's transport retries may repeat the HTTP request.
The profile goes first in the prompt and is never trimmed here: its safety
facts must reach the reader whatever the question says.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from memory.llm.client import ChatClient, LLMConfig
from memory.llm.prompts import Prompt, render


@dataclass(frozen=True)
class ReaderReply:
    text: str
    model: str
    prompt_version: str  # e.g. "answer/v1.en"
    prompt_tokens: int
    completion_tokens: int
    duration_ms: float
    rendered: str  # the exact text the reader got, for audit and `ask --json`


def llm_answer(
    config: LLMConfig,
    prompt: Prompt,
    question: str,
    profile: str,
    evidence: str,
    today: date,
    *,
    relatives: str = "",
    client: ChatClient | None = None,
    sleep: Callable[[float], None] = time.sleep,
) -> ReaderReply:
    """Answer `question` from the rendered profile and evidence lines ([E1]...).

    Raises memory.llm.client.LLMError when the endpoint gives no reply; the
    caller then falls back to the extractive reader.
    """
    values = {
        "profile": profile.strip() or "-",
        "evidence": evidence.strip() or "-",
        "question": question.strip(),
        "today": today.isoformat(),
    }
    if "relatives" in prompt.placeholders:  # answer prompt v3 on
        values["relatives"] = relatives.strip() or "-"
    rendered = render(prompt, **values)
    chat = client or ChatClient(config, sleep=sleep)
    reply = chat.complete([{"role": "user", "content": rendered}], json_mode=False)
    return ReaderReply(
        text=reply.text.strip(),
        model=reply.model,
        prompt_version=prompt.version_id,
        prompt_tokens=reply.prompt_tokens,
        completion_tokens=reply.completion_tokens,
        duration_ms=reply.duration_ms,
        rendered=rendered,
    )
