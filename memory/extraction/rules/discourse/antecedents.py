"""People a later pronoun may stand for, and whom a plural "they" names.

The subject tracker (discourse.tracker) keeps the relatives named so far in the
session as antecedents. A "he"/"she" takes the most recent one of a fitting
gender (tracker); a "they" / 他们 takes the relatives just named - not the last
single relative, whose facts would then be handed the whole family's: "My parents
both have diabetes and my brother has asthma. They also had high blood pressure"
is the parents' hypertension, not the brother's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Antecedent:
    """A person a later pronoun may stand for."""

    subject: str  # family:<relation> (or patient, for a relative speaker's "my son")
    relation: str
    gender: str  # gender of the pronoun that introduced an unnamed person ("" if named)
    turn: int
    plural: bool = False  # named by a plural word ("my parents", 父母)


def plural_subject(named: Sequence[Antecedent], reach: int) -> str | None:
    """Whom a "they" stands for: of the last turn (not before `reach`) that named
    relatives, a plural one ("my parents"); else a mother and a father together (the
    parents); else several relatives together (the family). A single relative named is
    no "they" (the doctors, people in general): None."""
    recent = [a for a in named if a.turn >= reach and not a.gender]
    if not recent:
        return None
    last = [a for a in recent if a.turn == recent[-1].turn]
    plural = [a for a in last if a.plural]
    if plural:
        return plural[-1].subject
    people = {a.subject for a in last}
    if people == {"family:mother", "family:father"}:
        return "family:parent"
    return "family:relative" if len(people) > 1 else None
