"""Rebuilding one chain from every mention ever extracted into it.

A chain is a function of its observations -- the stored records plus the
repeated mentions folded into them (kept as `Fact.folded_mentions`) -- never
of the order in which sessions were constructed: every write replays all of
them through memory.domain.chains.fold_chain in (effective date, arrival)
order, then stores positions, validity intervals, supersedes edges and tail
as memory.domain.chains.recompute_chain derives them. So reconstructing any
subset of a patient's sessions, in any order, gives the graph a clean import
gives. Callers hold `transaction.atomic()`.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db.models import Q
from django.utils import timezone

from memory.domain.chains import (
    ChainMember,
    fold_chain,
    insertion_tail,
    recompute_chain,
)
from memory.models import Chain, Fact, FactEdge

# The fields a folded mention keeps: enough to stand as a record on its own.
ENTRY_FIELDS = (
    "patient_id", "subject_id", "entity_id", "fact_type", "content", "value", "unit", "status",
    "safety_kind", "assertion", "event_date", "effective_date", "date_precision",
    "is_state_change", "replaces", "session_id", "evidence_turn", "confidence",
    "extraction_key", "extractor", "model", "prompt_version", "slots",
)  # fmt: skip
_DATES = ("event_date", "effective_date")


def _entry_of(fact: Fact) -> dict[str, Any]:
    """A record as a folded mention (JSON), with what ordering needs."""
    entry = {name: getattr(fact, name) for name in ENTRY_FIELDS}
    for name in _DATES:
        entry[name] = entry[name].isoformat() if entry[name] else None
    entry["seq"] = fact.session.seq
    entry["session_date"] = _iso(fact.session.session_date)
    entry["fact_id"] = fact.pk  # given back when the mention is a record again
    return entry


def _iso(value: date | None) -> str | None:
    return value.isoformat() if value else None


def _day(value: str | None) -> date | None:
    return date.fromisoformat(value) if value else None


def _materialize(entry: dict[str, Any], chain: Chain | None) -> Fact:
    """A folded mention stored as a record of its own (its extractor fields kept)."""
    fields = {name: entry.get(name) for name in ENTRY_FIELDS}
    fields["slots"] = fields["slots"] or {}  # mentions folded before slots existed
    for name in _DATES:
        fields[name] = _day(fields[name])
    fact = Fact(
        pk=free_id(entry.get("fact_id")), **fields, chain=chain,
        last_mentioned=_day(entry.get("session_date")),
    )  # fmt: skip
    fact.save(force_insert=True)
    return fact


def free_id(pk: int | None) -> int | None:
    """`pk` when no fact has it now (a record folded away, or deleted to be written
    again), so a mention that is a record again keeps the id clients know it by."""
    return pk if pk is not None and not Fact.objects.filter(pk=pk).exists() else None


def release_folded(fact: Fact) -> list[Fact]:
    """Store the mentions folded into `fact` as records of its chain (e.g. before
    the fact leaves the chain: the other sessions' mentions stay where they were).
    Causal links another session made to `fact` go with that session's mention."""
    created = [_materialize(entry, fact.chain) for entry in fact.folded_mentions]
    if not created:
        return []
    Fact.objects.filter(pk=fact.pk).update(
        folded_mentions=[], mention_sessions=[], mention_count=1,
        last_mentioned=fact.session.session_date,
    )  # fmt: skip
    fact.folded_mentions, fact.mention_sessions, fact.mention_count = [], [], 1
    _move_causes(fact, {m.session_id: m.pk for m in created})
    return created


def _move_causes(fact: Fact, to_row: dict[int, int]) -> None:
    edges = (
        FactEdge.objects.filter(kind=FactEdge.Kind.CAUSES)
        .filter(Q(src=fact) | Q(dst=fact))
        .select_related("src", "dst")
    )
    moved = []
    for edge in edges:
        other = edge.dst if edge.src_id == fact.pk else edge.src
        row = to_row.get(other.session_id)
        if row is None or row == other.pk:
            continue
        pair = (row, edge.dst_id) if edge.src_id == fact.pk else (edge.src_id, row)
        moved.append(FactEdge(src_id=pair[0], dst_id=pair[1], kind=FactEdge.Kind.CAUSES))
        edge.delete()
    FactEdge.objects.bulk_create(moved, ignore_conflicts=True)


def _member(entry: dict[str, Any], fact_id: int, position: int, verification: str) -> ChainMember:
    return ChainMember(
        fact_id=fact_id,
        fact_type=entry["fact_type"],
        status=entry["status"] or None,
        content=entry["content"],
        event_date=_day(entry["event_date"]),
        session_date=_day(entry["session_date"]),
        position=position,
        verification=verification,
        value=entry["value"],
        unit=entry["unit"],
        is_state_change=entry["is_state_change"],
        slots=entry.get("slots") or None,
        date_precision=entry.get("date_precision") or "day",
    )


def _arrival(entry: dict[str, Any]) -> tuple[int, int, str, str]:
    """Arrival order: session sequence, then place in the dialogue, then wording."""
    return (entry["seq"], entry["evidence_turn"], entry["content"], entry["status"])


def rebuild_chain(chain: Chain) -> tuple[list[Fact], dict[int, int]]:
    """Re-fold and re-derive `chain`. Returns (records created from folded
    mentions, {record folded away: the record it now counts as a mention of})."""
    rows = list(Fact.objects.filter(chain=chain).select_related("session"))
    if not rows:
        chain.delete()
        return [], {}
    observations: list[tuple[dict[str, Any], int, Fact | None]] = []
    holder: dict[int, Fact] = {}  # folded mention -> the record holding it now
    for row in rows:
        observations.append((_entry_of(row), row.pk, row))
        for entry in row.folded_mentions:  # negative ids: never a database id
            oid = -1 - len(observations)
            observations.append((entry, oid, None))
            holder[oid] = row
    observations.sort(key=lambda o: (_arrival(o[0]), o[1]))
    by_id = {oid: (entry, row) for entry, oid, row in observations}
    members = [
        _member(entry, oid, pos, row.verification if row else "unconfirmed")
        for pos, (entry, oid, row) in enumerate(observations)
    ]
    fixed = frozenset(r.pk for r in rows if r.corrected or r.origin == Fact.Origin.CLINICIAN)
    plan = fold_chain(members, fixed)
    created, moved = _store_plan(chain, plan, by_id, holder)
    _derive_chain(chain)
    return created, moved


def _store_plan(
    chain: Chain,
    plan: dict[int, tuple[int, ...]],
    by_id: dict[int, tuple[dict[str, Any], Fact | None]],
    holder: dict[int, Fact],
) -> tuple[list[Fact], dict[int, int]]:
    created: list[Fact] = []
    host_of: dict[int, int] = {}
    for record_id, folded in plan.items():
        entry, row = by_id[record_id]
        if row is None:  # a mention that no longer repeats its predecessor
            row = _materialize(entry, chain)
            created.append(row)
            _move_causes(holder[record_id], {row.session_id: row.pk})
        entries = [by_id[f][0] for f in folded]
        mentioned = [d for d in (_day(e["session_date"]) for e in [entry, *entries]) if d]
        Fact.objects.filter(pk=row.pk).update(
            folded_mentions=entries,
            mention_count=1 + len(entries),
            mention_sessions=[e["session_id"] for e in entries],
            last_mentioned=max(mentioned, default=None),
            updated_at=timezone.now(),
        )
        host_of.update({f: row.pk for f in folded if by_id[f][1] is not None})
    _repoint_causes(host_of)
    Fact.objects.filter(pk__in=list(host_of)).delete()
    return created, host_of


def _repoint_causes(host_of: dict[int, int]) -> None:
    """Causal links of a record folded away now belong to the record it repeats."""
    edges = FactEdge.objects.filter(kind=FactEdge.Kind.CAUSES).filter(
        Q(src_id__in=list(host_of)) | Q(dst_id__in=list(host_of))
    )
    wanted = {
        (host_of.get(s, s), host_of.get(d, d)) for s, d in edges.values_list("src_id", "dst_id")
    }
    FactEdge.objects.bulk_create(
        [FactEdge(src_id=s, dst_id=d, kind=FactEdge.Kind.CAUSES) for s, d in wanted if s != d],
        ignore_conflicts=True,
    )


def _chain_rows(chain: Chain) -> list[tuple[ChainMember, str]]:
    """The chain's records in arrival order, as the domain rules see them."""
    rows = sorted(
        Fact.objects.filter(chain=chain).select_related("session"),
        key=lambda f: (_arrival(_entry_of(f)), f.pk),
    )
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
                position=position,
                valid_from=f.valid_from,
                valid_to=f.valid_to,
                verification=f.verification,
                supersedes=supersedes.get(f.pk),
                mention_count=f.mention_count,
                last_mentioned=f.last_mentioned,
                value=f.value,
                unit=f.unit,
                is_state_change=f.is_state_change,
                slots=f.slots or None,
                date_precision=f.date_precision or "day",
            ),
            f.order_note,
        )
        for position, f in enumerate(rows)
    ]


