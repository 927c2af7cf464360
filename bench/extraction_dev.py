"""Rule-extractor figures on the development splits (never the test splits).

Every figure is printed for the tuning part and the check part side by side
(memory/evaluation/splits.py): rules are written from tuning records only; of
the check part only these aggregates are looked at.

Run from the repository root:  .venv/bin/python bench/extraction_dev.py

Definitions (gold is derived from the reference notes written by the datasets'
authors; entity names on both sides go through the same lexicon, so a match is
a match of canonical names):

- Attribution (MTS-Dialog FAM/SOCHX rows, train+validation). A "relative
  context" is a sentence of the reference section_text that names a relative
  ("His mother died of heart disease"). Relative entities = canonical entities
  (diseases, drugs, symptoms) mentioned in such sentences. Among the extracted
  facts whose entity is a relative entity of that row, *attribution accuracy*
  = share whose subject is not "patient" (a family:<relation> subject);
  *exact relation* = share whose subject is family:<that relation>. Row level:
  among rows with at least one such fact, share where none of those facts has
  subject "patient".
- Allergy (MTS-Dialog ALLERGY rows). Gold allergens = drugs, drug classes and
  common allergens (foods, contrast, latex, molds...) named in section_text.
  Rows with no gold allergen and a "no known"/"NKDA"/"none"/"no ... allergies"
  note are negatives. Recall = gold allergens found as safety/allergy facts
  with assertion present; precision = present allergy facts (in positive rows)
  whose entity is a gold allergen; negatives = share of negative rows with no
  present allergy fact.
- Medication-name recall. MTS-Dialog MEDICATIONS rows: gold = drugs the
  lexicon finds in section_text. ACI-Bench train+valid: gold = drugs named in
  the note's MEDICATIONS / ASSESSMENT AND PLAN / PLAN sections that the lexicon
  also finds in the dialogue. Found = a medication_status fact with that entity
  (any status or assertion).
- Content pollution (MTS-Dialog FAM/SOCHX rows): share of patient-subject facts
  whose content still names a relative ("my dad", 我妈 ...). Content is shown as
  the patient's evidence, so this should be 0.
- Content length (ACI-Bench train+valid, every fact): max and p95 of the
  content in characters, and the share longer than 240 characters. Content is
  one sentence keeping the numbers, cut to ~200 characters around the fact in
  long unpunctuated ASR runs (rules.bounded).
- Caregiver sessions (every health fact is a relative's; those where the caregiver
  manages the relative's medicines or readings in the first person, gold
  manages_for_relative, are also counted apart): CMtMedQA
  consultations about a relative, as they are (the caregiver speaks in the
  patient role), and English sessions derived mechanically from MTS-Dialog
  GENHX / PASTMEDICALHX / MEDICATIONS rows (memory/evaluation/caregiver.py: a
  caregiver naming the father or mother once, then pronouns; and a follow-up
  that never names him or her), and MTS-Dialog rows of any section but the
  family history where only a relative answers (Guest_family), put in the
  patient role - those whose words refer to someone (a third person or a
  relation noun: gold.refers_to_someone; 1 tune and 1 check row say neither).
  Attribution = share of facts with an entity stored as the gold says: not
  under the patient, except a caregiver's own first-person statement ("I am
  tired today", 我自己也有高血压: memory/evaluation/gold.py caregiver_own), which
  is the patient's; the session-level gold without that exception is printed
  too. Rows = share of sessions with no relative fact under the patient.
- Speed: sessions per second over the ACI-Bench visits (long, ~5,800 chars), in
  process CPU time (the machine is shared; wall time would measure the neighbours).
"""

from __future__ import annotations

import csv
import sys
import time
from collections.abc import Iterable
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memory.domain.types import ExtractedFact, Turn  # noqa: E402
from memory.evaluation.caregiver import (  # noqa: E402
    follow_up_session,
    named_session,
    relation_for,
    speaks_in_person,
)
from memory.evaluation.notes import (  # noqa: E402  (shared with memory/evaluation)
    Ratio,
    allergy_gold,
    attribution_counts,
    drug_names,
    medication_names,
    note_sections,
    parse_dialogue,
    present_allergies,
    relative_entities,
)
from memory.evaluation.sources import data_dir  # noqa: E402
from memory.evaluation.splits import ACI_SPLITS, MTS_FILES, PARTS  # noqa: E402
from memory.extraction.base import SessionText  # noqa: E402
from memory.extraction.rules import RuleExtractor  # noqa: E402
from memory.extraction.rules.discourse.cues import relative_mentions  # noqa: E402
from memory.extraction.rules.entities import clear_cache  # noqa: E402
from memory.extraction.rules.measurements import (  # noqa: E402
    clear_cache as clear_measurement_cache,
)
from memory.extraction.rules.text import is_chinese  # noqa: E402
from memory.pipeline.warmup import warm_extraction  # noqa: E402

