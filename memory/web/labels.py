"""Translated display labels for the stored codes (types, statuses, kinds...).

The database keeps stable English codes; the UI shows them in the user's
language through the `label` template filter (memory.templatetags.clinical).
"""

from __future__ import annotations

from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from memory.domain.dose_words import DOSE_WORDS, dose_word_pair

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
    "caregiver": _("caregiver"),
    "other": _("other"),
    "mixed": _("mixed"),
    "none": _("none"),
    # evidence roles
    "matched": _("matched"),
    "anchor": _("anchor"),
    "relation": _("superseded record"),
    "dialogue": _("dialogue"),
    "causal": _("causal"),
    "date": _("date"),
    "source": _("source"),
    "fallback": _("fallback"),
    "llm": _("LLM"),
    "extractive": _("extractive"),
    # changes a clinician made to a record (audit actions) and where they came from
    "fact.edit": _("edited"),
    "fact.reassign": _("moved to another person"),
    "fact.retarget": _("moved to another chain"),
    "fact.confirmed": _("confirmed"),
    "fact.unconfirmed": _("verification withdrawn"),
    "fact.refuted": _("refuted"),
    "fact.entered_in_error": _("marked entered in error"),
    "web": _("web"),
    "api": _("API"),
    "cli": _("command line"),
    "system": _("system"),
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
    "uncle": _("uncle"),
    "aunt": _("aunt"),
    "grandson": _("grandson"),
    "granddaughter": _("granddaughter"),
    "neighbor": _("neighbor"),
    "partner": _("partner"),
    "parent": _("parent"),
    # how a drug touches a safety record
    "same drug": _("same drug"),
    "class": _("drug class"),
    "cross-reactive": _("cross-reactive class"),
    # structured card fields
    "dose": _("dose"),
    "value": _("value"),
    "frequency": _("frequency"),
    "route": _("route"),
    "reaction": _("reaction"),
    "severity": _("severity"),
    # An allergy's or a score's stated severity.
    "mild": _("mild"),
    "moderate": _("moderate"),
    "severe": _("severe"),
    "criticality": _("criticality"),
    "substance": _("substance"),
    "systolic": _("systolic"),
    "diastolic": _("diastolic"),
}


# Units as the extractor keeps them (verbatim, either language) -> (English, Chinese).
UNITS = {
    "mg": ("mg", "毫克"), "毫克": ("mg", "毫克"),
    "g": ("g", "克"), "克": ("g", "克"),
    "mcg": ("µg", "微克"), "µg": ("µg", "微克"), "ug": ("µg", "微克"), "微克": ("µg", "微克"),
    "ml": ("mL", "毫升"), "mL": ("mL", "毫升"), "毫升": ("mL", "毫升"),
    "kg": ("kg", "公斤"), "公斤": ("kg", "公斤"), "千克": ("kg", "公斤"),
    "斤": ("jin (500 g)", "斤"),
    "bpm": ("bpm", "次/分"), "次/分": ("bpm", "次/分"), "次/分钟": ("bpm", "次/分"),
    "iu": ("IU", "单位"), "IU": ("IU", "单位"), "单位": ("IU", "单位"), "units": ("IU", "单位"),
    "片": ("tablet(s)", "片"), "tablet": ("tablet(s)", "片"), "tablets": ("tablet(s)", "片"),
    "puff": ("puff(s)", "喷"), "puffs": ("puff(s)", "喷"), "喷": ("puff(s)", "喷"),
    "micrograms": ("µg", "微克"), "milligrams": ("mg", "毫克"),
}  # fmt: skip

# The items preference and event records are named by (rules.clinical cue tables):
# codes, so the page names them in its own language.
ITEM_CODES = {
    "diet": _("diet"), "smoking": _("smoking"), "alcohol": _("alcohol"),
    "exercise": _("exercise"), "cost": _("cost"), "adherence": _("adherence"),
    "schedule": _("schedule"), "hospitalization": _("hospitalization"),
    "emergency visit": _("emergency visit"), "fall": _("fall"), "accident": _("accident"),
    "procedure planned": _("procedure planned"), "pregnancy": _("pregnancy"),
}  # fmt: skip

# Dose frequency and route as the extractor normalises them (shared with the answers).
UNITS |= DOSE_WORDS


def is_chinese() -> bool:
    return (get_language() or "").startswith("zh")


def unit_label(text: object) -> str:
    """A unit in the UI language; units without a known pair (mmHg, mmol/L, %) stay as written."""
    raw = "" if text is None else str(text).strip()
    pair = UNITS.get(raw) or UNITS.get(raw.lower()) or dose_word_pair(raw)
    if pair is None:
        return raw
    return pair[1] if is_chinese() else pair[0]


def person_label(key: object) -> str:
    """ "family:father" -> "Father" / "父亲"; the patient -> "Patient" / "患者"."""
    text = _label(key)
    return text[:1].upper() + text[1:] if text else text


def label(code: object) -> str:
    return _label(code)


def _label(code: object) -> str:
    text = "" if code is None else str(code)
    if text in LABELS:
        return str(LABELS[text])
    if text in RELATIONS:  # a bare relation, basis or field name
        return str(RELATIONS[text])
    kind, _sep, relation = text.partition(":")
    if kind in ("family", "other") and relation:
        # "family:relative" (someone in the family, unnamed) is a speaker-style label.
        named = RELATIONS.get(relation) or LABELS.get(relation)
        return str(named) if named else relation.replace("_", " ")
    return text.replace("_", " ")
