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
  entities of note sentences that name a relative), and caregiver sessions in
  which the history's patient speaks, in the patient role, about a relative:
  a CMtMedQA consultation about a relative (我爸/我妈/孩子..., detected on the
  opening turn) as it is; an MTS-Dialog exchange where a relative answers for
  the person examined (Guest_family) with that speaker put in the patient role
  (exchanges where the examined person speaks too are left out: nothing in
  the words would tell the two apart; so are exchanges whose words never refer
  to a third person - "So, it is something simple?" - "Yes, probably a sinus
  infection" is, read as words, the speaker's own); and two English caregiver sessions
  derived mechanically from patient dialogues (memory/evaluation/caregiver.py):
  one that names the father or mother once, then says only he / she, and a
  follow-up that never names him or her. None carries a header or a
  `relative` speaker: whose session it is must be found from the words.
* **General distractors** — CMtMedQA consultations not about a relative and
  MTS-Dialog GENHX exchanges of other people, under "[Health consultation
  record]" and undated, as MedMemoryBench's noise sessions.

Each history belongs to one part of the development data (splits.py): its
core visit's part, and every other session is drawn from records of the same
part, so the check histories show no tuning record.

Distractors are interleaved before patient sessions with a density that falls
over time (slot = floor(P·u²)), so more of them arrive early, as in
MedMemoryBench. Nothing of the core patient's gold comes from a distractor.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TypeVar

from memory.domain.types import Turn
from memory.evaluation import gold as g
from memory.evaluation.caregiver import (
    follow_up_session,
    named_session,
    relation_for,
    speaks_in_person,
)
from memory.evaluation.history_types import History, HistorySession
from memory.evaluation.questions import build_questions
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
from memory.evaluation.splits import PARTS

T = TypeVar("T")
GENERAL_HEADER = "[Health consultation record]"
_CAREGIVER_HEADERS = ("GENHX", "PASTMEDICALHX", "MEDICATIONS")


@dataclass
class _Pools:
    allergy: list[MtsRow]
    surgical: list[MtsRow]
    medications: list[MtsRow]
    family: list[MtsRow]
    guest: list[MtsRow]
    general_mts: list[MtsRow]
    caregiver: list[MtsRow]  # patient dialogues rewritten into caregiver sessions
    cmt_relative: list[CmtConsultation]
    cmt_general: list[CmtConsultation]


def _text(turns: tuple[Turn, ...]) -> str:
    return " ".join(t.text for t in turns)


def _pools(rng: random.Random, part: str) -> _Pools:
    rows = [r for r in mts_rows() if r.part == part and parse_dialogue(r.dialogue)]
    own = [r for r in rows if not r.relative_answered]

    def pick(header: str, ok: Callable[[MtsRow], bool]) -> list[MtsRow]:
        out = [r for r in own if r.header == header and ok(r)]
        rng.shuffle(out)
        return out

    cmt = [c for c in cmt_consultations() if c.part == part]
    rng.shuffle(cmt)
    # Every section but a family history (there the relative's own "my mother" is
    # someone else again): the check part has too few exchanges of any one kind.
    guest = [r for r in rows if _answered_for(r) and r.header != "FAM/SOCHX"]
    rng.shuffle(guest)
    # Filtered after the shuffle, so the seed's draw of every later pool stays as it was.
    guest = [r for r in guest if g.refers_to_someone(r.dialogue)]
    caregiver = [r for r in own if r.header in _CAREGIVER_HEADERS and _has_items(r)]
    rng.shuffle(caregiver)
    return _Pools(
        allergy=pick("ALLERGY", lambda r: bool(_allergy_items(r))),
        surgical=pick("PASTSURGICAL", lambda r: bool(_surgical_items(r))),
        medications=pick("MEDICATIONS", lambda r: bool(_medication_items(r))),
        family=pick("FAM/SOCHX", lambda r: bool(g.relative_entities(r.section_text))),
        guest=guest,
        general_mts=pick("GENHX", lambda r: True),
        caregiver=caregiver,
        cmt_relative=[c for c in cmt if c.relation],
        cmt_general=[c for c in cmt if not c.relation],
    )


def _answered_for(row: MtsRow) -> bool:
    """A relative answers and the person examined never speaks."""
    speakers = {t.speaker for t in parse_dialogue(row.dialogue)}
    return row.relative_answered and "patient" not in speakers


