"""The one module that writes L2: facts, chains, supersedes/causes edges.

Callers hold `transaction.atomic()`; every function here assumes it. The
decisions themselves (repeat or append, validity intervals, late reports,
entity reuse) are made by the pure rules in memory.domain; this module only
loads their inputs and stores their outputs.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from django.contrib.postgres.fields import ArrayField
from django.db.models import BigIntegerField, F, Func, Value
from django.db.models.functions import Greatest
from django.utils import timezone

from memory.domain.chains import (
    ChainMember,
    NewRecord,
    is_chained,
    plan_chain_update,
    recompute_chain,
)
from memory.domain.types import ExtractedFact
from memory.entities import resolve, start_batch
from memory.extraction.base import ExtractionResult
from memory.models import Chain, Fact, FactEdge, Person, Session


@dataclass
class _Written:
    fact: Fact  # the new record, or the chain tail a repeated mention folded into
    created: bool


def apply_extraction(session: Session, result: ExtractionResult) -> list[Fact]:
    """Replace the session's previous extraction with `result`; return the new facts.

    Indexing them is the caller's next step (construction indexes the facts
    and the session's turn pairs in one encoder batch).
    """
    start_batch()
    suppressed = clear_session_extraction(session)
    extraction = result.extraction
    written: list[_Written | None] = []
    touched: set[int] = set()
    for item in extraction.facts:
        if item.subject == "none" or extraction_key(item) in suppressed:
            written.append(None)  # general knowledge, or a fact a clinician corrected
            continue
        out = _write_fact(session, item, result)
        written.append(out)
        if out.fact.chain_id:
            touched.add(out.fact.chain_id)
    for chain_id in sorted(touched):
        sync_chain(Chain.objects.get(pk=chain_id))
    _write_causes(extraction.facts, written)
    created = [w.fact for w in written if w is not None and w.created]
    _finish_session(session, result, len(created))
    return created


def extraction_key(item: ExtractedFact) -> str:
    """Fingerprint of an extracted fact: recognises it when the session is re-extracted."""
    raw = "|".join(
        [item.type, item.subject, (item.entity or "").casefold(), item.content.casefold(),
         item.status or "", item.safety_kind or "", str(item.evidence_turn)]
    )  # fmt: skip
    return hashlib.sha256(raw.encode()).hexdigest()[:40]


def clear_session_extraction(session: Session) -> set[str]:
    """Remove what the extractor wrote for this session; keep clinician-touched facts.

    Returns the extraction keys of corrected facts, which must never be
    written again by the extractor (a correction is never overwritten).
    """
    facts = Fact.objects.filter(session=session)
    suppressed = set(facts.filter(corrected=True).values_list("extraction_key", flat=True))
    doomed = facts.filter(corrected=False, origin=Fact.Origin.EXTRACTOR)
    chains = set(doomed.exclude(chain=None).values_list("chain_id", flat=True))
    doomed.delete()
    Fact.objects.filter(patient=session.patient, mention_sessions__contains=[session.pk]).update(
        mention_sessions=_array_op("array_remove", session.pk),
        mention_count=Greatest(F("mention_count") - 1, Value(1)),
        updated_at=timezone.now(),
    )
    for chain in Chain.objects.filter(pk__in=chains):
        sync_chain(chain)
    return suppressed


def person_for(session: Session, subject: str) -> Person:
    kind = subject.partition(":")[0] if ":" in subject else "patient"
    person, _ = Person.objects.get_or_create(
        patient_id=session.patient_id, key=subject, defaults={"kind": kind}
    )
    return person


def _parse_date(value: str | None) -> date | None:
    return date.fromisoformat(value) if value else None


def _write_fact(session: Session, item: ExtractedFact, result: ExtractionResult) -> _Written:
    person = person_for(session, item.subject)
    entity = resolve(item.entity, item.type, item.safety_kind) if item.entity else None
    event_date = _parse_date(item.date)
    fact = Fact(
        patient_id=session.patient_id,
        subject=person,
        entity=entity,
        fact_type=item.type,
        content=item.content,
        value=item.value or "",
        unit=item.unit or "",
        slots=dict(item.slots),
        status=item.status or "",
        safety_kind=item.safety_kind or "",
        assertion=item.assertion,
        event_date=event_date,
        effective_date=event_date or session.session_date,
        date_precision=item.date_precision,
        is_state_change=item.is_state_change,
        replaces=item.replaces or "",
        session=session,
        evidence_turn=item.evidence_turn,
        confidence=item.confidence,
        last_mentioned=session.session_date,
        extraction_key=extraction_key(item),
        extractor=result.extractor,
        model=result.model,
        prompt_version=result.prompt_version,
    )
    # Negated or hypothetical statements never enter a state chain: "no longer
    # thinking about metformin" must not become the current metformin record.
    if entity is None or not is_chained(item.type) or item.assertion in ("negated", "hypothetical"):
        fact.save()
        return _Written(fact, True)
    chain, _ = Chain.objects.get_or_create(
        patient_id=session.patient_id, subject=person, entity=entity, fact_type=item.type
    )
    return _append_to_chain(chain, fact, session)


def _append_to_chain(chain: Chain, fact: Fact, session: Session) -> _Written:
    members = chain_members(chain)
    new = NewRecord(
        fact.fact_type,
        fact.status or None,
        fact.content,
        fact.event_date,
        session.session_date,
        slots=fact.slots,
    )
    plan = plan_chain_update(members, new)
    if plan.kind == "repeat":
        Fact.objects.filter(pk=plan.target_fact_id).update(
            mention_count=F("mention_count") + 1,
            last_mentioned=plan.last_mentioned,
            mention_sessions=_array_op("array_append", session.pk),
        )
        return _Written(Fact.objects.get(pk=plan.target_fact_id), False)
    fact.chain = chain
    fact.chain_position = plan.position
    fact.save()
    return _Written(fact, True)


def _array_op(function: str, session_id: int) -> Func:
    """mention_sessions changed in the UPDATE itself: no read-modify-write round trip."""
    return Func(
        F("mention_sessions"),
        Value(session_id, output_field=BigIntegerField()),
        function=function,
        output_field=ArrayField(BigIntegerField()),
    )


def chain_members(chain: Chain) -> list[ChainMember]:
    return [member for member, _ in _chain_rows(chain)]


def _chain_rows(chain: Chain) -> list[tuple[ChainMember, str]]:
    """The chain's records as the domain rules see them, with their stored order notes."""
    rows = Fact.objects.filter(chain=chain).select_related("session")
    supersedes = dict(
        FactEdge.objects.filter(src__chain=chain, kind=FactEdge.Kind.SUPERSEDES).values_list(
            "src_id", "dst_id"
        )
    )
    return [
        (
            ChainMember(
                fact_id=f.pk,
                fact_type=f.fact_type,
                status=f.status or None,
                content=f.content,
                event_date=f.event_date,
                session_date=f.session.session_date,
                position=f.chain_position if f.chain_position is not None else 0,
                valid_from=f.valid_from,
                valid_to=f.valid_to,
                verification=f.verification,
                supersedes=supersedes.get(f.pk),
                mention_count=f.mention_count,
                last_mentioned=f.last_mentioned,
                slots=f.slots,
            ),
            f.order_note,
        )
        for f in rows
    ]


