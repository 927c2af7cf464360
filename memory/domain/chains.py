"""Chain rules: keys, repeated mentions, appends and validity intervals.

Paper §4.1 "Chains and repeated mentions" / "Chain updates", Table 1, and
docs/design.md §4 "Storage and update policy" + §8 first bullet:

* A chain groups the records of one (subject, entity, type) of one patient:
  medication_status and condition chains hold states, lab_result and vital
  chains hold measurements. Symptom, event, preference (individual records)
  and safety (append-only) never chain: the functions here refuse them.
* Repeated mention: same status as the record before it and the same
  structured value and unit (when either has one; else no Arabic numeral of
  the new content, dates removed, that the record's content lacks, unless the
  extractor flagged a state change) -> only that record's last-mentioned date
  and mention count change (see ``repeats``). ``fold_chain`` replays every
  mention of a chain in effective order, so the result does not depend on the
  order in which sessions were (re)constructed.
* Otherwise the record is appended with a ``supersedes`` edge to its
  predecessor. For states the predecessor's validity ends where the new
  record starts (event date, else session date). Measurements are never
  invalidated.
* §8 (beyond the paper): chains keep insertion order, but the *effective
  order* used for edges, intervals and the current decision places a record
  whose known date is earlier than an already placed record's before it, so
  a late report of an earlier event never becomes current; the record gets a
  "reported late" note that evidence rendering can show.
* Plans (clinical decision): a planned record shares the chain and takes its
  place in the supersedes sequence, but it does not end the validity of the
  state before it -- a plan to switch does not stop the current drug until
  the switch happens. A plan's own interval is its pending window: from the
  date the plan was made until the next record of the chain.
* Records a clinician marked refuted / entered_in_error keep their position
  (they are shown struck through) but take no part in any decision: no
  edges, an empty validity interval, never a tail.

Pure: no Django, no clock, inputs are never mutated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Literal

from memory.domain.chain_notes import format_late
from memory.domain.numerals import numerals
from memory.domain.numerals import strip_dates as strip_dates  # re-exported
from memory.domain.slots import NUMERIC_SLOTS, Slots, slots_differ
from memory.domain.types import CHAINED_TYPES, MEASUREMENT_CHAIN_TYPES

# A record a clinician refuted or marked entered in error stays visible (struck
# through, with the reason) but no decision, profile line or export relies on it.
EXCLUDED_VERIFICATIONS: frozenset[str] = frozenset({"refuted", "entered_in_error"})
PLANNED = "planned"
# Stands for the record being appended inside a ChainUpdate (database ids start at 1).
NEW_RECORD_ID = 0


class NotChainedError(ValueError):
    """Raised when chain logic is asked about a type that never chains."""


@dataclass(frozen=True)
class ChainMember:
    """A stored record of one chain, as the writer sees it."""

    fact_id: int
    fact_type: str
    status: str | None
    content: str
    event_date: date | None  # None = unknown (the session date applies)
    session_date: date | None
    position: int  # insertion order in the chain, 0-based
    valid_from: date | None = None
    valid_to: date | None = None
    verification: str = "unconfirmed"
    supersedes: int | None = None
    mention_count: int = 1
    last_mentioned: date | None = None
    value: str = ""
    unit: str = ""
    is_state_change: bool = False
    slots: Slots | None = field(default=None, hash=False)
    date_precision: str = "day"  # of event_date: "1995" is a year, not 1995-01-01


@dataclass(frozen=True)
class NewRecord:
    """An extracted fact about to be written into a chain."""

    fact_type: str
    status: str | None
    content: str
    event_date: date | None
    session_date: date | None
    value: str = ""
    unit: str = ""
    is_state_change: bool = False
    slots: Slots | None = field(default=None, hash=False)


@dataclass(frozen=True)
class MemberUpdate:
    """Derived chain fields of one member; `note` is "" unless it was reported late."""

    fact_id: int
    position: int
    supersedes: int | None
    valid_from: date | None
    valid_to: date | None
    note: str = ""


@dataclass(frozen=True)
class ChainUpdate:
    """What one new record does to a chain (plan_chain_update's decision).

    kind "repeat": the tail's `mention_count` / `last_mentioned` grow.
    kind "append": the record takes `position`, `supersedes`, `valid_from`,
    `valid_to`, `note`, and `member_updates` lists the existing members whose
    derived fields change (a `supersedes` of NEW_RECORD_ID points at the new
    record). The writer (memory.actions.chains) stores the same decision for the
    whole chain at once: it re-folds every observation (fold_chain) and stores
    every MemberUpdate recompute_chain derives, which includes these.
    """

    kind: Literal["repeat", "append"]
    target_fact_id: int | None = None
    mention_count: int | None = None
    last_mentioned: date | None = None
    position: int | None = None
    supersedes: int | None = None
    valid_from: date | None = None
    valid_to: date | None = None
    note: str = ""
    member_updates: tuple[MemberUpdate, ...] = ()


# --- keys -----------------------------------------------------------------


def is_chained(fact_type: str) -> bool:
    """Table 1: medication, condition, lab and vital records form chains."""
    return fact_type in CHAINED_TYPES


# --- repeated mention -------------------------------------------------------


def _norm_status(status: str | None) -> str:
    return (status or "").strip().casefold()


def _structured(value: str, unit: str) -> tuple[frozenset[str], str]:
    return numerals(value) or frozenset({value.strip().casefold()}), unit.strip().casefold()


def is_repeated_mention(
    new_content: str,
    new_status: str | None,
    tail_content: str,
    tail_status: str | None,
    *,
    new_value: str = "",
    new_unit: str = "",
    tail_value: str = "",
    tail_unit: str = "",
    state_change: bool = False,
) -> bool:
    """Same status and the same value: only the mention count changes.

    The structured value and unit decide when either side has one: a dose
    lowered back to an earlier 80 mg ("reduced back to 80 mg" after "80 -> 160
    mg") shares every numeral with the tail's content but not its value, so
    it is a change. Equal structured values are a repeat even when the
    extractor flagged a change (nothing changed). Without structured values
    the paper's rule applies -- no numeral the tail lacks -- unless the
    extractor said the state changed.
    """
    if _norm_status(new_status) != _norm_status(tail_status):
        return False
    if new_value.strip() or tail_value.strip():
        return _structured(new_value, new_unit) == _structured(tail_value, tail_unit)
    if state_change:
        return False
    return numerals(new_content) <= numerals(tail_content)


def _visit(member: ChainMember | NewRecord) -> date | None:
    return member.event_date or member.session_date


def _new_visit_reading(new: ChainMember | NewRecord, previous: ChainMember) -> bool:
    """A reading told with no date of its own belongs to the visit it was said in; at a
    later visit it is that visit's measurement. One told with its own earlier date
    ("NT-proBNP was 1,200 in March") may restate the earlier record (paper §6)."""
    own_date = new.event_date is not None and new.event_date != new.session_date
    return not own_date and _visit(new) != _visit(previous)


def repeats(new: ChainMember | NewRecord, previous: ChainMember) -> bool:
    """`new` is a repeated mention of `previous` (structured fields first).

    A new dose or reading in the slots is never folded into the tail as a repeat.
    A reading said at another visit is that visit's measurement, never a repeat of
    an equal earlier one: folding it would date the latest reading to an older visit.
    Two records whose slots state the same dose are one dose whatever the wording of
    the unit ("160 毫克" and "160 mg"); a stop after a stop is the same stop, so the
    stop keeps the date of the session that made it."""
    same_status = _norm_status(new.status) == _norm_status(previous.status)
    if same_status and _norm_status(new.status) == "stopped" and not _states_amount(new.slots):
        return True  # "I never took it again" (口服 or not) adds nothing to the stop
    if slots_differ(new.slots, previous.slots):
        return False
    if new.fact_type in MEASUREMENT_CHAIN_TYPES and _new_visit_reading(new, previous):
        return False
    if not same_status:
        return False
    if _states_amount(new.slots) and _states_amount(previous.slots):
        return True
    return is_repeated_mention(
        new.content,
        new.status,
        previous.content,
        previous.status,
        new_value=new.value,
        new_unit=new.unit,
        tail_value=previous.value,
        tail_unit=previous.unit,
        state_change=new.is_state_change,
    )


def _states_amount(slots: Slots | None) -> bool:
    return any((slots or {}).get(key) not in (None, "") for key in NUMERIC_SLOTS)


# --- effective order, edges and intervals -----------------------------------


def in_force(verification: str) -> bool:
    """The one in-force rule: a record counts unless a clinician refuted it or
    marked it entered in error. Every reader asks this, never the names."""
    return verification not in EXCLUDED_VERIFICATIONS


def is_excluded(member: ChainMember) -> bool:
    """A clinician marked the record refuted or entered in error."""
    return not in_force(member.verification)


def is_plan(member: ChainMember | NewRecord) -> bool:
    return _norm_status(member.status) == PLANNED


def order_date(member: ChainMember) -> date | None:
    """The date a record takes its place by: its event date, else its session date.

    A plan's event date later than its session is when it is meant to happen;
    the plan itself was made at the session, which is where it belongs.
    """
    if is_plan(member) and member.event_date and member.session_date:
        return min(member.event_date, member.session_date)
    return member.event_date or member.session_date


def chain_type(members: Sequence[ChainMember]) -> str:
    """The one chained type of `members`; refuses mixed or non-chained types."""
    types = {m.fact_type for m in members}
    if len(types) != 1:
        raise ValueError(f"a chain holds exactly one fact type, got {sorted(types)}")
    (fact_type,) = types
    if not is_chained(fact_type):
        raise NotChainedError(f"{fact_type} records are not chained (paper Table 1)")
    return fact_type


def by_insertion(members: Sequence[ChainMember]) -> list[ChainMember]:
    return sorted(members, key=lambda m: (m.position, m.fact_id))


def effective_order(members: Sequence[ChainMember]) -> list[ChainMember]:
    """Non-excluded members in insertion order, except that a record with a
    known date goes before the first placed record whose known date is later
    (§8). Invariant: dated records end up sorted by date, ties kept in
    insertion order; undated records stay where they were inserted."""
    order: list[ChainMember] = []
    dates: list[date | None] = []  # order_date of order[i], computed once per member
    for member in by_insertion([m for m in members if not is_excluded(m)]):
        when = order_date(member)
        index = len(order)
        if when is not None:
            later = (i for i, d in enumerate(dates) if d is not None and d > when)
            index = next(later, len(order))
        order.insert(index, member)
        dates.insert(index, when)
    return order


def _next_start(order: Sequence[ChainMember], after: int, states_only: bool) -> date | None:
    for member in order[after + 1 :]:
        if states_only and is_plan(member):
            continue
        if (start := order_date(member)) is not None:
            return start
    return None


def _interval(order: Sequence[ChainMember], i: int, fact_type: str) -> tuple[date | None, ...]:
    """[valid_from, valid_to) of order[i]. Measurements stay valid for ever;
    a state ends where the next *state* starts (plans do not end it); a plan's
    pending window ends at the next record of any kind."""
    member = order[i]
    start = order_date(member)
    if fact_type in MEASUREMENT_CHAIN_TYPES:
        return start, None
    return start, _next_start(order, i, states_only=not is_plan(member))


def _late_note(member: ChainMember, order: Sequence[ChainMember], rank: dict[int, int]) -> str:
    """'reported late' when the record was placed before the record that was
    current (last in effective order) among those inserted before it."""
    earlier = [m for m in order if rank[m.fact_id] < rank[member.fact_id]]
    if not earlier or order.index(earlier[-1]) < order.index(member):
        return ""
    current = earlier[-1]
    return format_late(order_date(member), order_date(current), current.fact_id)


def recompute_chain(members: Sequence[ChainMember]) -> list[MemberUpdate]:
    """Derive positions (0..n-1 by insertion), supersedes edges and validity
    intervals for the whole chain, e.g. after a clinician moved or refuted a
    member. Deterministic; one update per member, in insertion order."""
    if not members:
        return []
    fact_type = chain_type(members)
    inserted = by_insertion(members)
    rank = {m.fact_id: p for p, m in enumerate(inserted)}
    order = effective_order(members)
    index = {m.fact_id: i for i, m in enumerate(order)}
    updates: list[MemberUpdate] = []
    for member in inserted:
        position = rank[member.fact_id]
        if member.fact_id not in index:  # excluded: kept in place, takes no part
            start = order_date(member)
            updates.append(MemberUpdate(member.fact_id, position, None, start, start))
            continue
        i = index[member.fact_id]
        valid_from, valid_to = _interval(order, i, fact_type)
        supersedes = order[i - 1].fact_id if i > 0 else None
        note = _late_note(member, order, rank)
        updates.append(
            MemberUpdate(member.fact_id, position, supersedes, valid_from, valid_to, note)
        )
    return updates


# --- planning one new record -----------------------------------------------


def insertion_tail(members: Sequence[ChainMember]) -> ChainMember | None:
    """The latest inserted record that a clinician has not struck out (paper: tail)."""
    kept = by_insertion([m for m in members if not is_excluded(m)])
    return kept[-1] if kept else None


def _repeat(tail: ChainMember, new: NewRecord) -> ChainUpdate:
    mentioned = [d for d in (tail.last_mentioned, new.session_date or new.event_date) if d]
    return ChainUpdate(
        kind="repeat",
        target_fact_id=tail.fact_id,
        mention_count=tail.mention_count + 1,
        last_mentioned=max(mentioned) if mentioned else None,
    )


def _changed(update: MemberUpdate, member: ChainMember) -> bool:
    stored = (member.position, member.supersedes, member.valid_from, member.valid_to)
    return stored != (update.position, update.supersedes, update.valid_from, update.valid_to)


def plan_chain_update(members: Sequence[ChainMember], new: NewRecord) -> ChainUpdate:
    """Repeat of the tail, or append (paper §4.1 "Chain updates", docs/design.md §4, §8).

    Raises NotChainedError for symptom/event/preference/safety records and
    ValueError when `new` is of another type than the chain.
    """
    if not is_chained(new.fact_type):
        raise NotChainedError(f"{new.fact_type} records are not chained (paper Table 1)")
    if members and chain_type(members) != new.fact_type:
        raise ValueError(f"{new.fact_type} record cannot join a {members[0].fact_type} chain")
    tail = insertion_tail(members)
    if tail and repeats(new, tail):
        return _repeat(tail, new)
    draft = ChainMember(
        fact_id=NEW_RECORD_ID,
        fact_type=new.fact_type,
        status=new.status,
        content=new.content,
        event_date=new.event_date,
        session_date=new.session_date,
        position=max((m.position for m in members), default=-1) + 1,
        value=new.value,
        unit=new.unit,
        is_state_change=new.is_state_change,
        slots=new.slots,
    )
    updates = recompute_chain([*members, draft])
    own = next(u for u in updates if u.fact_id == NEW_RECORD_ID)
    stored = {m.fact_id: m for m in members}
    return ChainUpdate(
        kind="append",
        position=own.position,
        supersedes=own.supersedes,
        valid_from=own.valid_from,
        valid_to=own.valid_to,
        note=own.note,
        member_updates=tuple(
            u for u in updates if u.fact_id in stored and _changed(u, stored[u.fact_id])
        ),
    )


# --- rebuilding a chain from every observation ------------------------------


def fold_chain(
    observations: Sequence[ChainMember], fixed: frozenset[int] = frozenset()
) -> dict[int, tuple[int, ...]]:
    """Which observations are records and which are repeated mentions of one.

    Every mention ever extracted into the chain (stored records and the
    mentions folded into them) is replayed in effective order, each compared
    with the record before it -- not with the newest record -- so the result
    depends only on the set of observations, never on the order in which
    sessions were (re)constructed. `fixed` records (a clinician touched them)
    are never folded away. Records struck out by a clinician are records
    that nothing is compared with. Returns record id -> folded observation ids.
    """
    records: dict[int, tuple[int, ...]] = {m.fact_id: () for m in observations if is_excluded(m)}
    previous: ChainMember | None = None
    for member in effective_order(observations):
        if previous is not None and member.fact_id not in fixed and repeats(member, previous):
            records[previous.fact_id] += (member.fact_id,)
            continue
        records[member.fact_id] = ()
        previous = member
    return records
