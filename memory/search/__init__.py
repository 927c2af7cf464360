"""Search helpers: text analysis for lexical (full-text / BM25) ranking."""

from __future__ import annotations
