"""Extractor selection: the configured LLM, else the offline rule extractor."""

from __future__ import annotations

from memory.extraction.base import Extractor


def get_extractor() -> Extractor:
    from django.conf import settings

    if settings.LLM_BASE_URL:
        from memory.extraction.llm import LLMExtractor
        from memory.llm.client import LLMConfig

        config = LLMConfig(
            base_url=settings.LLM_BASE_URL,
            api_key=settings.LLM_API_KEY or "not-needed",
            model=settings.LLM_EXTRACTION_MODEL,
            timeout_s=settings.LLM_TIMEOUT_S,
            max_attempts=settings.LLM_MAX_ATTEMPTS,
        )
        return LLMExtractor(config, lang=settings.LLM_PROMPT_LANG)
    from memory.extraction.rules import RuleExtractor

    return RuleExtractor()
