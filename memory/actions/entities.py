"""Entity resolution against stored entities (docs/design.md §4), the DB side.

A name the seed dictionary (memory.lexicon) knows is the dictionary's entity,
shared by every patient: its name and kind come from the dictionary alone, and
no patient's wording is added to it. Any other name is resolved only among the
entities of the patient whose session said it (Entity.patient), by the pure
rule memory.domain.entities.resolve_entity: so a patient's record depends only
on that patient's sessions, whatever else the database holds and in whatever
order patients were imported (issue 34). Called only from memory.actions,
inside its transaction.
"""

from __future__ import annotations

from typing import ClassVar

from django.db.models import Q

from memory import lexicon
from memory.domain.entities import EntityCandidate, normalize_name, resolve_entity
from memory.domain.entities import entity_kind as domain_entity_kind
from memory.models import Entity

# Entity.normalized is a varchar(200). NFKC and case folding can lengthen a name
# ("ß" -> "ss", one ligature -> 18 letters), so a 200-character name may normalize
# longer; the key is cut to the column (it only groups spellings of one item).
KEY_CHARS = 200


def _key(name: str, kind: str) -> str:
    return normalize_name(name, kind)[:KEY_CHARS]


def _entity_kind(fact_type: str, safety_kind: str | None, entry: lexicon.LexEntry | None) -> str:
    # A symptom's lexicon entry gives its names, not an entity kind of its own.
    if entry is not None and entry.kind in Entity.Kind.values:
        return entry.kind
    return domain_entity_kind(fact_type, safety_kind)


def resolve(
    surface: str, fact_type: str, safety_kind: str | None = None, *, patient_id: int
) -> Entity:
    """The entity `surface` names in the memory of patient `patient_id`."""
    entry = lexicon.lookup(surface)
    kind = _entity_kind(fact_type, safety_kind, entry)
    if entry is not None:
        return _shared_entity(entry, kind)
    return _own_resolved(surface.strip(), kind, patient_id)


def _shared_entity(entry: lexicon.LexEntry, kind: str) -> Entity:
    """The dictionary's entity for `entry` (created on first use, the same for everyone)."""
    name = entry.canonical
    entity, _ = Entity.objects.get_or_create(
        patient=None,
        kind=kind,
        normalized=_key(name, kind) or name.casefold()[:KEY_CHARS],
        defaults={
            "name": name,
            "name_zh": entry.zh or "",
            "in_dictionary": True,
            "drug_class": _class_entity(entry),
        },
    )
    return entity


def _own_resolved(surface: str, kind: str, patient_id: int) -> Entity:
    """The patient's own entity for a name the dictionary does not know: the same
    name, an alias, or a spelling variant of one of his entities, else a new one."""
    key = _key(surface, kind)
    exact = (
        Entity.objects.filter(patient_id=patient_id, kind=kind)
        .filter(Q(normalized=key) | Q(aliases__overlap=[surface]))
        .order_by("pk")
        .first()
    )
    if exact is not None:
        return _with_alias(exact, surface, kind)
    candidates = [
        EntityCandidate(e.pk, e.name, e.kind, tuple(e.aliases))
        for e in _Candidates.of(patient_id, kind)
    ]
    decision = resolve_entity(surface, kind, None, candidates)
    if decision.action == "reuse" and decision.entity_id is not None:
        return _with_alias(Entity.objects.get(pk=decision.entity_id), surface, kind)
    return own_entity(patient_id, decision.name, kind)


def own_entity(patient_id: int, name: str, kind: str) -> Entity:
    """The patient's own entity named `name` (created when the patient has none)."""
    entity, created = Entity.objects.get_or_create(
        patient_id=patient_id,
        kind=kind,
        normalized=_key(name, kind) or name.casefold()[:KEY_CHARS],
        defaults={"name": name},
    )
    if created:
        _Candidates.forget(patient_id, kind)
    return entity


def _with_alias(entity: Entity, surface: str, kind: str) -> Entity:
    """A patient's own entity answers to every spelling that patient used."""
    known = {_key(a, kind) for a in (entity.name, *entity.aliases)}
    if surface and _key(surface, kind) not in known and len(entity.aliases) < 50:
        entity.aliases = [*entity.aliases, surface]
        entity.save(update_fields=["aliases"])
    return entity


def _class_entity(entry: lexicon.LexEntry | None) -> Entity | None:
    if entry is None or entry.kind != "drug" or not entry.drug_class:
        return None
    cls = lexicon.lookup(entry.drug_class)
    name = cls.canonical if cls else entry.drug_class
    entity, _ = Entity.objects.get_or_create(
        patient=None,
        kind="drug_class",
        normalized=normalize_name(name, "drug_class") or name,
        defaults={"name": name, "name_zh": (cls.zh or "") if cls else "", "in_dictionary": True},
    )
    return entity


class _Candidates:
    """Per-process cache of a patient's own entities by kind, for the spelling-variant step."""

    _cache: ClassVar[dict[tuple[int, str], list[Entity]]] = {}

    @classmethod
    def of(cls, patient_id: int, kind: str) -> list[Entity]:
        if (patient_id, kind) not in cls._cache:
            cls._cache[patient_id, kind] = list(
                Entity.objects.filter(patient_id=patient_id, kind=kind)
                .only("pk", "name", "kind", "aliases")
                .order_by("pk")
            )
        return cls._cache[patient_id, kind]

    @classmethod
    def forget(cls, patient_id: int, kind: str) -> None:
        cls._cache.pop((patient_id, kind), None)

    @classmethod
    def reset(cls) -> None:
        cls._cache.clear()


def start_batch() -> None:
    """Drop cached candidates: other workers may have created entities meanwhile."""
    _Candidates.reset()