DATA = data_dir()  # MEDGRAPH_EVAL_DATA, else ../shared/data beside the repository
SESSION_DATE = date(2024, 6, 3)


def side(by_part: dict[str, object]) -> str:
    """tune and check figures side by side."""
    return "  |  ".join(f"{part} {by_part[part]}" for part in PARTS if part in by_part)


# --------------------------------------------------------------------------- runs


def _extract(turns: tuple[Turn, ...]) -> tuple[ExtractedFact, ...]:
    return RuleExtractor().extract(SessionText(SESSION_DATE, turns)).extraction.facts


def _mts_rows(*headers: str) -> list[tuple[str, dict[str, str]]]:
    """(part, row) of the MTS-Dialog rows under these section headers."""
    rows: list[tuple[str, dict[str, str]]] = []
    for name, part in MTS_FILES.items():
        with open(DATA / "mts-dialog" / name, encoding="utf-8") as fh:
            rows += [(part, r) for r in csv.DictReader(fh) if r["section_header"] in headers]
    return rows


def attribution_report() -> None:
    counts = {p: [0, 0, 0, 0, 0] for p in PARTS}  # total, nonpatient, exact, rows ok, rows
    for part, row in _mts_rows("FAM/SOCHX"):
        rel = relative_entities(row["section_text"])
        t, n, e = attribution_counts(_extract(parse_dialogue(row["dialogue"])), rel)
        c = counts[part]
        c[0], c[1], c[2] = c[0] + t, c[1] + n, c[2] + e
        if t:
            c[4] += 1
            c[3] += n == t
    print("attribution (FAM/SOCHX facts about relative entities): "
          + side({p: Ratio(c[1], c[0]) for p, c in counts.items()}))  # fmt: skip
    print("  exact relation: " + side({p: Ratio(c[2], c[0]) for p, c in counts.items()}))
    print("  rows with no relative fact attributed to the patient: "
          + side({p: Ratio(c[3], c[4]) for p, c in counts.items()}))  # fmt: skip


_CAREGIVER_HEADERS = ("GENHX", "PASTMEDICALHX", "MEDICATIONS")
# A relative answering: every MTS-Dialog section but the family history (there the
# relative's own "my mother" is someone else again).
ANSWERING_HEADERS = (
    "GENHX", "PASTMEDICALHX", "MEDICATIONS", "ALLERGY", "PASTSURGICAL", "ROS", "CC",
    "IMMUNIZATIONS", "ASSESSMENT", "DIAGNOSIS", "DISPOSITION", "EXAM", "IMAGING", "PLAN",
    "LABS", "PROCEDURES", "EDCOURSE", "OTHER_HISTORY", "GYNHX",
)  # fmt: skip


def caregiver_sessions() -> list[tuple[str, str, tuple[Turn, ...]]]:
    """(part, kind, turns) of every caregiver session of the development data."""
    from memory.evaluation.gold import refers_to_someone
    from memory.evaluation.sources import cmt_consultations

    out = [(c.part, "CMtMedQA", c.turns) for c in cmt_consultations() if c.relation]
    for part, row in _mts_rows(*ANSWERING_HEADERS):
        turns = parse_dialogue(row["dialogue"])
        speakers = {t.speaker for t in turns}
        # (and its words refer to someone: memory.evaluation.gold.refers_to_someone)
        if (
            "guest_family" in speakers
            and "patient" not in speakers
            and refers_to_someone(row["dialogue"])
        ):
            # A relative answering for someone, put in the patient role as in `medgraph eval`.
            out.append((part, "answering", tuple(_as_patient(t) for t in turns)))
    own = [
        (p, r)
        for p, r in _mts_rows(*_CAREGIVER_HEADERS)
        if "guest_" not in r["dialogue"].casefold()
    ]
    for i, (part, row) in enumerate(own):
        turns = tuple(t for t in parse_dialogue(row["dialogue"]) if t.text)
        if not speaks_in_person(turns):
            continue
        relation = relation_for(i)
        out.append((part, "named", named_session(turns, relation)))
        out.append((part, "follow-up", follow_up_session(turns, relation)))
    return out


