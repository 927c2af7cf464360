"""One row per substance and per procedure in the safety profile (docs/design.md §4, §5).

Safety facts are append-only: "allergic to penicillin" said in three visits is
three stored facts. A clinician reading the profile wants one penicillin row
that says how often and how recently it was stated, with every statement still
reachable, not three rows (each raising its own alerts). Grouping therefore
happens here, at read time, never in storage.

A row's key is (group, canonical name): every allergy, contraindication and
interaction statement about ibuprofen is one substance row (its kinds listed on
it); an operation is one procedure row. A row's state follows what a clinician
must see:
- a clinician's refutation / entered-in-error is final for the mentions it
  marks; a row whose every mention is so marked shows as refuted;
- statements that disagree (stated present once, denied on or after it) are
  a conflict the clinician resolves: the row shows both, never one silently
  (denied first and stated later is a new allergy: present);
- otherwise present > suspected / hypothetical > historical > denied.

Pure: the caller projects its own records (FactView, ORM Fact) into Mentions,
and gets back rows carrying those records untouched, oldest first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Generic, TypeVar

T = TypeVar("T")

PROCEDURE_KINDS: frozenset[str] = frozenset({"surgical_history"})
# Display order of kinds on a row and of rows in the profile.
KIND_ORDER: tuple[str, ...] = ("allergy", "contraindication", "interaction", "surgical_history")

PRESENT, DENIED, CONFLICTING, EXCLUDED = "present", "denied", "conflicting", "excluded"


@dataclass(frozen=True)
class Mention:
    """What grouping needs to know of one stored safety statement."""

    kind: str  # allergy | contraindication | interaction | surgical_history
    name: str  # canonical entity name; the statement itself when it names none
    assertion: str  # present | negated | hypothetical | historical
    in_force: bool  # False once a clinician refuted it / marked it entered in error
    verification: str
    date: date | None  # when it happened or was said (the effective date)
    session: str  # the session's external id
    mentioned: date | None = None  # the latest day it was said (session / last mention)
    count: int = 1  # repeated mentions the store already folded into this record
    turn: int = 0  # the dialogue turn it was said in (0: unknown)
    planned: bool = False  # a procedure stated as planned, not (yet) done


@dataclass(frozen=True)
class SafetyRow(Generic[T]):
    group: str  # "substance" | "procedure"
    name: str
    kinds: tuple[str, ...]
    state: str  # present | denied | conflicting | hypothetical | historical | excluded
    mention_count: int
    latest: date | None  # the latest day it was said
    sessions: tuple[str, ...]  # each source session once, oldest first
    items: tuple[T, ...]  # every mention's record, oldest first: none is ever dropped
    latest_item: T
    present_items: tuple[T, ...]  # in-force, present statements (what an alert rests on)
    denied_on: date | None = None  # the latest denial, when the row is conflicting
    # One record per other source session (its latest there), oldest session first:
    # a link to each session without repeating one session twice.
    earlier_sources: tuple[T, ...] = ()

    @property
    def is_conflicting(self) -> bool:
        return self.state == CONFLICTING

    @property
    def is_excluded(self) -> bool:
        return self.state == EXCLUDED


def group_of(kind: str) -> str:
    return "procedure" if kind in PROCEDURE_KINDS else "substance"


def row_key(mention: Mention) -> tuple[str, str]:
    return group_of(mention.kind), " ".join(mention.name.casefold().split())


def _said_on(m: Mention) -> date:
    return m.mentioned or m.date or date.min


def _denied_after_stated(live: Sequence[Mention]) -> bool:
    """A denial on or after the first statement of presence disputes it; a denial
    before it ("no allergies" last year, a reaction to penicillin this year) is a new
    allergy, not a dispute."""
    stated = [_said_on(m) for m in live if m.assertion == "present"]
    denied = [_said_on(m) for m in live if m.assertion == "negated"]
    return bool(stated) and bool(denied) and max(denied) >= min(stated)


def _state(mentions: Sequence[Mention]) -> str:
    live_mentions = [m for m in mentions if m.in_force]
    live = {m.assertion for m in live_mentions}
    if not live:
        return EXCLUDED
    if _denied_after_stated(live_mentions):
        return CONFLICTING
    for assertion in ("present", "hypothetical", "historical"):
        if assertion in live:
            return assertion
    return DENIED


def _ordered(pairs: list[tuple[T, Mention]]) -> list[tuple[T, Mention]]:
    # Undated statements first: a dated one is never taken for older than one with no date.
    return sorted(pairs, key=lambda p: p[1].date or date.min)


def _row(pairs: list[tuple[T, Mention]]) -> SafetyRow[T]:
    pairs = _ordered(pairs)
    mentions = [m for _, m in pairs]
    kinds = sorted({m.kind for m in mentions}, key=_kind_rank)
    sessions = tuple(dict.fromkeys(m.session for m in mentions))
    state = _state(mentions)
    quoted = _quoted(pairs)
    denials = [_said_on(m) for m in mentions if m.in_force and m.assertion == "negated"]
    return SafetyRow(
        group=group_of(mentions[0].kind),
        name=mentions[-1].name,
        kinds=tuple(kinds),
        state=state,
        mention_count=_mention_count(mentions),
        latest=max((d for m in mentions if (d := m.mentioned or m.date)), default=None),
        sessions=sessions,
        items=tuple(item for item, _ in pairs),
        latest_item=quoted,
        present_items=tuple(i for i, m in pairs if m.in_force and m.assertion == "present"),
        denied_on=_known(max(denials)) if state == CONFLICTING else None,
        earlier_sources=_earlier_sources(pairs, quoted),
    )


def _quoted(pairs: list[tuple[T, Mention]]) -> T:
    """The statement the row quotes: the latest one, but for an operation done after
    it was planned, the latest telling of it done ("the colonoscopy found two polyps"),
    never the plan ("your colonoscopy is on the 14th"), which reads as not yet done."""
    done = [item for item, m in pairs if not m.planned]
    return done[-1] if done else pairs[-1][0]


def _known(day: date) -> date | None:
    return None if day == date.min else day


def _mention_count(mentions: Sequence[Mention]) -> int:
    """How often it was said: one sentence stored as both a contraindication and an
    interaction ("avoid ibuprofen with your valsartan") is one mention, not two."""
    said = {(m.session, m.turn) if m.turn else (m.session, id(m)) for m in mentions}
    return len(said) + sum(max(1, m.count) - 1 for m in mentions)


def _earlier_sources(pairs: list[tuple[T, Mention]], quoted: T) -> tuple[T, ...]:
    last_session = next(m.session for item, m in pairs if item is quoted)
    per_session = {m.session: item for item, m in pairs if m.session != last_session}
    return tuple(per_session.values())


def _kind_rank(kind: str) -> int:
    return KIND_ORDER.index(kind) if kind in KIND_ORDER else len(KIND_ORDER)


_STATE_RANK = {CONFLICTING: 0, PRESENT: 0, "hypothetical": 1, "historical": 1, DENIED: 2}


def safety_rows(items: Sequence[T], mention: Callable[[T], Mention]) -> list[SafetyRow[T]]:
    """The statements grouped one row per substance / procedure.

    Rows that still hold (present, conflicting) first, then suspected and past,
    then denied, then clinician-excluded; within that by kind, then name.
    """
    groups: dict[tuple[str, str], list[tuple[T, Mention]]] = {}
    for item in items:
        m = mention(item)
        groups.setdefault(row_key(m), []).append((item, m))
    rows = [_row(pairs) for pairs in groups.values()]
    rows.sort(key=lambda r: (_STATE_RANK.get(r.state, 3), _kind_rank(r.kinds[0]), r.name))
    return rows
