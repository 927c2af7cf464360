"""Subject attribution on stress variants derived mechanically from development records.

memory/evaluation/variants.py rewrites dialogues into forms the tracker's rules
were not written from; the gold of a rewrite is known without reading it. Every
figure is printed for the tuning part and the check part side by side (only the
aggregates of the check part are read).

- English caregiver, singular they: MTS-Dialog GENHX / PASTMEDICALHX /
  MEDICATIONS patient dialogues, the relative named once as "my child", then
  they/them/their. Attribution = share of facts with an entity not stored under
  the patient, except a caregiver's own first-person statement (gold.caregiver_own).
- Chinese caregiver, named once (我爸 ... 他) / never named (她 only): CMtMedQA
  consultations not about a relative, the patient's 我 rewritten. Same measure.
- ACI-Bench visits with the [doctor]/[patient] tags swapped: share of the gold
  list items (the note's current medications and the metadata's known
  conditions said in the dialogue) stored under the patient, before and after
  the swap.

Run from the repository root:  .venv/bin/python bench/stress_variants.py
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memory.domain.types import ExtractedFact, Turn  # noqa: E402
from memory.evaluation import gold as g  # noqa: E402
from memory.evaluation.caregiver import speaks_in_person  # noqa: E402
from memory.evaluation.gold import caregiver_own  # noqa: E402
from memory.evaluation.notes import Ratio, canonical  # noqa: E402
from memory.evaluation.sources import (  # noqa: E402
    aci_visits,
    cmt_consultations,
    mts_rows,
    note_section,
    parse_dialogue,
)
from memory.evaluation.splits import PARTS  # noqa: E402
from memory.evaluation.variants import (  # noqa: E402
    swapped_tags,
    they_session,
    zh_caregiver,
    zh_speaks_in_person,
)
from memory.extraction.base import SessionText  # noqa: E402
from memory.extraction.rules import RuleExtractor  # noqa: E402

_HEADERS = ("GENHX", "PASTMEDICALHX", "MEDICATIONS")
_MED_SECTIONS = ("MEDICATIONS", "CURRENT MEDICATIONS", "ASSESSMENT AND PLAN", "PLAN")


def side(by_part: dict[str, Ratio]) -> str:
    return "  |  ".join(f"{part} {by_part[part]}" for part in PARTS if part in by_part)


def _extract(turns: tuple[Turn, ...]) -> tuple[ExtractedFact, ...]:
    return RuleExtractor().extract(SessionText(date(2024, 6, 3), turns)).extraction.facts


def _relative_facts(sessions: list[tuple[str, tuple[Turn, ...]]]) -> dict[str, Ratio]:
    """Share of facts stored as the gold of a caregiver session says."""
    out = {p: Ratio(0, 0) for p in PARTS}
    for part, turns in sessions:
        found = [f for f in _extract(turns) if f.entity]
        ok = sum(f.subject != "patient" or caregiver_own(f.content) for f in found)
        out[part] += Ratio(ok, len(found))
    return out


def _english(derive: Callable[[tuple[Turn, ...]], tuple[Turn, ...]]) -> dict[str, Ratio]:
    sessions = []
    for row in mts_rows():
        turns = parse_dialogue(row.dialogue)
        if row.header in _HEADERS and not row.relative_answered and speaks_in_person(turns):
            sessions.append((row.part, derive(turns)))
    return _relative_facts(sessions)


def _chinese(name_once: bool) -> dict[str, Ratio]:
    own = [c for c in cmt_consultations() if not c.relation and zh_speaks_in_person(c.turns)]
    sessions = [
        (c.part, zh_caregiver(c.turns, "m" if i % 2 == 0 else "f", name_once))
        for i, c in enumerate(own)
    ]
    return _relative_facts(sessions)


def _kept(facts: tuple[ExtractedFact, ...], item: g.GoldItem) -> bool:
    """A fact about the item is stored under the patient."""
    for f in facts:
        if f.subject != "patient" or not f.entity:
            continue
        if (item.canonical and canonical(f.entity) == item.canonical) or g.judge(f.entity).contains(
            item
        ):
            return True
    return False


def _swapped() -> tuple[dict[str, Ratio], dict[str, Ratio]]:
    before, after = ({p: Ratio(0, 0) for p in PARTS} for _ in range(2))
    for visit in aci_visits():
        turns = parse_dialogue(visit.dialogue)
        judged = g.judge(visit.dialogue)
        meds = g.gold_drugs(g.settled(note_section(visit.note, *_MED_SECTIONS)))
        items = [i for i in [*meds, *g.condition_items(visit.chronic)] if judged.contains(i)]
        for table, tt in ((before, turns), (after, swapped_tags(turns))):
            facts = _extract(tt)
            table[visit.part] += Ratio(sum(_kept(facts, i) for i in items), len(items))
    return before, after


def report() -> None:
    print(f"stress, English caregiver, singular they: {side(_english(they_session))}")
    print(f"stress, Chinese caregiver, named once: {side(_chinese(True))}")
    print(f"stress, Chinese caregiver, never named: {side(_chinese(False))}")
    before, after = _swapped()
    print(f"stress, ACI-Bench list items under the patient, tags as given: {side(before)}")
    print(f"  tags swapped: {side(after)}")


if __name__ == "__main__":
    report()