def _as_patient(t: Turn) -> Turn:
    return Turn(t.index, "patient" if t.speaker == "guest_family" else t.speaker, t.text)


def caregiver_report() -> None:
    """Gold: every fact is the relative's, except the caregiver's own first-person
    statements ("I am tired today", 我自己也有高血压: gold.caregiver_own), which are
    the patient's; the session-level gold (no exception) is printed too."""
    from memory.evaluation.gold import caregiver_own, manages_for_relative

    facts: dict[str, dict[str, Ratio]] = {}
    rows: dict[str, dict[str, Ratio]] = {}
    strict: dict[str, dict[str, Ratio]] = {}
    for part, kind, turns in caregiver_sessions():
        found = [f for f in _extract(turns) if f.entity]
        others = sum(f.subject != "patient" for f in found)
        ok = others + sum(f.subject == "patient" and caregiver_own(f.content) for f in found)
        # Sessions where the caregiver manages the relative's medicines or readings in
        # the first person ("I give him ...", 我给他量...) are also counted apart (issue 29).
        managed = any(manages_for_relative(t.text) for t in turns if t.speaker == "patient")
        for key in (kind, "all", *(("first-person management",) if managed else ())):
            for table, hit in ((facts, ok), (strict, others)):
                table.setdefault(key, {}).setdefault(part, Ratio(0, 0))
                table[key][part] += Ratio(hit, len(found))
            rows.setdefault(key, {}).setdefault(part, Ratio(0, 0))
            rows[key][part] += Ratio(int(ok == len(found)), 1)
    for key in ("all", "CMtMedQA", "answering", "named", "follow-up", "first-person management"):
        if key not in facts:
            continue
        print(f"caregiver sessions ({key}): facts attributed as the gold says: "
              + side(facts[key]))  # fmt: skip
        print(f"  session-level gold (own statements too are the relative's): {side(strict[key])}")
        print(f"  sessions with no relative fact given to the patient: {side(rows[key])}")


def polluted_content(facts: Iterable[ExtractedFact]) -> tuple[int, int]:
    """(patient-subject facts, of which the content names a relative)."""
    own = [f for f in facts if f.subject == "patient"]
    polluted = sum(bool(relative_mentions(f.content, is_chinese(f.content))) for f in own)
    return len(own), polluted


def content_pollution_report() -> None:
    out = {p: Ratio(0, 0) for p in PARTS}
    for part, row in _mts_rows("FAM/SOCHX"):
        n, p = polluted_content(_extract(parse_dialogue(row["dialogue"])))
        out[part] += Ratio(p, n)
    print(f"patient facts whose content names a relative (FAM/SOCHX): {side(out)}")


def allergy_report() -> None:
    recall, precision, negatives = ({p: Ratio(0, 0) for p in PARTS} for _ in range(3))
    for part, row in _mts_rows("ALLERGY"):
        gold, negative = allergy_gold(row["section_text"])
        found = present_allergies(_extract(parse_dialogue(row["dialogue"])))
        if negative:
            negatives[part] += Ratio(int(not found), 1)
        elif gold:
            recall[part] += Ratio(len(gold & found), len(gold))
            precision[part] += Ratio(len(found & gold), len(found))
    print(f"allergy recall: {side(recall)}")
    print(f"  precision: {side(precision)}")
    print(f"  negative rows with no present allergy: {side(negatives)}")


def _taken_names(facts: Iterable[ExtractedFact]) -> set[str]:
    """Drugs recorded as taken (active, dose changed or stopped), not only advised/planned."""
    return {
        f.entity
        for f in facts
        if f.type == "medication_status" and f.entity and f.status != "planned"
    }


