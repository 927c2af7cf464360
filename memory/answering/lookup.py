"""Records of the asked items across the whole memory, for "no record" and "whose is it".

Retrieval ranks only the patient's facts and keeps 8 units, so it can neither
say that the patient has *no* record of an item nor that a relative has one.
One query per question finds every fact about the asked items, whoever it
belongs to; the patient's records that retrieval left out are added to the
evidence as their chains' anchors (so the answer can cite them), and other
people's records only ever yield the words "recorded for the son, not the
patient" — never a line of evidence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date

from django.db import connection

from memory import lexicon
from memory.answering.intents import AskedItem
from memory.answering.match import concerns
from memory.answering.values import (
    CARRIED_MARK,
    SUPERSEDED_MARK,
    carried_dose,
    previous_dose,
    state_began,
)
from memory.domain.evidence import EvidenceItem, FactView
from memory.lexicon.disease_forms import narrower
from memory.lexicon.panels import panel_members
from memory.queries.facts import views_sql
from memory.retrieval.chain_state import chain_states
from memory.retrieval.context import chain_items

MAX_PER_ITEM = 50


@dataclass
class ItemRecords:
    own: dict[str, list[FactView]] = field(default_factory=dict)  # canonical -> patient's
    others: dict[str, list[str]] = field(default_factory=dict)  # canonical -> subject keys
    began: dict[int, date] = field(default_factory=dict)  # fact id -> when its state began


def _names(items: Sequence[AskedItem]) -> tuple[set[str], set[str]]:
    names, surfaces = set(), set()
    for item in items:
        names.add(item.canonical)
        surfaces.add(item.surface.strip())
        if item.kind == "drug_class":
            names.update(lexicon.class_members(item.canonical))
        names.update(narrower(item.canonical))  # "diabetes": its type 1 / type 2 records
        names.update(panel_members(item.canonical))  # "kidney function": eGFR, creatinine
    return names, surfaces


def _condition(items: Sequence[AskedItem]) -> tuple[str, list[object]]:
    """SQL over facts f / entities e: the item's entity by name or alias, or (for an
    item with no lexicon kind) its words anywhere in the content."""
    names, surfaces = _names(items)
    parts, params = (
        ["e.name = ANY(%s)", "e.aliases && %s::varchar[]"],
        [sorted(names), sorted(surfaces)],
    )
    for item in items:
        if not item.kind and item.surface.strip():
            # As Django's icontains: upper-cased LIKE with \, % and _ escaped.
            parts.append("UPPER(f.content::text) LIKE UPPER(%s)")
            params.append(f"%{connection.ops.prep_for_like_query(item.surface.strip())}%")
    return "(" + " OR ".join(parts) + ")", params


def item_records(patient_id: int, items: Sequence[AskedItem]) -> ItemRecords:
    """Every fact of this patient's memory about the asked items, split by whose it is."""
    out = ItemRecords()
    if not items:
        return out
    condition, params = _condition(items)
    facts = views_sql(
        f"f.patient_id = %s AND {condition}",
        [patient_id, *params],
        order="f.effective_date, f.id",
        limit=MAX_PER_ITEM * len(items),
    )
    for item in items:
        mine = [f for f in facts if f.subject == "patient" and concerns(f, item)]
        theirs = {f.subject for f in facts if f.subject != "patient" and concerns(f, item)}
        out.own[item.canonical] = mine
        out.others[item.canonical] = sorted(theirs)
    return out


def states_began(patient_id: int, facts: Sequence[FactView], asked: date | None) -> dict[int, date]:
    """When each listed medication's current state began (values.state_began), from
    its chain's records: the chain states of this ask (memory.retrieval.chain_state),
    read at most once per memory version for every listed drug."""
    chains = chain_states(patient_id, {f.chain_id for f in facts if f.chain_id is not None}, asked)
    out: dict[int, date] = {}
    for fact in facts:
        state = chains.get(fact.chain_id) if fact.chain_id is not None else None
        began = state_began(fact, list(state.views.values()) if state else [])
        if began is not None:
            out[fact.fact_id] = began
    return out


def missing_anchors(
    patient_id: int, records: ItemRecords, present: Sequence[EvidenceItem], asked: date | None
) -> list[EvidenceItem]:
    """Chain context (matched / anchor / relation) of the patient's records of an asked
    item that retrieval did not bring, so that every stated value has its [E#]."""
    shown = {i.fact_id for i in present if i.fact_id is not None}
    wanted: dict[int, int] = {}  # chain id -> a member to report as matched
    singles: list[FactView] = []
    for facts in records.own.values():
        for f in facts:
            if f.fact_id in shown:
                continue
            if f.chain_id is not None:
                wanted.setdefault(f.chain_id, f.fact_id)
            elif f not in singles:
                singles.append(f)
    chains = chain_states(patient_id, wanted, asked)
    items: list[EvidenceItem] = []
    for chain_id, matched in wanted.items():
        if chain_id in chains:
            items += [i for i in chain_items(chain_id, matched, chains[chain_id], asked)
                      if i.fact_id not in shown]  # fmt: skip
    items += [EvidenceItem("matched", f, unit=f"fact:{f.fact_id}", is_anchor=True) for f in singles]
    return items


def dose_sources(records: ItemRecords, present: Sequence[EvidenceItem]) -> list[EvidenceItem]:
    """The record that last stated the dose of a medication whose record in force states
    none (values.carried_dose), and the record whose dose a change in force superseded
    (values.previous_dose), when retrieval did not bring them: each dose stated is cited."""
    shown = {i.fact_id for i in present if i.fact_id is not None}
    chain = [i.fact for i in present if i.fact is not None]
    for facts in records.own.values():
        chain += facts
    out: list[EvidenceItem] = []
    for item in present:
        if not (item.is_anchor and item.fact):
            continue
        for source, mark in (
            (carried_dose(item.fact, chain), CARRIED_MARK),
            (previous_dose(item.fact, chain), SUPERSEDED_MARK),
        ):
            if source is not None and source.fact_id not in shown:
                shown.add(source.fact_id)
                out.append(EvidenceItem("relation", source, marks=(mark,), unit=item.unit))
    return out
