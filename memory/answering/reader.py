"""Reader glue: the LLM reader when one is configured, else the extractive one.

With settings.LLM_BASE_URL and a reader model: the versioned answer prompt
(prompts/answer/v3.<lang>, which explains every mark a line can carry and, for a
question about a relative, carries that relative's records as [R1], [R2] ...) through
memory.llm.reader.llm_answer, exactly one LLM call at
settings.LLM_READER_TEMPERATURE. Sentences of the reply that cite no evidence
line are flagged under the answer (memory.answering.citations). On LLMError
the extractive reader answers and says why.
Either answer passes memory.domain.pending.guard_answer: while a session of the
patient is not in memory, it says so first and no absence goes unqualified.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.conf import settings

from memory.answering.citations import flag_lines, sentences, uncited_claims
from memory.answering.extractive import extractive_answer
from memory.answering.lookup import ItemRecords
from memory.domain.evidence import EvidenceItem, ProfileData
from memory.domain.pending import guard_answer
from memory.llm.client import LLMConfig, LLMError
from memory.llm.prompts import load_prompt, pick_lang
from memory.llm.reader import llm_answer

ANSWER_PROMPT_VERSION = "v3"


@dataclass(frozen=True)
class ReaderResult:
    text: str
    reader: str  # "llm" | "extractive"
    rendered: str  # the exact text the reader got
    model: str = ""
    prompt_version: str = ""
    failure: str = ""  # why the LLM reader was not used, if it was configured
    uncited: tuple[str, ...] = ()  # sentences of an LLM answer that cite no evidence


def reader_config() -> LLMConfig | None:
    """The reader's endpoint from settings; None when no LLM is configured."""
    base_url = getattr(settings, "LLM_BASE_URL", None)
    model = getattr(settings, "LLM_READER_MODEL", None)
    if not base_url or not model:
        return None
    return LLMConfig(
        base_url=base_url,
        api_key=getattr(settings, "LLM_API_KEY", "") or "",
        model=model,
        timeout_s=getattr(settings, "LLM_TIMEOUT_S", 60.0),
        max_attempts=getattr(settings, "LLM_MAX_ATTEMPTS", 3),
        json_mode=False,
        temperature=getattr(settings, "LLM_READER_TEMPERATURE", 0.3),
    )


def unusable_reply(text: str, evidence_lines: int) -> str:
    """Why an LLM reply cannot stand as the answer ("" when it can): an empty reply
    would leave a clinician without the caution lines a safety question needs, and a
    reply whose every claim cites nothing, while evidence lines were given, rests
    on no record."""
    if not text.strip():
        return "returned an empty reply"
    claims = sentences(text)
    if evidence_lines and claims and len(uncited_claims(text)) == len(claims):
        return "cited no evidence line in any sentence"
    return ""


def answer_lang(question: str) -> str:
    """Answer in the question's language, unless the prompt language is pinned."""
    pinned = getattr(settings, "LLM_PROMPT_LANG", "auto")
    return pinned if pinned in ("zh", "en") else pick_lang(question)


def read(
    question: str,
    profile: ProfileData,
    profile_text: str,
    items: list[EvidenceItem],
    evidence_text: str,
    asked: date | None,
    today: date,
    config: LLMConfig | None = None,
    records: ItemRecords | None = None,
    relatives: str = "",
) -> ReaderResult:
    lang = pick_lang(question)
    context = f"{profile_text}\n\n[Evidence]\n{evidence_text or '-'}"
    config = config or reader_config()
    if config is None:
        text = extractive_answer(question, lang, profile, items, asked, records=records)
        return ReaderResult(guard_answer(text, profile, lang), "extractive", context)
    prompt = load_prompt("answer", ANSWER_PROMPT_VERSION, answer_lang(question))
    try:
        reply = llm_answer(
            config, prompt, question, profile_text, evidence_text, today, relatives=relatives
        )
        unusable = unusable_reply(reply.text, len(items))
        if unusable:
            raise LLMError(f"reader model {reply.model} {unusable}")
    except LLMError as exc:
        text = extractive_answer(
            question, lang, profile, items, asked, failure=exc.reason, records=records
        )
        text = guard_answer(text, profile, lang)
        return ReaderResult(text, "extractive", context, failure=exc.reason)
    flags = flag_lines(reply.text, len(items), lang)
    text = "\n".join([reply.text, *flags]) if flags else reply.text
    return ReaderResult(
        guard_answer(text, profile, lang), "llm", reply.rendered, reply.model,
        reply.prompt_version, uncited=tuple(uncited_claims(reply.text)),
    )  # fmt: skip
