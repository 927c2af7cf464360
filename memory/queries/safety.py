"""A person's safety statements as profile rows: one per substance, one per procedure.

The projection of stored facts (ORM Fact, FactView) into the domain's Mention,
so the web page, the reader's profile, the API and the FHIR export all group
by the same key (memory.domain.safety_rows) and can never disagree on what is
one row. Storage stays append-only: nothing here writes.
"""

from __future__ import annotations

from memory.domain.chains import in_force
from memory.domain.evidence import FactView
from memory.domain.safety_rows import Mention, SafetyRow, safety_rows
from memory.lexicon import find_mentions, lookup
from memory.models import Fact

SUBSTANCE_ENTRY_KINDS = ("drug", "drug_class")


def named_substance(text: str) -> str:
    """The first drug or drug class a statement names, canonical; "" when none."""
    for mention in find_mentions(text):
        if mention.entry.kind in SUBSTANCE_ENTRY_KINDS:
            return mention.entry.canonical
    return ""


def is_drug_class(name: str) -> bool:
    """Does the name stand for a class of drugs ("antibiotics", 抗生素) rather than one?"""
    entry = lookup(name) if name.strip() else None
    return entry is not None and entry.kind == "drug_class"


def row_name(entity: str, content: str) -> str:
    """What a statement is about: its entity, else its own words. A statement without
    an entity is its own row, never merged by a drug it happens to name: "no known
    drug allergies apart from penicillin" is no denial of the penicillin allergy."""
    return entity or content


def mention_of_fact(fact: Fact) -> Mention:
    entity = fact.entity.name if fact.entity is not None else ""
    return Mention(
        kind=fact.safety_kind,
        name=row_name(entity, fact.content),
        assertion=fact.assertion,
        in_force=in_force(fact.verification),
        verification=fact.verification,
        date=fact.effective_date,
        session=fact.session.external_id,
        mentioned=fact.last_mentioned or fact.session.session_date,
        count=fact.mention_count or 1,
        turn=fact.evidence_turn or 0,
        planned=fact.status == "planned",
    )


def mention_of_view(view: FactView) -> Mention:
    return Mention(
        kind=view.safety_kind,
        name=row_name(view.entity, view.content),
        assertion=view.assertion,
        in_force=not view.excluded,
        verification=view.verification,
        date=view.date,
        session=view.session_id,
        mentioned=view.last_mentioned or view.session_date,
        count=view.mention_count or 1,
        turn=view.evidence_turn or 0,
        planned=view.status == "planned",
    )


def fact_rows(facts: list[Fact]) -> list[SafetyRow[Fact]]:
    """Rows over ORM facts (select_related session and entity first)."""
    return safety_rows(facts, mention_of_fact)


def view_rows(views: tuple[FactView, ...] | list[FactView]) -> list[SafetyRow[FactView]]:
    return safety_rows(list(views), mention_of_view)
