"""One chain per diagnosis: a general disease name joins its one specific form.

A patient diagnosed with type 2 diabetes who later speaks of "my diabetes" has
one diagnosis, and a clinician must see one chain, not two (docs/design.md §4
"Entity resolution"). For a condition, once the seed dictionary has named the
item, the person's own condition chains decide (memory.domain.entities.
specific_form over memory.lexicon.disease_forms):

* a general name ("diabetes", 糖尿病, "thyroid problems") whose one specific form
  the person's chains already hold resolves to that form;
* a specific form arriving after the general name takes the general name's
  records of that person into its chain.

The forms of one name are different diseases: with type 1 and type 2 diabetes
both held, "diabetes" stays apart, and type 1 never joins type 2. Each person
is resolved on his own (the mother's type 2 diabetes says nothing about the
patient's "diabetes"). A record a clinician corrected keeps the item he gave
it. The extraction key stays the one of the name as said, so a re-extraction
still recognises a corrected record. Called only from memory.actions, inside
the caller's transaction.
"""

from __future__ import annotations

from collections.abc import Sequence

from memory.domain.entities import specific_form
from memory.lexicon.disease_forms import broader, narrower
from memory.models import Chain, Entity, Fact, Person

_CONDITION = "condition"


def _held(person: Person) -> dict[str, Entity]:
    """The items of the person's condition chains, by name."""
    chains = Chain.objects.filter(subject=person, fact_type=_CONDITION).select_related("entity")
    return {c.entity.name: c.entity for c in chains}


def placed_entity(entity: Entity | None, fact_type: str, person: Person) -> Entity | None:
    """The entity a new record of `person` is filed under: its one specific form
    when the record names a general disease the person's chains specify."""
    if entity is None or fact_type != _CONDITION:
        return entity
    forms = narrower(entity.name)
    if not forms:
        return entity
    held = _held(person)
    target = specific_form(entity.name, forms, held)
    return held[target] if target is not None else entity


def absorb_general(facts: Sequence[Fact]) -> tuple[set[int], list[Fact]]:
    """Move each person's records of a general name into the chain of its one
    specific form just written. Returns (chains to rebuild, records moved)."""
    touched: set[int] = set()
    moved: list[Fact] = []
    for fact in facts:
        if fact.fact_type != _CONDITION or fact.chain_id is None or fact.entity is None:
            continue
        general = broader(fact.entity.name)
        if general is None:
            continue
        held = _held(fact.subject)
        if specific_form(general, narrower(general), held) != fact.entity.name:
            continue
        found, emptied = _take(general, fact)
        moved += found
        touched |= emptied | {fact.chain_id}
    return touched, moved


def _take(general: str, specific: Fact) -> tuple[list[Fact], set[int]]:
    """The person's uncorrected records of `general`, re-filed under the specific form,
    and the chains they left."""
    rows = list(
        Fact.objects.filter(
            subject_id=specific.subject_id,
            fact_type=_CONDITION,
            entity__name=general,
            corrected=False,
            origin=Fact.Origin.EXTRACTOR,
        )
    )
    emptied = {row.chain_id for row in rows if row.chain_id is not None}
    for row in rows:
        row.entity_id = specific.entity_id
        row.chain_id = specific.chain_id if row.chain_id is not None else None
        row.folded_mentions = [
            {**entry, "entity_id": specific.entity_id} for entry in row.folded_mentions
        ]
        row.save(update_fields=["entity", "chain", "folded_mentions"])
    return rows, emptied
