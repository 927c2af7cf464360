"""Translated display labels for the stored codes (types, statuses, kinds...).

The database keeps stable English codes; the UI shows them in the user's
language through the `label` template filter (memory.templatetags.clinical).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

LABELS = {
    # fact types
    "medication_status": _("medication"),
    "condition": _("condition"),
    "lab_result": _("lab result"),
    "vital": _("vital sign"),
    "symptom": _("symptom"),
    "safety": _("safety"),
    "preference": _("preference"),
    "event": _("event"),
    # statuses
    "active": _("active"),
    "stopped": _("stopped"),
    "dose_changed": _("dose changed"),
    "planned": _("planned"),
    "suspected": _("suspected"),
    "confirmed": _("confirmed"),
    "misdiagnosed": _("misdiagnosed"),
    "resolved": _("resolved"),
    "chronic": _("chronic"),
    "worsened": _("worsened"),
    "improved": _("improved"),
    # safety kinds
    "allergy": _("allergy"),
    "contraindication": _("contraindication"),
    "interaction": _("interaction"),
    "surgical_history": _("surgical / bleeding history"),
    # verification
    "unconfirmed": _("unconfirmed"),
    "refuted": _("refuted"),
    "entered_in_error": _("entered in error"),
    # assertion
    "present": _("present"),
    "negated": _("denied"),
    "hypothetical": _("hypothetical"),
    "historical": _("historical"),
    # session status
    "queued": _("queued"),
    "extracting": _("extracting"),
    "done": _("done"),
    "failed": _("failed"),
    # speakers and people
    "patient": _("patient"),
    "doctor": _("doctor"),
    "relative": _("relative"),
    "other": _("other"),
    "mixed": _("mixed"),
    "none": _("none"),
    # evidence roles
    "matched": _("matched"),
    "anchor": _("anchor"),
    "causal": _("causal"),
    "date": _("date"),
    "source": _("source"),
    "fallback": _("fallback"),
    "llm": _("LLM"),
    "extractive": _("extractive"),
}
RELATIONS = {
    "father": _("father"),
    "mother": _("mother"),
    "son": _("son"),
    "daughter": _("daughter"),
    "child": _("child"),
    "wife": _("wife"),
    "husband": _("husband"),
    "spouse": _("spouse"),
    "brother": _("brother"),
    "sister": _("sister"),
    "grandfather": _("grandfather"),
    "grandmother": _("grandmother"),
    "friend": _("friend"),
    "colleague": _("colleague"),
}


def label(code: object) -> str:
    text = "" if code is None else str(code)
    if text in LABELS:
        return str(LABELS[text])
    kind, _sep, relation = text.partition(":")
    if kind in ("family", "other") and relation:
        return str(RELATIONS.get(relation, relation.replace("_", " ")))
    return text.replace("_", " ")
