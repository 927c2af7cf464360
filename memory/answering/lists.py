"""List answers from the profile: every current medication, diagnosis or safety fact.

A list question is answered from the profile (read at the asked date), never
from the top retrieved units: the profile holds every chain's anchor, so the
list is complete. The first line names them all; one cited line per item follows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date

from memory.answering.values import item_name, statement
from memory.domain.evidence import FactView, ProfileData
from memory.lexicon import lookup
from memory.lexicon.classes import ancestry

SAFETY_TITLES: dict[str, str] = {
    "allergy": "allergies",
    "contraindication": "contraindications",
    "interaction": "interactions",
    "surgical_history": "operations",
}
_INACTIVE = ("resolved", "misdiagnosed")


def _past(fact: FactView) -> bool:
    """Resolved, ruled out, or told as past history ("when I was twenty-five...")."""
    return fact.status in _INACTIVE or fact.assertion == "historical"


Quote = Callable[[FactView], str]


def _names(facts: Sequence[FactView], lang: str, sep: str) -> str:
    names = [item_name(f.entity, lang) or f.content for f in facts]
    return sep.join(dict.fromkeys(names))


def listing(
    t: dict[str, str], title: str, facts: Sequence[FactView], quote: Quote, lang: str
) -> list[str]:
    """'<title> (n): a, b, c' then one quoted, cited line per record; or 'No <title> recorded'."""
    if not facts:
        return [t["list_none"].format(title=title)]
    head = t["list_head"].format(title=title[:1].upper() + title[1:], n=len(facts),
                                 names=_names(facts, lang, t["sep"]))  # fmt: skip
    return [head, *(quote(f) for f in facts)]


def _stated(t: dict[str, str], title: str, facts: Sequence[FactView], cite: Quote,
            lang: str, began: Mapping[int, date] | None = None) -> list[str]:  # fmt: skip
    """Like listing, but each item is stated as a value: 'Valsartan 160 mg once daily since …'."""
    if not facts:
        return [t["list_none"].format(title=title)]
    began = began or {}
    lines = [f"- {statement(f, lang, began=began.get(f.fact_id))} [{cite(f)}]" for f in facts]
    head = t["list_head"].format(title=title[:1].upper() + title[1:], n=len(facts),
                                 names=_names(facts, lang, t["sep"]))  # fmt: skip
    return [head, *lines]


def _relied_on(fact: FactView) -> bool:
    return fact.assertion == "present" and not fact.excluded


def _in_force(pairs: Sequence[tuple[FactView, tuple[str, ...]]]) -> list[FactView]:
    """Records that apply at the profile's date: the profile shows a chain's latest
    record even when nothing of it was in force then, marked so; a list leaves it out."""
    return [
        f for f, marks in pairs
        if _relied_on(f) and not any(m.startswith("nothing in force") for m in marks)
    ]  # fmt: skip


def _is_class(name: str) -> bool:
    entry = lookup(name)
    return entry is not None and entry.kind == "drug_class"


def _canonical(name: str) -> str:
    entry = lookup(name)
    return entry.canonical if entry is not None else name.casefold()


# A vaccine is given once, not taken: it is no current medication.
_GIVEN_ONCE = frozenset({"vaccines"})


def _medications(facts: Sequence[FactView]) -> list[FactView]:
    """Substances, and a class word ("he gave me some opioids") only when no listed
    substance belongs to that class: then the class is the only name the record gives
    of something the patient takes, and leaving it out would hide it."""
    substances = [f for f in facts if not _is_class(f.entity)]
    covered = {cls for f in substances for cls in ancestry(f.entity)[1:]}
    return [
        f for f in facts
        if not _is_class(f.entity)
        or (_canonical(f.entity) not in covered | _GIVEN_ONCE)
    ]  # fmt: skip


def list_part(
    which: Sequence[str],
    profile: ProfileData,
    t: dict[str, str],
    cite: Quote,
    lang: str,
    asked: date | None,
    began: Mapping[int, date] | None = None,
) -> list[str]:
    """`began`: when each medication's current state began (lookup.states_began)."""
    out: list[str] = []
    if "medications" in which:
        meds = _medications(_in_force(profile.active_meds))
        title = t["medications_at"].format(date=asked) if asked else t["medications"]
        # A plan or an as-needed recommendation is no drug the patient is on: it is
        # named apart, so the count of current medications counts only those.
        taken = [f for f in meds if f.status != "planned"]
        out += _stated(t, title, taken, cite, lang, began)
        planned = [f for f in meds if f.status == "planned"]
        if planned:
            out += _stated(t, t["planned_meds"], planned, cite, lang, began)
        stopped = _in_force(profile.stopped_meds)
        if stopped:
            out += _stated(t, t["stopped"], stopped, cite, lang, began)
    if "diagnoses" in which:
        facts = _in_force(profile.diagnoses)
        active = [f for f in facts if not _past(f)]
        out += _stated(t, t["diagnoses"], active, cite, lang, began)
        # Past history ("1995年...急性阑尾炎") is no current diagnosis but is named with
        # the resolved and ruled-out ones, never left out.
        told_past = [
            f for f, _ in profile.diagnoses if f.assertion == "historical" and not f.excluded
        ]
        inactive = [f for f in facts if _past(f)] + told_past
        if inactive:
            out += _stated(t, t["inactive_diagnoses"], inactive, cite, lang)
    return out
