"""Answer-level metrics: is the ANSWER right, not only the evidence?

Questions per history (gold from the reference notes, never from the system):
* value — doses, vital signs and lab results the notes state and the dialogue
  says (memory.evaluation.values), some asked for a date, each also asked in
  Chinese when the item has a Chinese name; right when the answer's first line
  states that number (a dose: with its unit, when the dialogue says one);
* list — the history's current / state-on-date / long-standing-condition
  questions; completeness = gold items named in the answer / gold items;
* abstain — the relative-trap questions, plus one absent-item question (a
  condition no session of the history names); right when the answer's first
  line says there is no record (or names whose record it is) and never "yes";
* drug — "Can I prescribe <drug> for <name>?" for a drug that a recorded
  allergen touches (the allergen itself, or a sibling in its class), and the
  general "about to prescribe" question; right when the answer names every
  recorded allergen relevant to the drug.
The same metrics apply to whichever reader answers (extractive, or the LLM
reader when one is configured, e.g. the recorded-reply server in tests).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from memory import lexicon
from memory.domain.drug_safety import CROSS_REACTIVE_CLASSES, SafetyRecord, match_record
from memory.domain.evidence import FactView
from memory.evaluation import failures, values
from memory.evaluation import gold as g
from memory.evaluation.history_types import History
from memory.lexicon.classes import ancestry

_SAID_DOSE = r"(?<![\d.]){num}\s*(?:mg|milligrams?|mcg|micrograms?|units?|毫克|微克|单位)"
_ABSTAINS = re.compile(
    r"^(?:no record of|nothing in the patient's record|no:|患者本人没有|患者记录中没有|否：)"
    r"|recorded for .+, not the patient|记录在.+名下",
    re.IGNORECASE,
)
KINDS = ("value", "list", "abstain", "drug")


@dataclass(frozen=True)
class AnswerQuestion:
    qid: str
    kind: str  # value | list | abstain | drug
    text: str
    gold: tuple[g.GoldItem, ...] = ()  # list / drug: items the answer must name
    value: str = ""  # value: the gold number ("160", "128/72")
    unit_needed: bool = True  # value: a dose must be stated with its unit
    lang: str = "en"
    item: str = ""  # value: the asked item (canonical lexicon entry)
    fact_types: tuple[str, ...] = ()  # list: the fact types the list is read from
    session: str = ""  # list: external id of the session whose note gives the gold


@dataclass(frozen=True)
class AnswerJudgement:
    qid: str
    kind: str
    part: str
    found: int  # gold items named (value / abstain: 1 when right)
    total: int
    why: tuple[str, ...] = ()  # value / list: failure kind of each miss (failures.py)

    @property
    def right(self) -> bool:
        return self.found == self.total


def value_questions(hist: History) -> list[AnswerQuestion]:
    """Dose and reading questions (memory.evaluation.values), in English and, when the
    item has a Chinese name, in Chinese with the same gold."""
    out: list[AnswerQuestion] = []
    for n, gold in enumerate(values.value_golds(hist), start=1):
        langs = ("en", "zh") if values.has_chinese_name(gold) else ("en",)
        for lang in langs:
            text = values.question_text(gold, hist.name, lang)
            qid = f"{hist.patient_id}/v{n}" + ("" if lang == "en" else "/zh")
            out.append(AnswerQuestion(qid, "value", text, value=gold.value,
                                      unit_needed=gold.kind == "dose" and gold.unit_said,
                                      lang=lang, item=gold.item))  # fmt: skip
    return out


def _absent_item(hist: History) -> str | None:
    said: set[str] = set()
    for s in hist.sessions:
        said |= g.entities_in(" ".join(t.text for t in s.turns))
    diseases = sorted(e.canonical for e in lexicon.entries("disease") if e.canonical.isascii())
    random.Random(hist.patient_id).shuffle(diseases)
    return next((d for d in diseases if d not in said and len(d) > 4), None)


def _drug_for(allergen: str) -> str | None:
    """A drug the allergen touches: a sibling in its cross-reactive class (amoxicillin for
    a penicillin allergy), else a member of the class it names, else the drug itself."""
    line = ancestry(allergen)
    if not line:
        return None
    classes = [c for c in line if c in CROSS_REACTIVE_CLASSES]
    for cls in classes[:1] or line[:1]:
        members = sorted(m for m in lexicon.class_members(cls) if m != line[0])
        if members:
            return members[0]
    return line[0]


def drug_questions(hist: History) -> list[AnswerQuestion]:
    out: list[AnswerQuestion] = []
    for q in hist.questions:
        if q.kind != "safety" or q.safety_kind != "allergy":
            continue
        out.append(AnswerQuestion(f"{q.qid}/any", "drug", q.text, q.gold))
        for item in q.gold:
            drug = _drug_for(item.text)
            if drug is None:
                continue
            relevant = tuple(
                i for i in q.gold
                if match_record(drug, SafetyRecord(0, "allergy", i.text), ancestry) is not None
            )  # fmt: skip
            text = f"Can I prescribe {drug} for {hist.name}?"
            out.append(AnswerQuestion(f"{q.qid}/{drug}", "drug", text, relevant))
    return out


def answer_questions(hist: History) -> list[AnswerQuestion]:
    out = value_questions(hist)
    for q in hist.questions:
        if q.kind in ("current", "state_on_date", "history"):
            types = ("condition",) if q.kind == "history" else ("medication_status",)
            out.append(AnswerQuestion(q.qid, "list", q.text, q.gold, fact_types=types,
                                      session=q.gold_session))  # fmt: skip
        elif q.kind == "relatives":
            out.append(AnswerQuestion(q.qid, "abstain", q.text))
    absent = _absent_item(hist)
    if absent:
        text = f"Does {hist.name} personally have any history of {absent}?"
        out.append(AnswerQuestion(f"{hist.patient_id}/absent", "abstain", text))
    return out + drug_questions(hist)


def judge_answer(
    q: AnswerQuestion, answer: str, part: str, facts: Sequence[FactView] | None = None
) -> AnswerJudgement:
    """`facts`: the patient's stored facts, when given each miss says where it was lost."""
    first = answer.strip().splitlines()[0] if answer.strip() else ""
    if q.kind == "value":
        said = (
            re.search(_SAID_DOSE.format(num=re.escape(q.value)), first, re.IGNORECASE)
            if q.unit_needed
            else values.said_in(q.value, first.replace(" / ", "/"))
        )
        why = ()
        if not said and facts is not None:
            item = g.GoldItem(q.item, q.item)
            why = (failures.value_failure(item, q.value, first, facts),)
        return AnswerJudgement(q.qid, q.kind, part, int(bool(said)), 1, why)
    if q.kind == "abstain":
        right = bool(_ABSTAINS.search(first)) and not first.lower().startswith("yes")
        return AnswerJudgement(q.qid, q.kind, part, int(right), 1)
    judged = g.judge(answer)
    missed = [item for item in q.gold if not _named(item, judged, q.kind)]
    why = ()
    if q.kind == "list" and facts is not None:
        why = tuple(failures.list_failure(item, q.fact_types, facts, q.session) for item in missed)
    return AnswerJudgement(q.qid, q.kind, part, len(q.gold) - len(missed), len(q.gold), why)


