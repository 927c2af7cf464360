"""The vitals and labs the rule extractor reads: names (English and Chinese), default
unit and plausible range of each (docs/design.md §4: every reading is kept, with its value
and unit). The table is data a clinician reviews: memory/lexicon/data/metrics.tsv.
"""

from __future__ import annotations

from memory.lexicon.metrics import Metric, metrics

__all__ = ["METRICS", "Metric"]

METRICS: tuple[Metric, ...] = metrics()
