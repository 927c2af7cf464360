"""Questions with gold derived from the reference notes of a history's sessions.

Kinds: current (medications in the core note's medication/plan sections),
state_on_date (drugs of an earlier MTS MEDICATIONS visit, asked at its date),
history (the visit metadata's known conditions), safety (an allergen or a
procedure the question does not mention) and relatives (traps: the patient is
asked about an item that only a relative's session mentions, and nothing the
patient's own sessions name falls under it).
Every gold item is also said in the dialogue, or a reader could not know it.
"""

from __future__ import annotations

import random
import re

from memory.evaluation import gold as g
from memory.evaluation.history_types import History, HistorySession, Question
from memory.evaluation.sources import AciVisit, MtsRow, note_section
from memory.lexicon.classes import ancestry
from memory.lexicon.disease_forms import narrower

_MED_SECTIONS = ("MEDICATIONS", "CURRENT MEDICATIONS", "ASSESSMENT AND PLAN", "PLAN")
MAX_TRAPS = 2


def build_questions(
    hist: History, visit: AciVisit, patient: list[HistorySession], early: list[tuple[str, MtsRow]]
) -> list[Question]:
    name, core = hist.name, patient[-1]
    out: list[Question] = []

    def add(kind: str, text: str, items: list[g.GoldItem], sid: str, safety: str = "") -> None:
        if items:
            qid = f"{hist.patient_id}/q{len(out) + 1}"
            out.append(Question(qid, kind, text, tuple(items), sid, safety))

    dialogue = visit.dialogue
    meds = g.gold_drugs(g.settled(note_section(visit.note, *_MED_SECTIONS)))
    add(
        "current",
        f"What medications is {name} on now, including any started or changed at the last visit?",
        _said(meds, dialogue),
        core.external_id,
    )
    chronic = g.condition_items(visit.chronic)
    add(
        "history",
        f"What long-standing medical conditions does {name} have?",
        _said(chronic, dialogue),
        core.external_id,
    )
    allergy = _said(
        [
            g.GoldItem(n, n)
            for n in sorted(g.allergy_gold(note_section(visit.note, "ALLERGIES"))[0])
        ],
        dialogue,
    )
    surgical = _said(
        [g.GoldItem(t) for t in g.surgical_terms(note_section(visit.note, "SURGICAL HISTORY"))],
        dialogue,
    )
    allergy_sid = surgical_sid = core.external_id
    for (topic, row), session in zip(early, patient, strict=False):
        items = _said(_row_items(topic, row), row.dialogue)
        if topic == "allergy":
            allergy, allergy_sid = items, session.external_id
        elif topic == "surgical_history":
            surgical, surgical_sid = items, session.external_id
        elif session.day is not None:
            add(
                "state_on_date",
                f"Which medications was {name} taking as of {session.day:%Y-%m-%d}?",
                items,
                session.external_id,
            )
    add(
        "safety",
        f"I am about to prescribe a new medication for {name}. What should I check "
        "in the record first?",
        allergy,
        allergy_sid,
        "allergy",
    )
    add(
        "safety",
        f"{name} is being scheduled for a procedure under general anaesthesia. What in "
        "the history matters for planning it?",
        surgical,
        surgical_sid,
        "surgical_history",
    )
    for item, sid in _traps(hist, random.Random(hist.patient_id)):
        add("relatives", f"Does {name} personally have any history of {item.text}?", [item], sid)
    return out


def _subsumes(item: str, own: set[str]) -> bool:
    """The patient's own sessions name the item or something it covers: a member of a
    drug class ("antibiotics": his sulfa allergy), a specific form of a disease
    ("diabetes": type 2 diabetes), a located complaint ("pain": knee pain). Asked
    "Does he have any history of antibiotics?", "yes" is then right: no trap."""
    if item in own or set(narrower(item)) & own:
        return True
    if any(e.endswith(" " + item) for e in own):
        return True
    return any(item in ancestry(e)[1:] for e in own)


def _said(items: list[g.GoldItem], dialogue: str) -> list[g.GoldItem]:
    judged = g.judge(dialogue)
    return [i for i in items if judged.contains(i)]


def _row_items(topic: str, row: MtsRow) -> list[g.GoldItem]:
    if topic == "allergy":
        return [g.GoldItem(n, n) for n in sorted(g.allergy_gold(row.section_text)[0])]
    if topic == "surgical_history":
        return [g.GoldItem(t) for t in g.surgical_terms(row.section_text)]
    return g.gold_drugs(row.section_text)


def relative_items(session: HistorySession) -> frozenset[str]:
    """Canonical entities that belong to someone other than the patient in this session,
    less those the speaker also states as his own ("I am feeling kind of dizzy lately.
    This happened to my sister too": the dizziness is the patient's as well)."""
    if session.subject == "mixed":
        return session.relative_items - _own_items(session)
    if session.subject == "relative":
        return g.entities_in(" ".join(t.text for t in session.turns)) - _own_items(session)
    return frozenset()


_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s*")


def _own_items(session: HistorySession) -> frozenset[str]:
    """Items of the patient speaker's own first-person sentences (gold.caregiver_own)."""
    own = [
        sentence
        for t in session.turns
        if t.speaker == "patient"
        for sentence in _SENTENCE_END.split(t.text)
        if sentence and g.caregiver_own(sentence)
    ]
    return g.entities_in(" ".join(own)) if own else frozenset()


def _traps(hist: History, rng: random.Random) -> list[tuple[g.GoldItem, str]]:
    """A trap asks about an item that only a relative's session names. A general
    distractor session stands in the patient's record as his own consultation (its
    speaker's "I have high blood pressure" is, to any system, the patient's), and its
    entries are never counted as pollution: an item it names is no trap either."""
    own = set()
    for s in hist.sessions:
        if s.subject in ("patient", "general"):
            own |= g.entities_in(" ".join(t.text for t in s.turns))
    candidates = sorted(
        (item, s.external_id)
        for s in hist.sessions
        for item in relative_items(s)
        if not _subsumes(item, own) and item.isascii()
    )
    rng.shuffle(candidates)
    seen: set[str] = set()
    out = []
    for item, sid in candidates:
        if item not in seen and len(out) < MAX_TRAPS:
            seen.add(item)
            out.append((g.GoldItem(item, item), sid))
    return out
