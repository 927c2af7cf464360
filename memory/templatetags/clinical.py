"""Template filters for the clinician pages (labels in the user's language)."""

from __future__ import annotations

from django import template

from memory.web.labels import label as _label

register = template.Library()


@register.filter
def label(code: object) -> str:
    """A stored code ("medication_status", "family:father") as a translated label."""
    return _label(code)


@register.filter
def ruled_out(fact: object) -> bool:
    """Refuted, entered in error, or denied by the patient: shown struck through."""
    return getattr(fact, "verification", "") in ("refuted", "entered_in_error") or (
        getattr(fact, "assertion", "") == "negated"
    )
