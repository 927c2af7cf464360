"""The extractive reader: answers from the structured records without an LLM.

The first line is the answer; the records it rests on follow, each cited
([E#] for an evidence line, [profile] for a profile line). By question kind
(memory.answering.intents):
* drug: every allergy / intolerance / contraindication touching the drug or
  its class first, each with a caution line, then the other safety facts,
  then the patient's own record of the drug;
* safety: the asked kind of safety fact, then every other one;
* value / when: "Valsartan 160 mg once daily since 2024-06-17 [E2]", read at
  the asked date when the question has one: the item's latest record by event
  date first (of one day, a record stating the value, and a reading said as a
  result before one said as a goal or an earlier value: memory.answering.readings),
  with a later planned change of the dose in the same line;
* yes/no: yes with the record, or "no record of X for the patient" — and whose
  it is when a relative has it; unrelated records are never offered instead;
* list: the complete list from the profile at the asked date;
* open: records sharing the question's words, else "nothing matches".
Any note the profile carries (e.g. sessions not in memory) ends the answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from memory.answering import lists
from memory.answering.intents import AskedItem, Intent, classify
from memory.answering.lookup import ItemRecords
from memory.answering.match import canonical, concerning, shares_words, words
from memory.answering.quotes import quoted_line
from memory.answering.readings import day_result
from memory.answering.relatives import asked_relative, relatives_subjects
from memory.answering.safety import applies, drug_matches, why_not
from memory.answering.texts import SAFETY_KIND_WORD, TEXT, whose
from memory.answering.values import (
    carried_dose,
    item_name,
    planned_dose,
    previous_dose,
    quantity,
    state_began,
    statement,
)
from memory.domain.evidence import EvidenceItem, FactView, ProfileData


@dataclass(frozen=True)
class Ctx:
    lang: str
    numbers: dict[int, int]
    profile: ProfileData
    items: Sequence[EvidenceItem]
    asked: date | None
    records: ItemRecords | None

    @property
    def t(self) -> dict[str, str]:
        return TEXT[self.lang]

    def cite(self, fact: FactView) -> str:
        n = self.numbers.get(fact.fact_id)
        if n:
            return f"E{n}"
        return self.t["profile"] if fact.session_id else self.t["session"].format(sid="?")

    def quote(self, item: EvidenceItem | FactView, marks: Sequence[str] = ()) -> str:
        fact = item.fact if isinstance(item, EvidenceItem) else item
        extra = item.marks if isinstance(item, EvidenceItem) else tuple(marks)
        assert fact is not None
        return quoted_line(fact, extra, self.lang, self.cite(fact))


# --- safety -------------------------------------------------------------------------------


def _caution(ctx: Ctx, fact: FactView, basis: str, via: str, drug: str) -> str:
    kind = SAFETY_KIND_WORD[ctx.lang].get(fact.safety_kind, fact.safety_kind)
    record = f"{kind} {item_name(fact.entity, ctx.lang)}".strip() + f" ({fact.content})"
    how_key = "class_asked" if basis == "class" and via == drug else basis
    how = ctx.t[how_key].format(via=via)
    if not applies(fact):
        return ctx.t["not_applying"].format(why=why_not(fact), line=record, cite=ctx.cite(fact))
    return ctx.t["caution"].format(record=record, drug=drug, how=how, cite=ctx.cite(fact))


def _drug_cautions(item: AskedItem, ctx: Ctx) -> list[str]:
    """In-force safety records touching a drug asked about in a value or yes/no question."""
    name = item_name(item.canonical, ctx.lang)
    matches = drug_matches(item.canonical, ctx.profile.safety)
    return [_caution(ctx, f, m.basis, m.via, name) for f, m in matches if applies(f)]


def _other_safety(ctx: Ctx, shown: set[int]) -> list[str]:
    rest = [f for f in ctx.profile.safety if f.fact_id not in shown]
    return [ctx.t["other_safety"], *(ctx.quote(f) for f in rest)] if rest else []


def _drug_part(intent: Intent, ctx: Ctx) -> list[str]:
    out: list[str] = []
    shown: set[int] = set()
    for drug in intent.drugs:
        name = item_name(drug.canonical, ctx.lang)
        matches = drug_matches(drug.canonical, ctx.profile.safety)
        matches.sort(key=lambda pair: not applies(pair[0]))  # in-force cautions first
        for fact, match in matches:
            out.append(_caution(ctx, fact, match.basis, match.via, name))
            shown.add(fact.fact_id)
        if not matches:
            out.append(ctx.t["no_touch"].format(drug=name))
    if not intent.drugs:
        relevant = [f for f in ctx.profile.safety if f.safety_kind != "surgical_history"]
        out.append(ctx.t["caution_general"] if relevant else ctx.t["no_safety"])
        out += [ctx.quote(f) for f in relevant]
        shown |= {f.fact_id for f in relevant}
    out += _other_safety(ctx, shown)
    for drug in intent.drugs:
        if _own_anchors(drug, ctx, ("medication_status",)):
            name = item_name(drug.canonical, ctx.lang)
            meds = ("medication_status",)
            out += [ctx.t["takes"].format(drug=name), *_item_lines(drug, ctx, types=meds)]
    return out


def _safety_part(intent: Intent, ctx: Ctx) -> list[str]:
    asked = [f for f in ctx.profile.safety if f.safety_kind in intent.safety_kinds]
    out: list[str] = []
    for kind in intent.safety_kinds:
        title = ctx.t[lists.SAFETY_TITLES[kind]]
        facts = [f for f in asked if f.safety_kind == kind]
        out += lists.listing(ctx.t, title, facts, ctx.quote, ctx.lang)
    return out + _other_safety(ctx, {f.fact_id for f in asked})


# --- items --------------------------------------------------------------------------------


def _own_anchors(item: AskedItem, ctx: Ctx, types: tuple[str, ...] = ()) -> list[EvidenceItem]:
    facts = [
        i for i in ctx.items
        if i.fact is not None and i.fact.subject == "patient"
        and (not types or i.fact.fact_type in types)
    ]  # fmt: skip
    about = [i for i in facts if i.fact in concerning([i.fact for i in facts], item)]  # type: ignore[list-item]
    anchors = [i for i in about if i.is_anchor]
    return anchors or about[-1:]


def _value_types(intent: Intent, item: AskedItem, ctx: Ctx) -> tuple[str, ...]:
    """A dose, or whether the patient takes a drug, is read from its medication records:
    a safety record that merely names the drug ("avoid ibuprofen") is neither a dose nor
    a "yes", and it already follows the answer as a caution."""
    meds = ("medication_status",)
    asks_state = intent.kind in ("value", "yesno")
    if asks_state and item.kind == "drug" and _own_anchors(item, ctx, meds):
        return meds
    return ()


def _prefix(item: EvidenceItem, ctx: Ctx, yesno: bool) -> str:
    fact = item.fact
    assert fact is not None
    if fact.excluded:
        return ctx.t["excluded"].format(why=why_not(fact))
    if fact.assertion == "negated":
        return ctx.t["no_absent"]
    if fact.assertion == "hypothetical":
        return ctx.t["hypothetical"]
    if any("NOT in force" in m for m in item.marks):
        return ctx.t["not_in_force"].format(date=ctx.asked)
    head = ctx.t["on_date"].format(date=ctx.asked) if ctx.asked else ""
    if yesno:
        inactive = fact.status in ("stopped", "resolved", "misdiagnosed")
        said = "not_now" if inactive else "suspected" if fact.status == "suspected" else "yes"
        head = ctx.t[said] + head
    return head


def _item_lines(
    item: AskedItem, ctx: Ctx, yesno: bool = False, types: tuple[str, ...] = ()
) -> list[str]:
    anchors = _own_anchors(item, ctx, types)
    if not anchors:
        return _absent(item, ctx)
    # Several chains can hold one item (a reading filed under two names, a drug's plan
    # and its use): the answer's first line is a record of the item itself, the latest
    # by event date and, of one day, one that states a value; else retrieval's order.
    chain = [i.fact for i in ctx.items if i.fact is not None]
    chain += ctx.records.own.get(item.canonical, []) if ctx.records else []
    stated_self = not yesno and any(
        canonical(a.fact.entity) == item.canonical and _states(a.fact, chain)
        for a in anchors
        if a.fact is not None
    )
    anchors = sorted(anchors, key=lambda a: _latest_first(a, item, chain, yesno, stated_self))
    result = day_result(anchors[0], ctx.items)
    anchors = [result, *anchors] if result is not None else anchors
    out = []
    for a in anchors:
        assert a.fact is not None
        dosed = carried_dose(a.fact, chain)
        began = state_began(a.fact, chain) if dosed is None else None
        said = statement(a.fact, ctx.lang, _display(item, a.fact), dosed, began)
        line = f"{_prefix(a, ctx, yesno)}{said} [{ctx.cite(a.fact)}]"
        if dosed is not None:
            day = dosed.date.isoformat() if dosed.date else ctx.t["undated"]
            line += ctx.t["dose_carried"].format(date=day, cite=ctx.cite(dosed))
        out.append(line if yesno else line + _other_doses(a.fact, chain, ctx))
    return out + [ctx.quote(a) for a in anchors]


def _other_doses(fact: FactView, chain: Sequence[FactView], ctx: Ctx) -> str:
    """The dose a change superseded and a dose planned after the record, each cited:
    the dose in force is never mistaken for the old or the ordered one."""
    out = ""
    for key, other in (
        ("dose_previous", previous_dose(fact, chain)),
        ("dose_planned", planned_dose(fact, chain)),
    ):
        if other is not None and other.fact_id in ctx.numbers:
            day = other.date.isoformat() if other.date else ctx.t["undated"]
            out += ctx.t[key].format(date=day, dose=quantity(other), cite=ctx.cite(other))
    return out


def _states(fact: FactView, chain: Sequence[FactView]) -> bool:
    return bool(quantity(fact) or carried_dose(fact, chain))


def _latest_first(
    anchor: EvidenceItem,
    item: AskedItem,
    chain: Sequence[FactView],
    yesno: bool,
    stated_self: bool,
) -> tuple[bool, int, bool, bool]:
    fact = anchor.fact
    assert fact is not None
    other = canonical(fact.entity) != item.canonical
    # A yes/no answer keeps retrieval's order of one day: a denial must not be outranked.
    unstated = not yesno and not _states(fact, chain)
    # "What dose of insulin?" when "the insulin is fine" follows "Lantus, twenty units":
    # a record of the asked word itself leads when one of them states a value (or for a
    # yes/no); otherwise the latest record that does (a member of the family) answers.
    leads = other and (yesno or stated_self)
    return (leads, -(fact.date or date.min).toordinal(), unstated, other)


def _display(item: AskedItem, fact: FactView) -> str:
    """The question's own spelling of a mixed-case item ("eGFR", "HbA1c") when the record
    is about exactly that item."""
    surface = item.surface.strip()
    if (
        surface.isascii()
        and surface != surface.lower()
        and canonical(fact.entity) == item.canonical
    ):
        return surface
    return ""


def _absent(item: AskedItem, ctx: Ctx) -> list[str]:
    name = item.surface.strip()  # as the clinician wrote it
    out = [ctx.t["no_record"].format(item=name)]
    others = ctx.records.others.get(item.canonical, []) if ctx.records else []
    if others:
        people = ctx.t["sep"].join(whose(s, ctx.lang) for s in others)
        said = name[:1].upper() + name[1:]
        out.append(ctx.t["relative_has"].format(item=said, whose=people))
    return out


def _history_part(intent: Intent, ctx: Ctx) -> list[str]:
    out: list[str] = []
    for item in intent.items:
        units = {i.unit for i in _own_anchors(item, ctx) if i.unit}
        members = [i.fact for i in ctx.items if i.fact is not None and i.unit in units]
        if not members:
            out += _absent(item, ctx)
            continue
        name = item_name(item.canonical, ctx.lang)
        out.append(ctx.t["history"].format(item=name))
        out += [
            f"- {statement(f, ctx.lang)} [{_cite_record(f, ctx)}]"
            for f in _chain_history(item, members, ctx)
        ]
    return out


def _chain_history(item: AskedItem, members: list[FactView], ctx: Ctx) -> list[FactView]:
    """Every stored record of the item's chains, by date: the evidence gives a chain
    three records (matched, anchor, relation), and a history of three readings out
    of twenty reads as if the others were never taken."""
    chains = {f.chain_id for f in members if f.chain_id is not None}
    stored = ctx.records.own.get(item.canonical, []) if ctx.records else []
    every = {f.fact_id: f for f in [*members, *(f for f in stored if f.chain_id in chains)]}
    return sorted(every.values(), key=lambda f: (f.date or date.min, f.fact_id))


def _cite_record(fact: FactView, ctx: Ctx) -> str:
    """An evidence number, else the session that said it (a chain record the budget left out)."""
    if fact.fact_id in ctx.numbers or not fact.session_id:
        return ctx.cite(fact)
    return ctx.t["session"].format(sid=fact.session_id)


def _open_part(question: str, ctx: Ctx) -> list[str]:
    wanted = words(question)
    related = [
        i for i in ctx.items
        if i.fact is not None and i.fact.subject == "patient" and i.is_anchor
        and shares_words(i.fact, wanted)
    ]  # fmt: skip
    if not related:
        return [ctx.t["nothing"]]
    return [ctx.t["related"], *(ctx.quote(i) for i in related)]


def _relative_part(relation: str, intent: Intent, ctx: Ctx) -> list[str]:
    """A question about a relative: whether that relative has a record of each asked
    item; never the patient's own records as if they were the relative's."""
    whom = whose(f"family:{relation}", ctx.lang)
    out = []
    for item in intent.items:
        name = item.surface.strip()  # as the clinician wrote it
        subjects = ctx.records.others.get(item.canonical, []) if ctx.records else []
        if relatives_subjects(relation, subjects):
            said = name[:1].upper() + name[1:]
            out.append(ctx.t["about_relative_yes"].format(item=said, whose=whom))
        else:
            out.append(ctx.t["about_relative_no"].format(item=name, whose=whom))
    return [*out, ctx.t["about_relative"].format(whose=whom)]


def _body(question: str, intent: Intent, ctx: Ctx) -> list[str]:
    relation = asked_relative(question)
    if relation is not None and intent.kind != "drug":
        return _relative_part(relation, intent, ctx)
    if intent.kind == "drug":
        return _drug_part(intent, ctx)
    if intent.kind == "safety":
        return _safety_part(intent, ctx)
    if intent.kind == "list":
        began = ctx.records.began if ctx.records else {}
        return lists.list_part(
            intent.lists, ctx.profile, ctx.t, ctx.cite, ctx.lang, ctx.asked, began
        )
    if intent.kind == "history":
        return _history_part(intent, ctx)
    if intent.kind in ("value", "when", "yesno"):
        yesno = intent.kind == "yesno"
        out: list[str] = []
        for item in intent.items:
            lines = _item_lines(item, ctx, yesno, _value_types(intent, item, ctx))
            cautions = _drug_cautions(item, ctx) if item.kind in ("drug", "drug_class") else []
            out += [*lines[:1], *cautions, *lines[1:]]  # the direct answer, then any caution
        return out
    return _open_part(question, ctx)


def extractive_answer(
    question: str,
    lang: str,
    profile: ProfileData,
    items: Sequence[EvidenceItem],
    asked: date | None,
    failure: str | None = None,
    records: ItemRecords | None = None,
) -> str:
    """The answer first, then the cited records it rests on."""
    intent = classify(question)
    numbers = {i.fact_id: n for n, i in enumerate(items, start=1) if i.fact_id is not None}
    ctx = Ctx(lang, numbers, profile, items, asked, records)
    body = _body(question, intent, ctx) or [ctx.t["nothing"]]
    if failure:
        # The LLM is configured: say it failed and why, never "no LLM configured".
        return "\n".join([*body, *profile.notes, ctx.t["fallback"].format(reason=failure)])
    return "\n".join([*body, *profile.notes, ctx.t["trailer"]])