def _has_items(row: MtsRow) -> bool:
    return bool(g.entities_in(row.dialogue)) and speaks_in_person(parse_dialogue(row.dialogue))


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
    """n histories (default: one per ACI-Bench train+valid visit), deterministic in seed.
    Tuning and check histories alternate, so any n reports both parts."""
    rng = random.Random(seed)
    by_part: dict[str, list[AciVisit]] = {}
    for part in PARTS:
        by_part[part] = [v for v in aci_visits() if v.part == part]
        rng.shuffle(by_part[part])
    pools = {part: _pools(rng, part) for part in PARTS}
    order = _alternate(by_part)
    out = []
    for i, visit in enumerate(order[: n if n is not None else len(order)]):
        k = sum(1 for v in order[:i] if v.part == visit.part)  # index inside its part
        hist_rng = random.Random(f"{seed}-{visit.encounter_id}")
        out.append(_history(i, k, visit, pools[visit.part], hist_rng))
    return out


def _alternate(by_part: dict[str, list[AciVisit]]) -> list[AciVisit]:
    """tune, check, tune, check, ... then the rest of the longer part."""
    out: list[AciVisit] = []
    for i in range(max(len(v) for v in by_part.values())):
        out += [visits[i] for visits in by_part.values() if i < len(visits)]
    return out


def _history(i: int, nth: int, visit: AciVisit, pools: _Pools, rng: random.Random) -> History:
    """History number i; nth is its index inside its part (it picks the part's records)."""
    hist = History(
        patient_id=f"eval-{i + 1:03d}-{visit.encounter_id}",
        name=visit.first_name.title(),
        part=visit.part,
    )
    early, questions = _early_sessions(nth, visit, pools)
    start = date(2022, 1, 3) + timedelta(days=rng.randrange(0, 700))
    patient: list[HistorySession] = []
    for k, session in enumerate([*early, _core(visit)]):
        day = start + timedelta(days=30 * k + rng.randrange(-5, 6))
        patient.append(HistorySession(**{**session.__dict__, "day": day}))
    taken = {s.external_id.removeprefix("mts-") for s in early}
    distractors = _distractors(nth, pools, taken)
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


def _distractors(i: int, pools: _Pools, taken: set[str]) -> list[HistorySession]:
    """`taken`: MTS rows already shown as the patient's own visits."""
    out: list[HistorySession] = []
    if row := _nth(pools.family, i):
        out.append(_mts_session(row, "mixed", None))
    if row := _nth(pools.guest, i):
        out.append(_guest_session(row))
    if c := _nth(pools.cmt_relative, i):
        out.append(_cmt_session(c, "relative", ""))
    general = _nth(pools.general_mts, i)
    out += _caregiver_sessions(i, pools, taken | ({general.row_id} if general else set()))
    for k in range(2):
        if c := _nth(pools.cmt_general, 2 * i + k):
            out.append(_cmt_session(c, "general", GENERAL_HEADER))
    if row := _nth(pools.general_mts, i):
        out.append(_mts_session(row, "general", None, GENERAL_HEADER))
    return out


def _guest_session(row: MtsRow) -> HistorySession:
    """The relative who answers stays in the patient role: no speaker label gives it away."""
    turns = tuple(
        Turn(t.index, "patient" if t.speaker == "relative" else t.speaker, t.text)
        for t in parse_dialogue(row.dialogue)
    )
    return HistorySession(**{**_mts_session(row, "relative", None).__dict__, "turns": turns})


_DERIVED = (("named", named_session), ("follow-up", follow_up_session))


def _caregiver_sessions(i: int, pools: _Pools, taken: set[str]) -> list[HistorySession]:
    """A caregiver naming the relative once, then a follow-up that never names him."""
    relation = relation_for(i)
    free = [r for r in pools.caregiver if r.row_id not in taken]
    out: list[HistorySession] = []
    for n, (kind, derive) in enumerate(_DERIVED):
        row = _nth(free, 2 * i + n)
        if row is None:
            continue
        turns = derive(parse_dialogue(row.dialogue), relation)
        out.append(HistorySession(
            external_id=f"care-{kind}-{row.row_id}", subject="relative", turns=turns,
            source=f"MTS-Dialog {row.row_id} {row.header} as caregiver ({kind}, {relation})",
        ))  # fmt: skip
    return out


def _cmt_session(c: CmtConsultation, subject: str, title: str) -> HistorySession:
    return HistorySession(
        external_id=f"cmt-{c.consult_id}", subject=subject, turns=c.turns, title=title,
        source=f"CMtMedQA {c.consult_id}",
    )  # fmt: skip
