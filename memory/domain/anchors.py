"""Which record of a chain applies at a time: the Anchor (docs/design.md §6.4, §8).

Paper §4.3 "Chain context": each selected chain gives Matched, Anchor (the
record that applies at the asked time) and Relation (the record the anchor
supersedes). Table 1 decides the current record:

* medication / condition: the state whose validity interval covers `at`;
  with no date, the last state of the chain. Plans never count as the state
  in force (a plan to switch does not stop the current drug); a plan made
  after the anchor and not yet followed by a state is reported as
  `pending_plan`. A chain holding only plans is anchored on its latest plan.
  If no interval covers an explicit date the tail is shown with
  `in_force=False` and a note, so the reader is never told it applied then.
  Read now, a state dated after the chain's newest session ("stop warfarin
  5 days before surgery next week") has not begun: it is the pending plan,
  and a state of unknown date never displaces a dated one.
* lab_result / vital: the latest measurement by event date up to `at` (ties:
  the visit's own office reading before a reading reported from home, then the
  later inserted: "the blood pressure at the last visit" is the one measured
  there, not the home average told at it); none before `at` -> no anchor.
* §8: the decision follows the effective order of chains.effective_order, so
  a late report of an earlier event never becomes current; a note says so.
* Records refuted / entered in error by a clinician are never anchors.

Pure: no Django, no clock, inputs are never mutated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from memory.domain.chains import (
    ChainMember,
    MemberUpdate,
    by_insertion,
    chain_type,
    effective_order,
    is_plan,
    order_date,
    recompute_chain,
)
from memory.domain.dates import stated_text
from memory.domain.types import MEASUREMENT_CHAIN_TYPES


@dataclass(frozen=True)
class Anchor:
    """The record that applies at the asked time, and its context."""

    member: ChainMember | None
    relation: ChainMember | None = None  # the record `member` supersedes
    pending_plan: ChainMember | None = None  # a plan made after `member`, not yet carried out
    in_force: bool = True  # False: nothing applied at `at`; `member` is the tail shown instead
    notes: tuple[str, ...] = ()


def _covers(update: MemberUpdate, at: date) -> bool:
    start, end = update.valid_from, update.valid_to
    return start is not None and start <= at and (end is None or at < end)


def latest_known(members: Sequence[ChainMember]) -> date | None:
    """The newest session date of the chain: "now" as far as its records know."""
    return max((m.session_date for m in members if m.session_date), default=None)


def _is_future(member: ChainMember, now: date | None) -> bool:
    """A state dated after everything recorded ("stop warfarin next week")."""
    when = order_date(member)
    return now is not None and when is not None and when > now


def _current_state(
    states: list[ChainMember], members: Sequence[ChainMember]
) -> tuple[ChainMember | None, list[str]]:
    """With no asked date: the last dated state already begun. A state of
    unknown date cannot be placed after a dated one, and a future-dated state
    has not begun; either shows only when nothing dated and begun exists."""
    now = latest_known(members)
    begun = [s for s in states if order_date(s) is not None and not _is_future(s, now)]
    if not begun:
        return (states[-1] if states else None), []
    member = begun[-1]
    undated = [s for s in states[states.index(member) + 1 :] if order_date(s) is None]
    notes = [f"a later record of unknown date exists (fact {s.fact_id})" for s in undated[-1:]]
    return member, notes


def _state_anchor(
    order: list[ChainMember], members: Sequence[ChainMember], at: date | None
) -> tuple[ChainMember | None, bool, list[str]]:
    states = [m for m in order if not is_plan(m)]
    if at is None or not states:
        if states:
            member, notes = _current_state(states, members)
            return member, True, notes
        return (order[-1] if order else None), True, []
    tail, _ = _current_state(states, members)
    intervals = {u.fact_id: u for u in recompute_chain(members)}
    covering = [s for s in states if _covers(intervals[s.fact_id], at)]
    if not covering:
        first = min((d for m in states if (d := order_date(m))), default=None)
        note = f"no record in force on {at}" + (f"; the first starts {first}" if first else "")
        return tail, False, [f"{note}; showing the current record"]
    member = covering[-1]
    undated = [s for s in states[states.index(member) + 1 :] if order_date(s) is None]
    notes = [f"a later record of unknown date exists (fact {s.fact_id})" for s in undated[-1:]]
    return member, True, notes


def _measurement_anchor(
    order: list[ChainMember], at: date | None
) -> tuple[ChainMember | None, bool, list[str]]:
    dated = [m for m in order if (d := order_date(m)) is not None and (at is None or d <= at)]
    if dated:  # effective order keeps dated records sorted by date, ties by insertion
        day = order_date(dated[-1])
        same_day = [m for m in dated if order_date(m) == day]
        office = [m for m in same_day if (m.slots or {}).get("setting") == "office"]
        return (office or same_day)[-1], True, []
    if at is None:
        return (order[-1] if order else None), True, []
    return None, True, [f"no measurement on or before {at}"]


def _pending_plan(
    order: list[ChainMember], member: ChainMember, at: date | None, now: date | None
) -> ChainMember | None:
    """A plan made after `member`, or (reading now) a state dated in the future."""
    if is_plan(member):
        return None
    after = order[order.index(member) + 1 :]
    plans = [p for p in after if is_plan(p) and (at is None or ((d := order_date(p)) and d <= at))]
    if at is None:
        plans += [p for p in after if not is_plan(p) and _is_future(p, now)][:1]
    return plans[-1] if plans else None


def _stated(member: ChainMember) -> str:
    """The member's order date as told: "2024" for a year, not 2024-01-01."""
    day = order_date(member)
    return stated_text(day, member.event_date, member.date_precision) if day else str(day)


def _late_notes(order: list[ChainMember], member: ChainMember) -> list[str]:
    """§8: a record inserted after the anchor but earlier by event date."""
    rank = {m.fact_id: p for p, m in enumerate(by_insertion(order))}
    before = order[: order.index(member)]
    late = [m for m in before if rank[m.fact_id] > rank[member.fact_id]]
    if not late:
        return []
    last = max(late, key=lambda m: rank[m.fact_id])
    return [
        f"reported late: event {_stated(last)} (fact {last.fact_id}) precedes "
        f"current record of {order_date(member) or 'unknown date'} (fact {member.fact_id})"
    ]


def anchor(members: Sequence[ChainMember], at: date | None = None) -> Anchor:
    """The Anchor of a chain at `at` (None = now), with Relation and notes."""
    if not members:
        return Anchor(member=None)
    fact_type = chain_type(members)
    order = effective_order(members)
    if fact_type in MEASUREMENT_CHAIN_TYPES:
        member, in_force, notes = _measurement_anchor(order, at)
    else:
        member, in_force, notes = _state_anchor(order, members, at)
    if member is None:
        return Anchor(member=None, notes=tuple(notes))
    index = order.index(member)
    return Anchor(
        member=member,
        relation=order[index - 1] if index > 0 else None,
        pending_plan=_pending_plan(order, member, at, latest_known(members)) if in_force else None,
        in_force=in_force,
        notes=tuple(_late_notes(order, member) + notes),
    )
