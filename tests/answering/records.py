"""Value builders for reader tests: FactView / EvidenceItem / ProfileData, no database."""

from __future__ import annotations

from datetime import date
from itertools import count
from typing import Any

from memory.domain.evidence import EvidenceItem, FactView, ProfileData

_ids = count(1)


def view(
    fact_type: str,
    entity: str,
    content: str,
    *,
    day: date | None = date(2024, 1, 8),
    status: str = "",
    value: str = "",
    unit: str = "",
    safety_kind: str = "",
    subject: str = "patient",
    assertion: str = "present",
    verification: str = "unconfirmed",
    valid_from: date | None = None,
    valid_to: date | None = None,
    slots: dict[str, Any] | None = None,
    chain_id: int | None = None,
) -> FactView:
    return FactView(
        fact_id=next(_ids), session_id="s01", subject=subject, fact_type=fact_type,
        entity=entity, content=content, status=status, safety_kind=safety_kind,
        assertion=assertion, date=day, verification=verification, chain_id=chain_id,
        valid_from=valid_from, valid_to=valid_to, value=value, unit=unit, slots=slots or {},
    )  # fmt: skip


def allergy(entity: str, content: str, **kw: Any) -> FactView:
    return view("safety", entity, content, safety_kind="allergy", **kw)


def anchor(fact: FactView, *marks: str) -> EvidenceItem:
    return EvidenceItem("anchor", fact, marks=marks, unit=f"chain:{fact.chain_id or 0}",
                        is_anchor=True)  # fmt: skip


def relation(fact: FactView, *marks: str) -> EvidenceItem:
    return EvidenceItem("relation", fact, marks=marks, unit=f"chain:{fact.chain_id or 0}")


def profile(
    safety: tuple[FactView, ...] = (),
    meds: tuple[FactView, ...] = (),
    stopped: tuple[FactView, ...] = (),
    diagnoses: tuple[FactView, ...] = (),
    notes: tuple[str, ...] = (),
) -> ProfileData:
    return ProfileData(
        cutoff=date(2024, 6, 17), at=None, safety=safety,
        active_meds=tuple((m, ("current",)) for m in meds),
        stopped_meds=tuple((m, ("current",)) for m in stopped),
        diagnoses=tuple((d, ("current",)) for d in diagnoses), notes=notes,
    )  # fmt: skip
