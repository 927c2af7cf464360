"""What chain context needs of a chain at an asked date, cached by memory version.

Every ask reads the chains of its top units: their members (one query) and,
per chain, the anchor at the asked date, the current tail and the effective
order (memory.domain.anchors). On a long history that is most of an ask's
CPU, and it depends only on the stored chain and the asked date, so it is
kept per process in memory.reading.read_cache, keyed by the patient's memory version:
any write to the patient's facts, chains, edges, sessions or to entities
gives the next ask freshly computed states (docs/design.md §6.4).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from memory.domain.anchors import Anchor, anchor
from memory.domain.chains import ChainMember, effective_order
from memory.domain.evidence import FactView
from memory.queries.chains import chains_of
from memory.reading import read_cache


@dataclass(frozen=True)
class ChainState:
    """One chain read at one date. Shared between threads: read-only."""

    views: dict[int, FactView]  # fact id -> evidence view
    members: dict[int, ChainMember]  # fact id -> member as the rules see it
    fact_type: str
    anchor: Anchor  # at the asked date
    current: ChainMember | None  # the tail now (the anchor when reading at now)
    place: dict[int, int]  # fact id -> position in the effective order (in force only)


def build_state(
    fact_views: list[FactView], members: list[ChainMember], asked: date | None
) -> ChainState:
    at_asked = anchor(members, asked)
    current = anchor(members, None).member if asked is not None else at_asked.member
    return ChainState(
        views={v.fact_id: v for v in fact_views},
        members={m.fact_id: m for m in members},
        fact_type=members[0].fact_type,
        anchor=at_asked,
        current=current,
        place={m.fact_id: i for i, m in enumerate(effective_order(members))},
    )


def chain_states(
    patient_id: int, chain_ids: Iterable[int], asked: date | None
) -> dict[int, ChainState]:
    """The patient's chains `chain_ids` read at `asked`; an id with no member is absent."""

    def compute(keys: list[tuple[str, int, date | None]]) -> dict[tuple, ChainState]:
        loaded = chains_of(key[1] for key in keys)
        return {
            ("chain", cid, asked): build_state(*loaded[cid], asked)
            for cid in (key[1] for key in keys)
            if cid in loaded and loaded[cid][1]
        }

    keys = [("chain", cid, asked) for cid in chain_ids]
    found = read_cache.cached_many(patient_id, keys, compute, lambda s: len(s.views))
    return {key[1]: state for key, state in found.items()}
