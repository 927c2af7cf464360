"""Chain rules: keys, repeated mentions, appends and validity intervals.

Paper §4.1 "Chains and repeated mentions" / "Chain updates", Table 1, and
DESIGN §4 "Storage and update policy" + §8 first bullet:

* A chain groups the records of one (subject, entity, type) of one patient:
  medication_status and condition chains hold states, lab_result and vital
  chains hold measurements. Symptom, event, preference (individual records)
  and safety (append-only) never chain: the functions here refuse them.
* Repeated mention: same status as the tail (the latest inserted record) and
  every Arabic numeral of the new content, dates removed, already in the
  tail's content -> only the tail's last-mentioned date and mention count
  change (see ``numerals``).
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

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Literal

from memory.domain.slots import Slots, slots_differ
from memory.domain.types import CHAINED_TYPES, MEASUREMENT_CHAIN_TYPES

EXCLUDED_VERIFICATIONS: frozenset[str] = frozenset({"refuted", "entered_in_error"})
PLANNED = "planned"
# Stands for the record being appended inside a ChainUpdate (database ids start at 1).
NEW_RECORD_ID = 0


class NotChainedError(ValueError):
    """Raised when chain logic is asked about a type that never chains."""


@dataclass(frozen=True)
class ChainKey:
    """(subject, entity, type) inside one patient's memory (paper: key (e, σ, τ))."""

    subject: str | int
    entity_id: int | str
    fact_type: str


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
    slots: Slots | None = field(default=None, hash=False)


