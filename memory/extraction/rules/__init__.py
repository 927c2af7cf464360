"""Rule-based extractor (offline default), English and Chinese."""

from __future__ import annotations

from memory.extraction.rules.extractor import RuleExtractor, extract_facts

__all__ = ["RuleExtractor", "extract_facts"]
