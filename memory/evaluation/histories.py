"""Longitudinal histories assembled from real dialogues, with gold from reference notes.

What one history contains (deterministic from the seed) and why its gold is valid:

* **Core visit** — one ACI-Bench visit (a real, complete visit with the note its
  clinician wrote). It is the patient's last dated session; its note is the
  gold for *current* medications and for *history* (the metadata's known
  conditions that the dialogue itself names).
* **Earlier patient sessions** — up to three short MTS-Dialog exchanges
  (ALLERGY with a named allergen, PASTSURGICAL with a named procedure,
  MEDICATIONS with named drugs), dated about monthly before the core visit.
  They are short, single-topic exchanges written from a patient's answers,
  so presenting them as earlier visits of the same patient is consistent: the
  gold of each question comes from the note of the session that carries it.
  An ALLERGY/PASTSURGICAL session is only added when the core note has no
  section of that kind, so two notes never disagree.
* **Relative sessions** — an MTS-Dialog FAM/SOCHX exchange (the patient speaks
  of relatives' illnesses: a *mixed* session; the relative's items are the
  entities of note sentences that name a relative), a CMtMedQA consultation
  about a relative (我爸/我妈/孩子..., detected on the opening turn), and an
  MTS-Dialog exchange where a relative answers for the person examined
  (Guest_family), shown under a "[Health consultation record about a relative]"
  header as MedMemoryBench's harness does.
* **General distractors** — CMtMedQA consultations not about a relative and
  MTS-Dialog GENHX exchanges of other people, under "[Health consultation
  record]" and undated, as MedMemoryBench's noise sessions.

Distractors are interleaved before patient sessions with a density that falls
over time (slot = floor(P·u²)), so more of them arrive early, as in
MedMemoryBench. Nothing of the core patient's gold comes from a distractor.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import TypeVar

from memory.domain.types import ParsedSession, Turn
from memory.evaluation import gold as g
from memory.evaluation.sources import (
    AciVisit,
    CmtConsultation,
    MtsRow,
    aci_visits,
    cmt_consultations,
    mts_rows,
    note_section,
    parse_dialogue,
)

T = TypeVar("T")
KINDS = ("current", "state_on_date", "history", "safety", "relatives")
RELATIVE_HEADER = "[Health consultation record about a relative]"
GENERAL_HEADER = "[Health consultation record]"


@dataclass(frozen=True)
class HistorySession:
    external_id: str
    subject: str  # gold: patient | mixed | relative | general
    turns: tuple[Turn, ...]
    day: date | None = None
    title: str = ""
    source: str = ""  # dataset and record id
    relative_items: frozenset[str] = frozenset()  # canonical entities that are a relative's
    note: str = ""  # the reference note (ACI) or section text (MTS) written from it


@dataclass(frozen=True)
class Question:
    qid: str
    kind: str  # one of KINDS
    text: str
    gold: tuple[g.GoldItem, ...]  # must appear in the reader context (traps: must not)
    gold_session: str = ""  # external id of the session whose note gives the gold
    safety_kind: str = ""  # allergy | surgical_history for safety questions


@dataclass
class History:
    patient_id: str
    name: str
    sessions: list[HistorySession] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)

    def parsed(self) -> list[ParsedSession]:
        return [
            ParsedSession(
                external_id=s.external_id, date=s.day, turns=s.turns, title=s.title,
                patient_id=self.patient_id, patient_name=self.name, source=s.source,
            )
            for s in self.sessions
        ]  # fmt: skip

    def by_id(self) -> dict[str, HistorySession]:
        return {s.external_id: s for s in self.sessions}


@dataclass
class _Pools:
    allergy: list[MtsRow]
    surgical: list[MtsRow]
    medications: list[MtsRow]
    family: list[MtsRow]
    guest: list[MtsRow]
    general_mts: list[MtsRow]
    cmt_relative: list[CmtConsultation]
    cmt_general: list[CmtConsultation]


def _text(turns: tuple[Turn, ...]) -> str:
    return " ".join(t.text for t in turns)


def _pools(rng: random.Random) -> _Pools:
    rows = [r for r in mts_rows() if parse_dialogue(r.dialogue)]
    own = [r for r in rows if not r.relative_answered]

    def pick(header: str, ok: Callable[[MtsRow], bool]) -> list[MtsRow]:
        out = [r for r in own if r.header == header and ok(r)]
        rng.shuffle(out)
        return out

    cmt = list(cmt_consultations())
    rng.shuffle(cmt)
    guest = [r for r in rows if r.relative_answered and r.header in ("GENHX", "PASTMEDICALHX")]
    rng.shuffle(guest)
    return _Pools(
        allergy=pick("ALLERGY", lambda r: bool(_allergy_items(r))),
        surgical=pick("PASTSURGICAL", lambda r: bool(_surgical_items(r))),
        medications=pick("MEDICATIONS", lambda r: bool(_medication_items(r))),
        family=pick("FAM/SOCHX", lambda r: bool(g.relative_entities(r.section_text))),
        guest=guest,
        general_mts=pick("GENHX", lambda r: True),
        cmt_relative=[c for c in cmt if c.relation],
        cmt_general=[c for c in cmt if not c.relation],
    )


def _in_dialogue(items: list[g.GoldItem], dialogue: str) -> list[g.GoldItem]:
    """Keep gold a reader could only know from the dialogue (it is said there)."""
    judged = g.judge(dialogue)
    return [i for i in items if judged.contains(i)]


def _allergy_items(row: MtsRow) -> list[g.GoldItem]:
    names, _negative = g.allergy_gold(row.section_text)
    return _in_dialogue([g.GoldItem(n, n) for n in sorted(names)], row.dialogue)


def _surgical_items(row: MtsRow) -> list[g.GoldItem]:
    terms = g.surgical_terms(row.section_text)
    return _in_dialogue([g.GoldItem(t) for t in terms], row.dialogue)


def _medication_items(row: MtsRow) -> list[g.GoldItem]:
    return _in_dialogue(g.gold_drugs(row.section_text), row.dialogue)


def _mts_session(row: MtsRow, subject: str, day: date | None, title: str = "") -> HistorySession:
    rel = frozenset(g.relative_entities(row.section_text)) if subject == "mixed" else frozenset()
    return HistorySession(
        external_id=f"mts-{row.row_id}", subject=subject, turns=parse_dialogue(row.dialogue),
        day=day, title=title, source=f"MTS-Dialog {row.row_id} {row.header}",
        relative_items=rel, note=row.section_text,
    )  # fmt: skip


def _nth(pool: list[T], i: int) -> T | None:
    return pool[i % len(pool)] if pool else None


def build_histories(n: int | None = None, seed: int = 7) -> list[History]:
    """n histories (default: one per ACI-Bench train+valid visit), deterministic in seed."""
    rng = random.Random(seed)
    visits = list(aci_visits())
    rng.shuffle(visits)
    pools = _pools(rng)
    out = []
    for i, visit in enumerate(visits[: n if n is not None else len(visits)]):
        out.append(_history(i, visit, pools, random.Random(f"{seed}-{visit.encounter_id}")))
    return out


def _history(i: int, visit: AciVisit, pools: _Pools, rng: random.Random) -> History:
    hist = History(
        patient_id=f"eval-{i + 1:03d}-{visit.encounter_id}", name=visit.first_name.title()
    )
    early, questions = _early_sessions(i, visit, pools)
    start = date(2022, 1, 3) + timedelta(days=rng.randrange(0, 700))
    patient: list[HistorySession] = []
    for k, session in enumerate([*early, _core(visit)]):
        day = start + timedelta(days=30 * k + rng.randrange(-5, 6))
        patient.append(HistorySession(**{**session.__dict__, "day": day}))
    distractors = _distractors(i, pools)
    buckets: list[list[HistorySession]] = [[] for _ in patient]
    for d in distractors:
        # u² skews positions towards the start: more distractors early (MedMemoryBench).
        buckets[int(len(patient) * rng.random() ** 2)].append(d)
    for k, session in enumerate(patient):
        hist.sessions += [*buckets[k], session]
    hist.questions = build_questions(hist, visit, patient, questions)
    return hist


def _core(visit: AciVisit) -> HistorySession:
    return HistorySession(
        external_id=f"aci-{visit.encounter_id}", subject="patient",
        turns=parse_dialogue(visit.dialogue), source=f"ACI-Bench {visit.encounter_id}",
        note=visit.note,
    )  # fmt: skip


def _early_sessions(
    i: int, visit: AciVisit, pools: _Pools
) -> tuple[list[HistorySession], list[tuple[str, MtsRow]]]:
    """Short single-topic MTS exchanges that become the patient's earlier visits."""
    chosen: list[tuple[str, MtsRow]] = []
    if not note_section(visit.note, "ALLERGIES") and (row := _nth(pools.allergy, i)):
        chosen.append(("allergy", row))
    if not note_section(visit.note, "SURGICAL HISTORY") and (row := _nth(pools.surgical, i)):
        chosen.append(("surgical_history", row))
    if i % 2 == 0 and (row := _nth(pools.medications, i // 2)):
        chosen.append(("medications", row))
    return [_mts_session(row, "patient", None) for _, row in chosen], chosen


def _distractors(i: int, pools: _Pools) -> list[HistorySession]:
    out: list[HistorySession] = []
    if row := _nth(pools.family, i):
        out.append(_mts_session(row, "mixed", None))
    if row := _nth(pools.guest, i):
        out.append(_mts_session(row, "relative", None, RELATIVE_HEADER))
    for c in [_nth(pools.cmt_relative, i)] if pools.cmt_relative else []:
        out.append(_cmt_session(c, "relative", RELATIVE_HEADER))
    for k in range(2):
        if c := _nth(pools.cmt_general, 2 * i + k):
            out.append(_cmt_session(c, "general", GENERAL_HEADER))
    if row := _nth(pools.general_mts, i):
        out.append(_mts_session(row, "general", None, GENERAL_HEADER))
    return out


def _cmt_session(c: CmtConsultation, subject: str, title: str) -> HistorySession:
    return HistorySession(
        external_id=f"cmt-{c.consult_id}", subject=subject, turns=c.turns, title=title,
        source=f"CMtMedQA {c.consult_id}",
    )  # fmt: skip


from memory.evaluation.questions import build_questions  # noqa: E402  (questions imports types)