@dataclass(frozen=True)
class NewRecord:
    """An extracted fact about to be written into a chain."""

    fact_type: str
    status: str | None
    content: str
    event_date: date | None
    session_date: date | None
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
    """The writer's instruction for one new record.

    kind "repeat": bump `target_fact_id` to `mention_count` / `last_mentioned`.
    kind "append": insert the record with `position`, `supersedes`,
    `valid_from`, `valid_to`, `note`, then apply `member_updates` (existing
    members whose derived fields change; a `supersedes` of NEW_RECORD_ID
    points at the new record).
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

    @property
    def superseded_by(self) -> int | None:
        """Existing member that will supersede the new record (late report), if any."""
        for upd in self.member_updates:
            if upd.supersedes == NEW_RECORD_ID:
                return upd.fact_id
        return None


# --- keys -----------------------------------------------------------------


def is_chained(fact_type: str) -> bool:
    """Table 1: medication, condition, lab and vital records form chains."""
    return fact_type in CHAINED_TYPES


def chain_key(subject: str | int, entity_id: int | str | None, fact_type: str) -> ChainKey | None:
    """The chain a fact belongs to, or None ("no chain": individual/append-only
    types, or a fact without an entity, which cannot be grouped with anything)."""
    if not is_chained(fact_type) or entity_id is None:
        return None
    return ChainKey(subject=subject, entity_id=entity_id, fact_type=fact_type)


# --- repeated mention -------------------------------------------------------

_YEAR = r"(?:19|20)\d{2}"
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
# A day number followed by a dose word is a count ("April 2 tablets"), not a day.
_DAY = r"\d{1,2}(?:st|nd|rd|th)?(?!\d|\s*(?:tab|pill|cap|mg|g\b|mcg|ml|units?|puffs?|drops?|times))"
# Longest forms first so that "2024年3月20日" is removed whole, not as "2024年" + "3月20日".
_DATE_PATTERNS: tuple[str, ...] = (
    rf"(?<!\d){_YEAR}\s*年\s*\d{{1,2}}\s*月(?:\s*\d{{1,2}}\s*[日号])?",
    rf"(?<!\d){_YEAR}\s*年",
    r"(?<!\d)\d{1,2}\s*月\s*\d{1,2}\s*[日号]",
    r"(?<!\d)\d{1,2}\s*月(?![\d个])",
    rf"(?<![\d.]){_YEAR}[-/]\d{{1,2}}(?:[-/]\d{{1,2}})?(?![\d.])",
    rf"(?<![\d.]){_YEAR}\.\d{{1,2}}\.\d{{1,2}}(?![\d.])",
    rf"(?<![\d./-])\d{{1,2}}[-/.]\d{{1,2}}[-/.]{_YEAR}(?!\d)",
    rf"\b{_DAY}\s+(?:of\s+)?{_MONTH}(?:,?\s+{_YEAR})?\b",
    rf"\b{_MONTH}(?:\s+{_DAY})?(?:,?\s+{_YEAR})?\b",
    # A bare year only where the wording makes it a date: "in 2019", "since 2020",
    # "2010s". "metformin 2000 mg" keeps its dose.
    rf"\b(?:in|since|from|until|till|by|before|after|around|circa|during|early|mid|late)"
    rf"\s+{_YEAR}s?\b(?!\s*(?:mg|g|mcg|µg|ml|iu|units?|%))",
    rf"\b{_YEAR}s\b",
)
_DATES = re.compile("|".join(f"(?:{p})" for p in _DATE_PATTERNS), re.IGNORECASE)
# "1,200" is one numeral (thousands separator: exactly three digits after the
# comma); "7.2" is one numeral; "1,2" is two.
_NUMERAL = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")


def strip_dates(text: str) -> str:
    """Remove calendar dates (ISO, 2024/3/20, 2024年3月20日, 3月20日, "March 20,
    2024", "20 March 2024", "in 2019") so that their digits never count as values."""
    # NFKC turns full-width digits into ASCII; the Chinese comma is a list
    # separator, never a thousands separator, so it must not become ",".
    return _DATES.sub(" ", unicodedata.normalize("NFKC", text.replace("，", "; ")))


def _canonical_numeral(raw: str) -> str:
    """One spelling per value: "1,200" -> "1200", "7.20" -> "7.2", "080" -> "80"."""
    whole, _, frac = raw.replace(",", "").partition(".")
    whole = whole.lstrip("0") or "0"
    frac = frac.rstrip("0")
    return f"{whole}.{frac}" if frac else whole


def numerals(text: str) -> frozenset[str]:
    """Arabic numerals of `text` after dates are removed, canonically spelled."""
    return frozenset(_canonical_numeral(m) for m in _NUMERAL.findall(strip_dates(text)))


def _norm_status(status: str | None) -> str:
    return (status or "").strip().casefold()


def is_repeated_mention(
    new_content: str, new_status: str | None, tail_content: str, tail_status: str | None
) -> bool:
    """Paper §4.1: same status and no numeral the tail does not already have.

    A new value ("raised to 160 mg") always carries a numeral the old tail
    lacks, so it is appended; "still taking valsartan 80 mg" is a repeat.
    """
    if _norm_status(new_status) != _norm_status(tail_status):
        return False
    return numerals(new_content) <= numerals(tail_content)


# --- effective order, edges and intervals -----------------------------------


def is_excluded(member: ChainMember) -> bool:
    """A clinician marked the record refuted or entered in error."""
    return member.verification in EXCLUDED_VERIFICATIONS


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
    for member in by_insertion([m for m in members if not is_excluded(m)]):
        when = order_date(member)
        index = len(order)
        if when is not None:
            later = (i for i, p in enumerate(order) if (d := order_date(p)) and d > when)
            index = next(later, len(order))
        order.insert(index, member)
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
    return (
        f"reported late: event {order_date(member)} precedes current record of"
        f" {order_date(current) or 'unknown date'} (fact {current.fact_id})"
    )


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


def insert_moved(members: Sequence[ChainMember], moved: ChainMember) -> list[ChainMember]:
    """A record re-attributed into this chain (e.g. from the patient to his
    father) takes its insertion place by creation: right after the last member
    created before it (lower fact id). Returns renumbered copies; pass them to
    recompute_chain for edges and intervals."""
    kept = by_insertion([m for m in members if m.fact_id != moved.fact_id])
    index = max((i + 1 for i, m in enumerate(kept) if m.fact_id < moved.fact_id), default=0)
    placed = [*kept[:index], moved, *kept[index:]]
    return [replace(m, position=p) for p, m in enumerate(placed)]


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
    """Repeat of the tail, or append (paper §4.1 "Chain updates", DESIGN §4, §8).

    Raises NotChainedError for symptom/event/preference/safety records and
    ValueError when `new` is of another type than the chain.
    """
    if not is_chained(new.fact_type):
        raise NotChainedError(f"{new.fact_type} records are not chained (paper Table 1)")
    if members and chain_type(members) != new.fact_type:
        raise ValueError(f"{new.fact_type} record cannot join a {members[0].fact_type} chain")
    tail = insertion_tail(members)
    # A new dose or reading in the slots is never folded into the tail as a repeat.
    if (
        tail
        and is_repeated_mention(new.content, new.status, tail.content, tail.status)
        and not slots_differ(new.slots, tail.slots)
    ):
        return _repeat(tail, new)
    draft = ChainMember(
        fact_id=NEW_RECORD_ID,
        fact_type=new.fact_type,
        status=new.status,
        content=new.content,
        event_date=new.event_date,
        session_date=new.session_date,
        position=max((m.position for m in members), default=-1) + 1,
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
