"""Chains as the domain rules see them: one ChainMember projection for every reader.

The web pages, the API, the FHIR export, the profile, medication-safety
conflicts and retrieval all decide "current" with memory.domain.anchors on
these members, so no two of them can disagree. Every function loads any
number of chains in ONE query: the members' columns plus their stored
supersedes edge as a correlated subquery (the edge's unique index answers it).
Positions are the stored insertion positions the writer derived.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.db.models import OuterRef, QuerySet, Subquery

from memory.domain.chains import ChainMember
from memory.domain.evidence import FactView
from memory.models import Chain, Fact, FactEdge
from memory.queries import prepared
from memory.queries.facts import VIEW_FIELDS, VIEW_SQL, view_of

MEMBER_FIELDS = (
    "id", "chain_id", "chain_position", "fact_type", "status", "content", "event_date",
    "session__session_date", "valid_from", "valid_to", "verification", "mention_count",
    "last_mentioned", "value", "unit", "is_state_change", "slots", "date_precision",
)  # fmt: skip
ChainIds = Iterable[int] | QuerySet[Chain]


def _supersedes() -> Subquery:
    edge = FactEdge.objects.filter(src=OuterRef("pk"), kind=FactEdge.Kind.SUPERSEDES)
    return Subquery(edge.values("dst_id")[:1])


def _rows(chain_ids: ChainIds, fields: tuple[str, ...]) -> Iterable[dict[str, Any]]:
    ids = chain_ids if isinstance(chain_ids, QuerySet) else list(set(chain_ids))
    return (
        Fact.objects.filter(chain_id__in=ids)
        .annotate(supersedes_id=_supersedes())
        .order_by("chain_id", "chain_position", "id")
        .values(*fields, "supersedes_id")
    )


def member_of(row: dict[str, Any]) -> ChainMember:
    """A ChainMember from a row carrying MEMBER_FIELDS and `supersedes_id`."""
    position = row["chain_position"]
    return ChainMember(
        fact_id=row["id"],
        fact_type=row["fact_type"],
        status=row["status"] or None,
        content=row["content"],
        event_date=row["event_date"],
        session_date=row["session__session_date"],
        position=position if position is not None else 0,
        valid_from=row["valid_from"],
        valid_to=row["valid_to"],
        verification=row["verification"],
        supersedes=row["supersedes_id"],
        mention_count=row["mention_count"],
        last_mentioned=row["last_mentioned"],
        value=row["value"],
        unit=row["unit"],
        is_state_change=row["is_state_change"],
        slots=row["slots"] or None,
        date_precision=row["date_precision"] or "day",
    )


def members_of(chain_ids: ChainIds) -> dict[int, list[ChainMember]]:
    """The members of each chain, in insertion order (one query; only what the
    rules read). `chain_ids` may be a Chain queryset, run as a subquery."""
    out: dict[int, list[ChainMember]] = defaultdict(list)
    for row in _rows(chain_ids, MEMBER_FIELDS):
        out[row["chain_id"]].append(member_of(row))
    return dict(out)


def chains_of(chain_ids: ChainIds) -> dict[int, tuple[list[FactView], list[ChainMember]]]:
    """Each chain's members as FactViews (for evidence lines) and as ChainMembers
    (for the rules), in insertion order (one query)."""
    out: dict[int, tuple[list[FactView], list[ChainMember]]] = defaultdict(lambda: ([], []))
    for row in _rows_of(chain_ids):
        fact_views, members = out[row["chain_id"]]
        fact_views.append(view_of(row))
        members.append(member_of(row))
    return dict(out)


# chains_of by chain ids, the per-ask case (chain states of the top units), as one
# fixed prepared statement: the members' view columns, the rules' extra columns and
# the stored supersedes edge (its unique index answers the subquery).
_EXTRA = ("chain_position", "event_date", "is_state_change", "supersedes_id")
_CHAINS_SQL = (
    VIEW_SQL.replace(
        "SELECT ",
        "SELECT f.chain_position, f.event_date, f.is_state_change, (SELECT x.dst_id FROM "
        "memory_factedge x WHERE x.src_id = f.id AND x.kind = %s LIMIT 1), ",
        1,
    )
    + "WHERE f.chain_id = ANY(%s) ORDER BY f.chain_id, f.chain_position, f.id"
)


def _rows_of(chain_ids: ChainIds) -> Iterable[dict[str, Any]]:
    if isinstance(chain_ids, QuerySet):
        yield from _rows(chain_ids, tuple(dict.fromkeys(VIEW_FIELDS + MEMBER_FIELDS)))
        return
    ids = sorted(set(chain_ids))
    if not ids:
        return
    with prepared.cursor() as cur:
        cur.execute(_CHAINS_SQL, [FactEdge.Kind.SUPERSEDES.value, ids])
        rows = cur.fetchall()
    width = len(_EXTRA)
    for row in rows:
        values = dict(zip(_EXTRA, row[:width], strict=True))
        values.update(zip(VIEW_FIELDS, row[width:], strict=True))
        if isinstance(values["slots"], str):  # jsonb arrives as text (Django's loader)
            values["slots"] = json.loads(values["slots"])
        yield values