def medication_report() -> None:
    mts = {p: Ratio(0, 0) for p in PARTS}
    taken = {p: Ratio(0, 0) for p in PARTS}
    for part, row in _mts_rows("MEDICATIONS"):
        gold = drug_names(row["section_text"])
        if gold:
            facts = _extract(parse_dialogue(row["dialogue"]))
            mts[part] += Ratio(len(gold & medication_names(facts)), len(gold))
            taken[part] += Ratio(len(gold & _taken_names(facts)), len(gold))
    print(f"medication-name recall, MTS-Dialog MEDICATIONS: {side(mts)}")
    # The MEDICATIONS section lists what the patient takes: found as taken, not as a plan.
    print(f"  of them recorded as taken (not planned): {side(taken)}")
    aci = {p: Ratio(0, 0) for p in PARTS}
    taken = {p: Ratio(0, 0) for p in PARTS}
    for part, row in _aci_rows():
        turns = parse_dialogue(row["dialogue"])
        dialogue_drugs = drug_names(" ".join(t.text for t in turns))
        gold = (
            drug_names(note_sections(row["note"], ("MEDICATIONS", "ASSESSMENT AND PLAN", "PLAN")))
            & dialogue_drugs
        )
        facts = _extract(turns)
        aci[part] += Ratio(len(gold & medication_names(facts)), len(gold))
        listed = drug_names(note_sections(row["note"], ("MEDICATIONS",))) & dialogue_drugs
        taken[part] += Ratio(len(listed & _taken_names(facts)), len(listed))
    print(f"medication-name recall, ACI-Bench notes: {side(aci)}")
    print(f"  note MEDICATIONS drugs recorded as taken (not planned): {side(taken)}")


def content_lengths(facts: Iterable[ExtractedFact]) -> list[int]:
    return [len(f.content) for f in facts]


def length_summary(lengths: list[int]) -> tuple[int, int, Ratio]:
    """(max, p95, share of contents longer than 240 characters)."""
    if not lengths:
        return 0, 0, Ratio(0, 0)
    ordered = sorted(lengths)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return ordered[-1], p95, Ratio(sum(n > 240 for n in ordered), len(ordered))


def content_length_report() -> None:
    lengths: list[int] = []
    for _part, row in _aci_rows():
        lengths += content_lengths(_extract(parse_dialogue(row["dialogue"])))
    longest, p95, over = length_summary(lengths)
    print(f"content length, ACI-Bench facts: max {longest}, p95 {p95}; > 240 chars: {over}")


def _aci_rows() -> list[tuple[str, dict[str, str]]]:
    rows: list[tuple[str, dict[str, str]]] = []
    for split, part in ACI_SPLITS.items():
        with open(DATA / "aci-bench" / f"{split}.csv", encoding="utf-8") as fh:
            rows += [(part, r) for r in csv.DictReader(fh)]
    return rows


def _rate(sessions: list[tuple[Turn, ...]]) -> tuple[float, float, float]:
    """(sessions per CPU second, CPU ms each, wall ms each), cold caches."""
    clear_cache()  # measure cold sessions, not sentences cached by the reports above
    clear_measurement_cache()
    started, wall = time.process_time(), time.perf_counter()
    for turns in sessions:
        _extract(turns)
    elapsed = time.process_time() - started
    walled = time.perf_counter() - wall
    return len(sessions) / elapsed, 1000 * elapsed / len(sessions), 1000 * walled / len(sessions)


def speed_report() -> None:
    by_part = {p: [parse_dialogue(r["dialogue"]) for q, r in _aci_rows() if q == p] for p in PARTS}
    warm_extraction()  # what a worker pays once at start, not per session
    rates = {
        p: "{:.1f}/s ({:.1f} ms CPU, {:.1f} ms wall each, n={})".format(*_rate(s), len(s))
        for p, s in by_part.items()
    }
    everything = [t for s in by_part.values() for t in s]
    chars = sum(len(t.text) for turns in everything for t in turns) / len(everything)
    print(f"speed, ACI-Bench sessions per CPU second ({chars:.0f} chars each): {side(rates)}")
    mts = [parse_dialogue(r["dialogue"]) for _p, r in _mts_rows("GENHX")]
    print(f"  MTS-Dialog GENHX sessions: {_rate(mts)[1]:.1f} ms each ({len(mts)} sessions)")


def main() -> None:
    attribution_report()
    caregiver_report()
    content_pollution_report()
    allergy_report()
    medication_report()
    content_length_report()
    speed_report()


if __name__ == "__main__":
    main()