def _named(item: g.GoldItem, judged: g.Judged, kind: str) -> bool:
    """A list names a class item ("a statin", "oral steroids") when it names a drug of
    that class: the drug is the more precise answer."""
    if judged.contains(item):
        return True
    if kind != "list" or not item.canonical:
        return False
    return any(item.canonical in ancestry(e)[1:] for e in judged.entities)


def judge_history(
    hist: History,
    ask: Callable[[str], str],
    part: str = "all",
    facts: Sequence[FactView] | None = None,
) -> list[AnswerJudgement]:
    """Ask every answer question of one history through `ask` (question -> answer text)."""
    return [judge_answer(q, ask(q.text), part, facts) for q in answer_questions(hist)]


def summarize_answers(judgements: list[AnswerJudgement]) -> dict[str, dict[str, dict]]:
    """Per part and kind: questions, share right, and (list / drug) item-level share."""
    out: dict[str, dict[str, dict]] = {}
    for part in sorted({j.part for j in judgements}):
        mine = [j for j in judgements if j.part == part]
        out[part] = {}
        for kind in KINDS:
            of = [j for j in mine if j.kind == kind and j.total]
            items = sum(j.total for j in of)
            out[part][kind] = {
                "questions": len(of),
                "right": sum(j.right for j in of) / len(of) if of else None,
                "items": sum(j.found for j in of) / items if items else None,
                "found_items": sum(j.found for j in of),
                "total_items": items,
                "wrong": [j.qid for j in of if not j.right][:20],
                "why": dict(Counter(w for j in of for w in j.why).most_common()),
            }
    return out