def sync_chain(chain: Chain) -> None:
    """Store positions, validity intervals, supersedes edges and tail as the rules derive them."""
    rows = _chain_rows(chain)
    if not rows:
        chain.delete()
        return
    members = [member for member, _ in rows]
    stored = {member.fact_id: (member, note) for member, note in rows}
    updates = recompute_chain(members)
    by_id = {m.fact_id: m for m in members}
    for u in updates:
        m, note = stored[u.fact_id]
        if (m.position, m.valid_from, m.valid_to, note) != (
            u.position,
            u.valid_from,
            u.valid_to,
            u.note,
        ):
            Fact.objects.filter(pk=u.fact_id).update(
                chain_position=u.position,
                valid_from=u.valid_from,
                valid_to=u.valid_to,
                order_note=u.note,
            )
    _rewrite_supersedes(chain, {u.fact_id: u.supersedes for u in updates})
    tail = max(
        (
            u
            for u in updates
            if by_id[u.fact_id].verification not in ("refuted", "entered_in_error")
        ),
        key=lambda u: u.position,
        default=None,
    )
    Chain.objects.filter(pk=chain.pk).update(
        tail_id=tail.fact_id if tail else None, length=len(members), updated_at=timezone.now()
    )


def _rewrite_supersedes(chain: Chain, edges: dict[int, int | None]) -> None:
    existing = set(
        FactEdge.objects.filter(src__chain=chain, kind=FactEdge.Kind.SUPERSEDES).values_list(
            "src_id", "dst_id"
        )
    )
    wanted = {(src, dst) for src, dst in edges.items() if dst is not None}
    stale = existing - wanted
    for src, dst in stale:
        FactEdge.objects.filter(src_id=src, dst_id=dst, kind=FactEdge.Kind.SUPERSEDES).delete()
    FactEdge.objects.bulk_create(
        [FactEdge(src_id=s, dst_id=d, kind=FactEdge.Kind.SUPERSEDES) for s, d in wanted - existing]
    )


def _write_causes(items: Sequence[ExtractedFact], written: Sequence[_Written | None]) -> None:
    edges = set()
    for effect_index, item in enumerate(items):
        effect = written[effect_index]
        for cause_index in item.causes:
            cause = written[cause_index] if 0 <= cause_index < len(written) else None
            if effect and cause and cause.fact.pk != effect.fact.pk:
                edges.add((cause.fact.pk, effect.fact.pk))
    FactEdge.objects.bulk_create(
        [FactEdge(src_id=s, dst_id=d, kind=FactEdge.Kind.CAUSES) for s, d in sorted(edges)],
        ignore_conflicts=True,
    )


def _finish_session(session: Session, result: ExtractionResult, n_facts: int) -> None:
    Session.objects.filter(pk=session.pk).update(
        status=Session.Status.DONE,
        status_reason="",
        session_subject=result.extraction.session_subject,
        extractor=result.extractor,
        model=result.model,
        prompt_version=result.prompt_version,
        raw_reply=result.raw_reply[:200_000],
        prompt_tokens=result.prompt_tokens,
        completion_tokens=result.completion_tokens,
        attempts=result.attempts,
        extract_ms=result.duration_ms,
        fact_count=Fact.objects.filter(session=session).count(),
        finished_at=timezone.now(),
    )
