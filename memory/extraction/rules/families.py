"""A family's own name said of the one member of it the session names.

"Lantus, twenty units at bedtime." ... "The insulin is fine.": once a visit has
named one insulin, "the insulin" is that insulin, not a second drug in use. Kept
apart, the bare family word becomes a chain of its own: the medication list shows
two insulins and "what dose of insulin?" reads the record that states none. A
family word is a lexicon drug whose name is the head of a member's name and of the
same class ("insulin" -> "insulin glargine", "penicillin" -> "penicillin v"). With
two members named ("Lantus at night, Humalog with meals") the word stays as said:
it could be either. Safety records keep their own words: an allergy to a whole
family is broader than one to a member, and narrowing it would hide a risk.
Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from memory import lexicon
from memory.domain.types import ExtractedFact

_TYPES = frozenset({"medication_status"})


@lru_cache(maxsize=4096)
def _entry(name: str) -> tuple[str, str] | None:
    """(canonical, class) of a drug name, None for anything else."""
    entry = lexicon.lookup(name) if name else None
    if entry is None or entry.kind != "drug" or not entry.drug_class:
        return None
    return entry.canonical, entry.drug_class


def heads(family: str, member: str) -> bool:
    """`family` names the family `member` belongs to ("insulin", "insulin lispro")."""
    a, b = _entry(family), _entry(member)
    if a is None or b is None or a[0] == b[0]:
        return False
    return a[1] == b[1] and b[0].startswith(a[0] + " ")


def with_family_names_resolved(facts: Sequence[ExtractedFact]) -> tuple[ExtractedFact, ...]:
    """Each medication record that names only a family takes the entity of the one
    member of it that the same person's records of the session name."""
    named: dict[str, set[str]] = {}
    for fact in facts:
        if fact.type in _TYPES and fact.entity:
            named.setdefault(fact.subject, set()).add(fact.entity)
    out = []
    for fact in facts:
        members = []
        if fact.type in _TYPES and fact.entity:
            members = [m for m in named[fact.subject] if heads(fact.entity, m)]
        out.append(replace(fact, entity=members[0]) if len(members) == 1 else fact)
    return tuple(out)
