"""The identity of a clinical item, whatever its wording: what a correction is keyed to."""

from __future__ import annotations

import hashlib

from memory.domain.chains import numerals
from memory.domain.types import MEASUREMENT_CHAIN_TYPES


def item_key(
    fact_type: str,
    subject: str,
    entity: str | None,
    content: str,
    safety_kind: str,
    value: str,
    unit: str,
) -> str:
    """Hash of the clinical item; `entity` is "kind:normalized name" (None: the
    wording is all there is to go by)."""
    item_id = entity if entity is not None else "text:" + " ".join(content.casefold().split())
    measured = ""
    if fact_type in MEASUREMENT_CHAIN_TYPES:
        measured = ",".join(sorted(numerals(value))) + "|" + unit.casefold()
    raw = "|".join([fact_type, subject, item_id, safety_kind, measured])
    return hashlib.sha256(raw.encode()).hexdigest()[:40]
