"""The extractive reader: answers from anchor records without an LLM (DESIGN §6 end).

It never interprets: it picks the evidence lines that answer the question
kind and quotes them with their citations, then says plainly that the answer
is extractive. Question kinds:
* safety ("any allergies?", "can I take amoxicillin?"): every safety fact of
  the profile that concerns the asked drug (same drug, or same drug class:
  amoxicillin -> the penicillin allergy), then every other active one;
  also a stopped record of the asked drug;
* state on a date (explicit date / `at`): the anchors read at that date, and
  the date channel's records;
* history ("over time", "变化"): the chain members in the evidence by date;
* current state (default): the anchor record of each relevant unit.
Chinese questions get Chinese framing text; quoted records stay verbatim.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from memory import lexicon
from memory.domain.evidence import EvidenceItem, FactView, ProfileData
from memory.domain.render import fact_line

_SAFETY = re.compile(
    r"allerg|contraindicat|interact|safe|can (?:i|he|she|we|you|they) (?:take|prescribe|give|use)"
    r"|surg|operation|bleed|过敏|禁忌|相互作用|能不能|能否|可以吃|可以用|能吃|能用|手术|出血",
    re.IGNORECASE,
)
_HISTORY = re.compile(
    r"history|over time|changed|change|trend|ever|so far|变化|历史|以前|曾经|趋势|过去",
    re.IGNORECASE,
)
# A question about a kind of safety fact ("any allergies?") concerns every fact of that kind.
_KIND_WORDS = {
    "allergy": re.compile(r"allerg|过敏", re.IGNORECASE),
    "contraindication": re.compile(r"contraindicat|禁忌", re.IGNORECASE),
    "interaction": re.compile(r"interact|相互作用", re.IGNORECASE),
    "surgical_history": re.compile(r"surg|operation|bleed|手术|出血", re.IGNORECASE),
}
TEXT = {
    "en": {
        "head": "Extractive answer (no LLM configured): the matching records are quoted, "
        "not interpreted.",
        "fallback": "The LLM reader failed ({reason}); extractive answer instead.",
        "safety": "Safety records that apply:",
        "other_safety": "Other recorded safety facts:",
        "none_safety": "No allergy, contraindication, interaction or surgery is recorded.",
        "current": "Current record(s):",
        "dated": "Record(s) in force on {date}:",
        "window": "Records dated in the asked period:",
        "history": "History (by date):",
        "stopped": "Stopped record(s) of the asked drug:",
        "nothing": "The recorded evidence does not contain an answer.",
        "not_recorded": "No record of {items} for this patient. (Records of relatives or other "
        "people are kept apart and never answer for the patient.)",
        "profile": "profile",
    },
    "zh": {
        "head": "抽取式回答（未配置大模型）：以下为原样摘录的相关记录，未做推理。",
        "fallback": "大模型回答失败（{reason}），改用抽取式回答。",
        "safety": "相关的安全记录：",
        "other_safety": "其他已记录的安全事实：",
        "none_safety": "未记录过敏、禁忌、相互作用或手术史。",
        "current": "当前记录：",
        "dated": "{date} 时生效的记录：",
        "window": "所问时间段内的记录：",
        "history": "历史记录（按日期）：",
        "stopped": "所问药物的停用记录：",
        "nothing": "已记录的证据中没有该问题的答案。",
        "not_recorded": "患者本人没有{items}的记录。"
        "（亲属或他人的记录单独保存，不作为患者本人的信息。）",
        "profile": "档案",
    },
}


def _canon(name: str) -> tuple[str, str | None]:
    entry = lexicon.lookup(name) if name else None
    if entry is None:
        return name.casefold(), None
    return entry.canonical, entry.drug_class if entry.kind == "drug" else entry.canonical


def asked_items(question: str) -> set[str]:
    """Canonical names and drug classes of the items the question mentions."""
    out: set[str] = set()
    for m in lexicon.find_mentions(question):
        out.add(m.entry.canonical)
        if m.entry.drug_class:
            out.add(m.entry.drug_class)
    return out


def asked_drugs(question: str) -> dict[str, str]:
    """Specific drugs the question names (canonical -> surface), classes excluded."""
    return {
        m.entry.canonical: m.surface
        for m in lexicon.find_mentions(question)
        if m.entry.kind == "drug"
    }


def unrecorded_drugs(question: str, items: Sequence[EvidenceItem]) -> list[str]:
    """Named drugs that none of the patient's evidence records is about.

    Saying so is itself the answer ("is he on indapamide?" -> not recorded for
    him), instead of quoting unrelated records that read like an answer.
    """
    facts = [i.fact for i in items if i.fact is not None]
    return [
        surface
        for canonical, surface in asked_drugs(question).items()
        if not any(concerns(f, {canonical}, surface) for f in facts)
    ]


def concerns(fact: FactView, asked: set[str], question: str) -> bool:
    """The fact is about an asked item: same entity, or same drug class."""
    if not fact.entity:
        return False
    if fact.entity.casefold() in question.casefold():
        return True
    name, group = _canon(fact.entity)
    return name in asked or (group is not None and group in asked)


def _cite(fact: FactView, numbers: dict[int, int], lang: str) -> str:
    n = numbers.get(fact.fact_id)
    return f"[E{n}]" if n else f"[{TEXT[lang]['profile']}]"


def _line(item_or_fact: EvidenceItem | FactView, numbers: dict[int, int], lang: str) -> str:
    if isinstance(item_or_fact, EvidenceItem):
        fact, marks = item_or_fact.fact, item_or_fact.marks
    else:
        fact, marks = item_or_fact, ()
    assert fact is not None
    return f"- {fact_line(fact, marks)} {_cite(fact, numbers, lang)}"


def _safety_part(
    question: str,
    profile: ProfileData,
    items: Sequence[EvidenceItem],
    numbers: dict[int, int],
    lang: str,
) -> list[str]:
    text, asked = TEXT[lang], asked_items(question)
    kinds = {kind for kind, words in _KIND_WORDS.items() if words.search(question)}
    relevant = [f for f in profile.safety if concerns(f, asked, question) or f.safety_kind in kinds]
    others = [f for f in profile.safety if f not in relevant and not f.excluded]
    out = [text["safety"], *(_line(f, numbers, lang) for f in relevant)] if relevant else []
    stopped = [
        i for i in items
        if i.fact and i.fact.status == "stopped" and concerns(i.fact, asked, question)
    ]  # fmt: skip
    if stopped:
        out += [text["stopped"], *(_line(i, numbers, lang) for i in stopped[:3])]
    if others:
        out += [text["other_safety"], *(_line(f, numbers, lang) for f in others)]
    return out or [text["none_safety"]]


def _relevant_anchors(question: str, items: Sequence[EvidenceItem]) -> list[EvidenceItem]:
    anchors = [i for i in items if i.is_anchor and i.fact is not None]
    asked = asked_items(question)
    named = [i for i in anchors if i.fact and concerns(i.fact, asked, question)]
    return named or anchors[:3]


def _history_part(question: str, items: Sequence[EvidenceItem]) -> list[EvidenceItem]:
    anchors = _relevant_anchors(question, items)
    units = {i.unit for i in anchors if i.unit}
    facts = [i for i in items if i.fact is not None and i.unit in units]
    return sorted(facts, key=lambda i: (i.fact.date or date.min, i.fact.fact_id))  # type: ignore[union-attr]


def question_kind(question: str, dated: bool) -> str:
    if _SAFETY.search(question):
        return "safety"
    if dated:
        return "state_on_date"
    if _HISTORY.search(question):
        return "history"
    return "current"


def _state_part(
    question: str,
    items: Sequence[EvidenceItem],
    asked: date | None,
    numbers: dict[int, int],
    lang: str,
) -> list[str]:
    text = TEXT[lang]
    missing = unrecorded_drugs(question, items)
    if missing:
        return [text["not_recorded"].format(items=", ".join(missing))]
    anchors = _relevant_anchors(question, items)
    title = text["dated"].format(date=asked) if asked else text["current"]
    out = [title, *(_line(i, numbers, lang) for i in anchors)] if anchors else []
    dated = [i for i in items if i.role == "date"]
    if asked and dated:
        out += [text["window"], *(_line(i, numbers, lang) for i in dated)]
    return out


def extractive_answer(
    question: str,
    lang: str,
    profile: ProfileData,
    items: Sequence[EvidenceItem],
    asked: date | None,
    failure: str | None = None,
) -> str:
    """Quote the records that answer `question`, with [E#] citations."""
    text = TEXT[lang]
    numbers = {i.fact_id: n for n, i in enumerate(items, start=1) if i.fact_id is not None}
    kind = question_kind(question, asked is not None)
    if kind == "safety":
        body = _safety_part(question, profile, items, numbers, lang)
        body += _state_part(question, items, asked, numbers, lang)
    elif kind == "history":
        history = _history_part(question, items)
        body = [text["history"], *(_line(i, numbers, lang) for i in history)] if history else []
    else:
        body = _state_part(question, items, asked, numbers, lang)
    head = [text["fallback"].format(reason=failure)] if failure else []
    return "\n".join([*head, text["head"], *(body or [text["nothing"]])])
