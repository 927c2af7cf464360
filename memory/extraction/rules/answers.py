"""What a short answer settles about the question it answers.

"Any chest pain?" - "No." -> negated chest pain; "Do you take Diovan?" - "Yes,
and ..." -> valsartan; "What is the strength of your omeprazole?" - "Forty mg" ->
omeprazole in use. The answer's own words carry no item: the question's do, read
as its asker's words (rules.context_types.Frame.role). A non-committal answer or
a request settles nothing (rules.qa.answer_stance). Allergy and surgery questions
are handled by the safety rules. A date said in the answer ("No, I stopped it in
March") dates the fact.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from memory.domain.types import ExtractedFact
from memory.extraction.rules.bounded import anchor_of, bound_content
from memory.extraction.rules.clinical import extract_conditions, extract_symptoms
from memory.extraction.rules.context_types import Frame, SentenceCtx
from memory.extraction.rules.generic import asks_knowledge
from memory.extraction.rules.medications import extract_medications
from memory.extraction.rules.qa import Stance, answer_stance, presupposed
from memory.extraction.rules.reactions import reaction_causes
from memory.extraction.rules.text import Sentence

# Reads a sentence in the session's discourse without changing it (the extractor's
# scratch subject tracker), under the question's frame.
ReadQuestion = Callable[[Sentence], SentenceCtx]


def answer_facts(
    frame: Frame, actx: SentenceCtx, read: ReadQuestion, own: list[ExtractedFact]
) -> list[ExtractedFact]:
    """The question's items the answer `actx` settles; `own` are the answer's own facts."""
    answer = actx.sent
    stance = answer_stance(frame.text, answer.text, answer.zh)
    negative = stance.denies
    if frame.topic == "allergy" or not stance.settles or (negative and frame.asks_for_more):
        return []
    if asks_knowledge(frame.text, answer.zh):
        return []  # "Is it true that diabetes can cause blindness?" - "Yes.": no one's disease
    qctx = read(Sentence(answer.turn, frame.role, frame.text, 0, False, answer.zh))
    meds = _asked_medications(qctx, stance, own)
    if (stance.affirms or negative) and not stance.request:
        facts = meds + ([] if own else _asked_findings(qctx, negative))
    else:
        facts = meds  # "I stopped it", "每天都吃", a granted request: only the drug
    return _as_answered(facts, frame, actx, "negated" if negative else "present")


def _asked_medications(
    qctx: SentenceCtx, stance: Stance, own: list[ExtractedFact]
) -> list[ExtractedFact]:
    # "You suffer from itching with the prednisone?" - "That's correct.": the yes
    # confirms the reaction, not that the drug is taken.
    blamed = reaction_causes(qctx)
    asked = [f for f in extract_medications(qctx) if f.entity not in blamed]
    meds = [replace(f, status=s) for f in asked if (s := stance.medication_status(f.status))]
    if any(f.type == "medication_status" for f in own):
        # "您现在吃什么降压药？" - "…换了氨氯地平": the answer's drug is the fact, the
        # class the question used to ask is no second record.
        classes = {h.canonical for h in qctx.hits if h.kind == "drug_class"}
        meds = [f for f in meds if f.entity not in classes]
    return meds


def _as_answered(
    facts: list[ExtractedFact], frame: Frame, actx: SentenceCtx, assertion: str
) -> list[ExtractedFact]:
    """Each settled item with the question and answer as its content, dated by the answer."""
    answer = actx.sent
    content = f"{frame.text} {answer.text}"
    when = next(((d.date.isoformat(), d.precision) for d in actx.dates if d.date), None)
    return [
        replace(
            f,
            date=when[0] if when else f.date,
            date_precision=when[1] if when else f.date_precision,
            assertion="present" if f.type == "medication_status" else assertion,
            content=bound_content(content, anchor_of(content, f.entity), answer.zh),
            status=_answer_status(f),
        )
        for f in facts
    ]


def _asked_findings(qctx: SentenceCtx, negative: bool) -> list[ExtractedFact]:
    """Conditions and symptoms the answer settles; a "no" never denies an item the
    question took for granted ("Any issues with the migraine?" - "None.")."""
    if negative:
        text, zh = qctx.text, qctx.zh
        hits = tuple(h for h in qctx.hits if not presupposed(text, h.start, zh))
        qctx = replace(qctx, hits=hits)
    return extract_conditions(qctx) + extract_symptoms(qctx)


def _answer_status(fact: ExtractedFact) -> str | None:
    if fact.type == "medication_status" and fact.status is None:
        return "active"
    return fact.status