def _derive_chain(chain: Chain) -> None:
    """Store positions, validity intervals, supersedes edges and tail as the rules derive them."""
    rows = _chain_rows(chain)
    if not rows:
        chain.delete()
        return
    members = [member for member, _ in rows]
    updates = recompute_chain(members)
    for u in updates:
        Fact.objects.filter(pk=u.fact_id).update(
            chain_position=u.position, valid_from=u.valid_from, valid_to=u.valid_to,
            order_note=u.note,
        )  # fmt: skip
    _rewrite_supersedes(chain, {u.fact_id: u.supersedes for u in updates})
    tail = insertion_tail(members)
    Chain.objects.filter(pk=chain.pk).update(
        tail_id=tail.fact_id if tail else None, length=len(members), updated_at=timezone.now()
    )


def _rewrite_supersedes(chain: Chain, edges: dict[int, int | None]) -> None:
    FactEdge.objects.filter(
        Q(src__chain=chain) | Q(dst__chain=chain), kind=FactEdge.Kind.SUPERSEDES
    ).delete()
    FactEdge.objects.bulk_create(
        [
            FactEdge(src_id=s, dst_id=d, kind=FactEdge.Kind.SUPERSEDES)
            for s, d in sorted(edges.items())
            if d is not None
        ]
    )
