"""The development data's tuning part and check part: the one place that says which is which.

Rules are written only from what the tuning part shows; of the check part only
aggregate figures are looked at, so a rule that merely fits its records shows
up as a gap between the two columns every report prints side by side.

* tune  = MTS-Dialog TrainingSet + ACI-Bench train + the first half of the
  CMtMedQA consultations about a relative;
* check = MTS-Dialog ValidationSet + ACI-Bench valid + the other half.

"Half" is by position in CMtMedQA_dev_half.json (the file's own order, which
is fixed): of the consultations about a relative, the first ceil(n/2) are
tuning records, the rest check records. Which consultations count as about a
relative *for the split* is the first, narrow labelling the split was made
with (sources.split_relative), so that a better labeller never moves a record
from one part to the other. Consultations not about a relative
(used only as general distractors) are halved the same way, so a check-part
history never shows a tuning-part record. The test splits are not here: they
are never read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

TUNE = "tune"
CHECK = "check"
PARTS = (TUNE, CHECK)

# MTS-Dialog file -> part; sources.mts_rows prefixes row ids with the file's letter.
MTS_FILES = {"MTS-Dialog-TrainingSet.csv": TUNE, "MTS-Dialog-ValidationSet.csv": CHECK}
MTS_PREFIX = {"t": TUNE, "v": CHECK}
# ACI-Bench challenge split -> part.
ACI_SPLITS = {"train": TUNE, "valid": CHECK}

T = TypeVar("T")


def mts_part(row_id: str) -> str:
    """Part of an MTS-Dialog row by its prefixed id ("t12" -> tune, "v3" -> check)."""
    try:
        return MTS_PREFIX[row_id[:1]]
    except KeyError:
        raise ValueError(f"MTS-Dialog row id {row_id!r}: expected a 't' or 'v' prefix") from None


def aci_part(split: str) -> str:
    try:
        return ACI_SPLITS[split]
    except KeyError:
        expected = sorted(ACI_SPLITS)
        raise ValueError(f"ACI-Bench split {split!r}: expected one of {expected}") from None


def halves(records: Sequence[T]) -> dict[str, list[T]]:
    """First ceil(n/2) records in file order -> tune, the rest -> check."""
    cut = (len(records) + 1) // 2
    return {TUNE: list(records[:cut]), CHECK: list(records[cut:])}
