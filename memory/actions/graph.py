"""Applying an extraction to L2: facts, chains, supersedes/causes edges.

Callers hold `transaction.atomic()`; every function here assumes it. The
decisions themselves (repeat or append, validity intervals, late reports,
entity reuse) are made by the pure rules in memory.domain; this module only
loads their inputs and stores their outputs.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from memory.actions.chains import free_id, rebuild_chain, release_folded
from memory.actions.disease_form_chains import absorb_general, placed_entity
from memory.actions.entities import resolve, start_batch
from memory.domain.chains import is_chained
from memory.domain.items import item_key
from memory.domain.types import ExtractedFact
from memory.extraction.base import ExtractionResult
from memory.models import Chain, Entity, Fact, FactEdge, Person, Session

_UNCHAINED = ("negated", "hypothetical")


def apply_extraction(session: Session, result: ExtractionResult) -> list[Fact]:
    """Replace the session's previous extraction with `result`; return the new facts.

    Indexing them is the caller's next step (construction indexes the facts
    and the session's turn pairs in one encoder batch). Records that a chain
    rebuild re-creates from another session's folded mention are indexed here.
    """
    start_batch()
    reusable = _reusable_ids(session)
    suppressed = _clear_session_extraction(session)
    extraction = result.extraction
    written: list[Fact | None] = []
    touched: set[int] = set()
    for item in extraction.facts:
        entity = (
            resolve(item.entity, item.type, item.safety_kind, patient_id=session.patient_id)
            if item.entity
            else None
        )
        key = _extraction_key(item, entity)  # the item as said, whatever it is filed under
        if item.subject == "none" or key in suppressed:
            written.append(None)  # general knowledge, or an item a clinician corrected
            continue
        person = person_for(session, item.subject)
        entity = placed_entity(entity, item.type, person)
        fact = _write_fact(session, item, result, entity, key, pk=_take(reusable, key))
        written.append(fact)
        if fact.chain_id:
            touched.add(fact.chain_id)
    refiled, moved = absorb_general([f for f in written if f is not None])
    host_of = _rebuild(touched | refiled)
    # This session's own records are indexed by the caller with the rest of them.
    _reindex([f for f in moved if f.pk not in host_of and f.session_id != session.pk])
    hosts = [None if f is None else Fact(pk=host_of.get(f.pk, f.pk)) for f in written]
    _write_causes(extraction.facts, hosts)
    created = [f for f in written if f is not None and f.pk not in host_of]
    _finish_session(session, result, len(created))
    return list(Fact.objects.filter(pk__in=[f.pk for f in created]).select_related("entity"))


def _reusable_ids(session: Session) -> dict[str, list[int]]:
    """Ids of the session's extractor-written facts by item, oldest first: a fact that
    re-extracts to the same item gets its id back, so the ids and ETags clients hold
    survive a reconstruct (the row itself is deleted and written again)."""
    ids: dict[str, list[int]] = {}
    rows = Fact.objects.filter(session=session, corrected=False, origin=Fact.Origin.EXTRACTOR)
    for pk, key in rows.order_by("pk").values_list("pk", "extraction_key"):
        ids.setdefault(key, []).append(pk)
    # A record of this session folded into another session's record since it was
    # written (a rebuild found it repeats that one) keeps its id in the mention.
    hosts = Fact.objects.filter(patient=session.patient, mention_sessions__contains=[session.pk])
    for mentions in hosts.order_by("pk").values_list("folded_mentions", flat=True):
        for entry in mentions:
            if entry["session_id"] == session.pk and entry.get("fact_id"):
                ids.setdefault(entry["extraction_key"], []).append(entry["fact_id"])
    # Two items of one key (a dose "from 5 mg to 2.5 mg") take their ids back in the
    # order they were first written: the rebuild folds the same one as before.
    return {key: sorted(pks) for key, pks in ids.items()}


def _take(reusable: dict[str, list[int]], key: str) -> int | None:
    ids = reusable.get(key, [])
    while ids:
        if (pk := free_id(ids.pop(0))) is not None:
            return pk
    return None


def _rebuild(chain_ids: set[int]) -> dict[int, int]:
    """Rebuild the chains; index records re-created from folded mentions."""
    from memory.actions.index import index_facts

    host_of: dict[int, int] = {}
    for chain in Chain.objects.filter(pk__in=sorted(chain_ids)).order_by("pk"):
        created, moved = rebuild_chain(chain)
        host_of.update(moved)
        if created:
            index_facts(created)
    return host_of


def _reindex(facts: list[Fact]) -> None:
    """Records re-filed under a more specific item are indexed under its name."""
    from memory.actions.index import index_facts

    if facts:
        index_facts(
            list(Fact.objects.filter(pk__in=[f.pk for f in facts]).select_related("entity"))
        )


def _extraction_key(item: ExtractedFact, entity: Entity | None = None) -> str:
    """The clinical item an extracted fact is about, whatever its wording.

    (type, subject as extracted, entity, safety kind, and for measurements the
    value): a clinician's correction is keyed to it, so a re-extraction of the
    session that words the same item differently is still recognised.
    """
    return item_key(
        item.type, item.subject, f"{entity.kind}:{entity.normalized}" if entity else None,
        item.content, item.safety_kind or "", item.value or "", item.unit or "",
    )  # fmt: skip


def _clear_session_extraction(session: Session) -> set[str]:
    """Remove what the extractor wrote for this session; keep clinician-touched facts.

    Mentions other sessions folded into a removed record stay as records of
    their own (the chain rebuild folds them again); this session's mentions
    folded into other sessions' records are removed. Returns the extraction
    keys of corrected facts, which the extractor must never write again.
    """
    facts = Fact.objects.filter(session=session)
    suppressed = set(facts.filter(corrected=True).values_list("extraction_key", flat=True))
    doomed = list(facts.filter(corrected=False, origin=Fact.Origin.EXTRACTOR))
    chains = {f.chain_id for f in doomed if f.chain_id}
    for fact in doomed:
        if fact.folded_mentions:
            release_folded(fact)
    Fact.objects.filter(pk__in=[f.pk for f in doomed]).delete()
    for fact in Fact.objects.filter(
        patient=session.patient, mention_sessions__contains=[session.pk]
    ):
        kept = [e for e in fact.folded_mentions if e["session_id"] != session.pk]
        Fact.objects.filter(pk=fact.pk).update(folded_mentions=kept)
        chains.add(fact.chain_id)
    _rebuild({c for c in chains if c})
    return suppressed


def person_for(session: Session, subject: str) -> Person:
    kind = subject.partition(":")[0] if ":" in subject else "patient"
    person, _ = Person.objects.get_or_create(
        patient_id=session.patient_id, key=subject, defaults={"kind": kind}
    )
    return person


def _parse_date(value: str | None) -> date | None:
    return date.fromisoformat(value) if value else None


def _write_fact(
    session: Session,
    item: ExtractedFact,
    result: ExtractionResult,
    entity: Entity | None,
    key: str,
    pk: int | None = None,
) -> Fact:
    person = person_for(session, item.subject)
    event_date = _parse_date(item.date)
    fact = Fact(
        pk=pk,
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
        extraction_key=key,
        extractor=result.extractor,
        model=result.model,
        prompt_version=result.prompt_version,
    )
    # Negated or hypothetical statements never enter a state chain: "no longer
    # thinking about metformin" must not become the current metformin record.
    if entity is not None and is_chained(item.type) and item.assertion not in _UNCHAINED:
        fact.chain, _ = Chain.objects.get_or_create(
            patient_id=session.patient_id, subject=person, entity=entity, fact_type=item.type
        )
    fact.save(force_insert=True)  # a reused id belongs to a row deleted just before
    return fact


def sync_chain(chain: Chain) -> None:
    """Rebuild the chain from every mention and store what the rules derive."""
    _rebuild({chain.pk})


def _write_causes(items: Sequence[ExtractedFact], written: Sequence[Fact | None]) -> None:
    edges = set()
    for effect_index, item in enumerate(items):
        effect = written[effect_index]
        for cause_index in item.causes:
            cause = written[cause_index] if 0 <= cause_index < len(written) else None
            if effect and cause and cause.pk != effect.pk:
                edges.add((cause.pk, effect.pk))
    FactEdge.objects.bulk_create(
        [FactEdge(src_id=s, dst_id=d, kind=FactEdge.Kind.CAUSES) for s, d in sorted(edges)],
        ignore_conflicts=True,
    )


def _finish_session(session: Session, result: ExtractionResult, n_facts: int) -> None:
    from memory.actions.sessions import do_finish_session

    do_finish_session(
        session.pk,
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
    )
