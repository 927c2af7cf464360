"""Entity resolution against stored entities (docs/design.md §4), the DB side.

The seed dictionary (memory.lexicon) canonicalizes the surface name; the
pure rule memory.domain.entities.resolve_entity decides reuse or create.
Called only from memory.actions, inside its transaction.
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


def entity_kind(fact_type: str, safety_kind: str | None, entry: lexicon.LexEntry | None) -> str:
    # A symptom's lexicon entry gives its names, not an entity kind of its own.
    if entry is not None and entry.kind in Entity.Kind.values:
        return entry.kind
    return domain_entity_kind(fact_type, safety_kind)


def resolve(surface: str, fact_type: str, safety_kind: str | None = None) -> Entity:
    entry = lexicon.lookup(surface)
    kind = entity_kind(fact_type, safety_kind, entry)
    canonical = entry.canonical if entry else None
    keys = {_key(n, kind) for n in (canonical, surface) if n}
    exact = (
        Entity.objects.filter(kind=kind)
        .filter(Q(normalized__in=keys) | Q(aliases__overlap=[surface.strip()]))
        .order_by("pk")
        .first()
    )
    if exact is not None:
        return _with_alias(exact, surface, kind)
    candidates = [
        EntityCandidate(e.pk, e.name, e.kind, tuple(e.aliases), e.in_dictionary)
        for e in _Candidates.of_kind(kind)
    ]
    decision = resolve_entity(surface, kind, canonical, candidates)
    if decision.action == "reuse" and decision.entity_id is not None:
        return _with_alias(Entity.objects.get(pk=decision.entity_id), surface, kind)
    return _create(decision.name, kind, surface, entry)


def _with_alias(entity: Entity, surface: str, kind: str) -> Entity:
    surface = surface.strip()
    known = {normalize_name(a, kind) for a in (entity.name, *entity.aliases)}
    if surface and normalize_name(surface, kind) not in known and len(entity.aliases) < 50:
        entity.aliases = [*entity.aliases, surface]
        entity.save(update_fields=["aliases"])
    return entity


def _create(name: str, kind: str, surface: str, entry: lexicon.LexEntry | None) -> Entity:
    normalized = _key(name, kind) or name.casefold()[:KEY_CHARS]
    entity, _ = Entity.objects.get_or_create(
        kind=kind,
        normalized=normalized,
        defaults={
            "name": name,
            "name_zh": (entry.zh or "") if entry else "",
            "aliases": [surface.strip()] if surface.strip() and surface.strip() != name else [],
            "in_dictionary": entry is not None,
            "drug_class": _class_entity(entry),
        },
    )
    _Candidates.forget(kind)
    return entity


def _class_entity(entry: lexicon.LexEntry | None) -> Entity | None:
    if entry is None or entry.kind != "drug" or not entry.drug_class:
        return None
    cls = lexicon.lookup(entry.drug_class)
    name = cls.canonical if cls else entry.drug_class
    entity, _ = Entity.objects.get_or_create(
        kind="drug_class",
        normalized=normalize_name(name, "drug_class") or name,
        defaults={"name": name, "name_zh": (cls.zh or "") if cls else "", "in_dictionary": True},
    )
    return entity


class _Candidates:
    """Per-process cache of entities by kind for the fuzzy (bigram) step."""

    _cache: ClassVar[dict[str, list[Entity]]] = {}

    @classmethod
    def of_kind(cls, kind: str) -> list[Entity]:
        if kind not in cls._cache:
            cls._cache[kind] = list(
                Entity.objects.filter(kind=kind).only(
                    "pk", "name", "kind", "aliases", "in_dictionary"
                )
            )
        return cls._cache[kind]

    @classmethod
    def forget(cls, kind: str) -> None:
        cls._cache.pop(kind, None)

    @classmethod
    def reset(cls) -> None:
        cls._cache.clear()


def start_batch() -> None:
    """Drop cached candidates: other workers may have created entities meanwhile."""
    _Candidates.reset()
