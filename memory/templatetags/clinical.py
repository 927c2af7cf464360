"""Template filters for the clinician pages (labels in the user's language)."""

from __future__ import annotations

from django import template

from memory.domain.chains import in_force
from memory.web.labels import label as _label
from memory.web.labels import person_label, unit_label
from memory.web.present import (
    course_text,
    dose_text,
    item_name,
    late_text,
    name_of,
    note_text,
    record_state_of,
    slot_rows,
    valid_date,
    when_text,
)
from memory.web.present import kind_item as kind_text

register = template.Library()


@register.filter
def label(code: object) -> str:
    """A stored code ("medication_status", "family:father") as a translated label."""
    return _label(code)


@register.filter
def person(key: object) -> str:
    """A person key ("family:father") as "Father" / "父亲"."""
    return person_label(key)


@register.filter
def course(fact: object) -> str:
    """A symptom's course ("better / gone", "worse"), "" for an onset."""
    return course_text(fact)


@register.filter
def late(fact: object) -> str:
    """The "reported late" note in the page language."""
    return late_text(fact)


@register.filter
def chain_note(note: object) -> str:
    """An anchor's note ("a later record of unknown date...") in the page language."""
    return note_text(str(note or ""))


@register.filter
def unit(text: object) -> str:
    return unit_label(text)


@register.filter
def item(fact: object) -> str:
    """The item a fact is about, named in the UI language (lexicon pair, else as recorded)."""
    return item_name(fact)


@register.filter
def named(text: object) -> str:
    """A recorded drug / item name in the UI language (kept as written without a pair)."""
    return name_of("" if text is None else str(text))


@register.filter
def dose(fact: object) -> str:
    return dose_text(fact)


@register.filter
def slots(fact: object) -> list[tuple[str, str]]:
    """(label, value) rows of the structured fields a card shows under the item name."""
    return slot_rows(fact)


@register.filter
def ruled_out(fact: object) -> bool:
    """Refuted, entered in error, or denied by the patient: shown struck through."""
    return struck_out(fact) or getattr(fact, "assertion", "") == "negated"


@register.filter
def struck_out(fact: object) -> bool:
    """A clinician refuted it or marked it entered in error: shown with the reason."""
    return not in_force(getattr(fact, "verification", ""))


@register.filter
def get(mapping: object, key: object) -> object:
    """mapping[key] or None (for dicts keyed by ids in templates)."""
    if isinstance(mapping, dict):
        return mapping.get(key)
    return None


@register.filter
def when(fact: object) -> str:
    """The record's date with a label: "recorded 2024-01-22", "dated 1995, recorded …"."""
    return when_text(fact)


@register.filter
def valid_bound(fact: object, field: object = "valid_from") -> str:
    """valid_from / valid_to to the precision the record was told with."""
    return valid_date(fact, str(field))


@register.filter
def kind_item(fact: object, kind: object = None) -> str:
    """A safety record as "Allergy: penicillin" / "过敏：青霉素"."""
    return kind_text(str(kind or getattr(fact, "safety_kind", "")), fact)


@register.filter
def record_state(fact: object) -> tuple[str, str] | None:
    """(css class, label) of a record's place in its chain: current/latest, or superseded
    with the date it ended. An older record must never read as the current one."""
    return record_state_of(fact)
