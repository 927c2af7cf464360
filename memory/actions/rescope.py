"""Re-resolving free-text entities per patient (issue 34; migration 0013).

Before entities were scoped, a name the dictionary does not know was reused
across patients: the first patient whose words created "after surgery" named
that item in every later patient's record. This moves each patient's facts
off such shared free-text entities onto the patient's own, re-resolved from
the patient's own words in session order, exactly as construction now
resolves them (memory.actions.entities.resolve: a name the dictionary has come
to know is its shared entity):

* the name said is recovered from the entity's name and the aliases it
  collected, the longest one the fact's content (else its evidence turn)
  contains -- the aliases are every surface that was merged into it;
* a fact a clinician corrected keeps the item he gave it (an own entity of
  that name), and its correction key is re-derived from the name said, so a
  later re-extraction of its session still recognises it;
* a chain keeps its row (and the conflict decisions tied to it) when all its
  records stay one item; records that were merged across items get a chain of
  their own, and every touched chain is rebuilt;
* dictionary entities lose the aliases other patients' words gave them.

Free-text entities nobody refers to any more are deleted. Callers hold
`transaction.atomic()` (a migration does).
"""

from __future__ import annotations

from collections import defaultdict

from memory.actions.chains import rebuild_chain
from memory.actions.entities import own_entity, resolve, start_batch
from memory.domain.entities import normalize_name
from memory.domain.items import item_key
from memory.models import AuditEvent, Chain, ConflictResolution, Entity, Fact, Turn


def rescope_all() -> int:
    """Re-resolve every patient's facts on shared free-text entities; returns how many
    facts were looked at."""
    Entity.objects.filter(patient__isnull=True, in_dictionary=True).exclude(aliases=[]).update(
        aliases=[]
    )
    legacy = set(
        Entity.objects.filter(patient__isnull=True, in_dictionary=False).values_list(
            "pk", flat=True
        )
    )
    if not legacy:
        return 0
    start_batch()
    patients = (
        Fact.objects.filter(entity_id__in=legacy)
        .values_list("patient_id", flat=True)
        .distinct()
        .order_by("patient_id")
    )
    seen = sum(_rescope_patient(pid, legacy) for pid in list(patients))
    Entity.objects.filter(pk__in=legacy, facts__isnull=True, chains__isnull=True).delete()
    return seen


def _rescope_patient(patient_id: int, legacy: set[int]) -> int:
    facts = list(
        Fact.objects.filter(patient_id=patient_id, entity_id__in=legacy)
        .select_related("entity", "session", "subject")
        .order_by("session__seq", "evidence_turn", "pk")
    )
    renamed: list[Fact] = []
    for fact in facts:
        old = fact.entity
        said = resolve(
            _said_name(fact, old), fact.fact_type, fact.safety_kind or None, patient_id=patient_id
        )
        fact.extraction_key = _rekeyed(fact, old, said)
        clinician = fact.corrected or fact.origin == Fact.Origin.CLINICIAN
        fact.entity = own_entity(patient_id, old.name, old.kind) if clinician else said
        fact.folded_mentions = [
            {**entry, "entity_id": fact.entity.pk} for entry in fact.folded_mentions
        ]
        if fact.entity.name != old.name:
            renamed.append(fact)
    touched = _regroup_chains([f for f in facts if f.chain_id is not None])
    for fact in facts:
        fact.save(update_fields=["entity", "chain", "extraction_key", "folded_mentions"])
    _rebuild_and_index(touched, renamed)
    return len(facts)


def _said_name(fact: Fact, entity: Entity) -> str:
    """The name the fact's words used: the longest of the entity's names that its
    content, else its evidence turn, contains; else the entity's name."""
    names = sorted({entity.name, *entity.aliases}, key=len, reverse=True)
    turn = Turn.objects.filter(session_id=fact.session_id, index=fact.evidence_turn).first()
    for text in (fact.content, turn.text if turn else ""):
        key = normalize_name(text, entity.kind)
        for name in names:
            own = normalize_name(name, entity.kind)
            if own and own in key:
                return name
    return entity.name


def _rekeyed(fact: Fact, old: Entity, said: Entity) -> str:
    """The correction key with the item re-resolved, when the stored key is the one
    the old item gave (the subject as extracted: before any reassignment)."""
    subject = _extracted_subject(fact)
    before = _key(fact, subject, old)
    if before != fact.extraction_key:
        return fact.extraction_key  # keyed to another item (e.g. retargeted): left as it is
    return _key(fact, subject, said)


def _key(fact: Fact, subject: str, entity: Entity) -> str:
    return item_key(
        fact.fact_type, subject, f"{entity.kind}:{entity.normalized}", fact.content,
        fact.safety_kind, fact.value, fact.unit,
    )  # fmt: skip


def _extracted_subject(fact: Fact) -> str:
    first = (
        AuditEvent.objects.filter(
            action="fact.reassign", object_type="Fact", object_id=str(fact.pk)
        )
        .order_by("pk")
        .first()
    )
    return (first.before or {}).get("subject") or fact.subject.key if first else fact.subject.key


def _regroup_chains(facts: list[Fact]) -> set[int]:
    """Each old chain keeps its row for the item most of its records stay under (the
    tail's on a tie); records of another item go to the person's chain of that item."""
    by_chain: dict[int, list[Fact]] = defaultdict(list)
    for fact in facts:
        by_chain[fact.chain_id].append(fact)
    touched: set[int] = set()
    for chain in Chain.objects.filter(pk__in=list(by_chain)).order_by("pk"):
        members = by_chain[chain.pk]
        counts: dict[int, int] = defaultdict(int)
        for fact in members:
            counts[fact.entity.pk] += 2 + (fact.pk == chain.tail_id)
        keep = max(sorted(counts), key=lambda pk: counts[pk])
        host = _host(chain, keep)
        touched |= {chain.pk, host.pk}
        for fact in members:
            if fact.entity.pk == keep:
                fact.chain = host
            else:
                fact.chain, _ = Chain.objects.get_or_create(
                    patient_id=chain.patient_id, subject_id=chain.subject_id,
                    entity_id=fact.entity.pk, fact_type=chain.fact_type,
                )  # fmt: skip
            touched.add(fact.chain.pk)
    return touched


def _host(chain: Chain, entity_id: int) -> Chain:
    """`chain` re-pointed at `entity_id`, unless the person already has a chain of that
    item and type: then that one, which takes over `chain`'s conflict decisions
    (`chain` is left empty, and a rebuild deletes an empty chain)."""
    same = (
        Chain.objects.filter(
            subject_id=chain.subject_id, entity_id=entity_id, fact_type=chain.fact_type
        )
        .exclude(pk=chain.pk)
        .first()
    )
    if same is None:
        Chain.objects.filter(pk=chain.pk).update(entity_id=entity_id)
        return chain
    ConflictResolution.objects.filter(chain=chain).update(chain=same)
    return same


def _rebuild_and_index(chain_ids: set[int], renamed: list[Fact]) -> None:
    from memory.actions.index import index_facts

    created: list[Fact] = []
    for chain in Chain.objects.filter(pk__in=sorted(chain_ids)).order_by("pk"):
        created += rebuild_chain(chain)[0]
    ids = {f.pk for f in created} | {f.pk for f in renamed}
    index_facts(list(Fact.objects.filter(pk__in=sorted(ids)).select_related("entity")))
