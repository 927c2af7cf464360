"""Rule-extractor figures on the development splits (never the test splits).

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
- Speed: sessions per second over the ACI-Bench visits (long, ~5,800 chars), in
  process CPU time (the machine is shared; wall time would measure the neighbours).
"""

from __future__ import annotations

import csv
import re
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memory.domain.types import ExtractedFact, Turn  # noqa: E402
from memory.extraction.base import SessionText  # noqa: E402
from memory.extraction.rules import RuleExtractor  # noqa: E402
from memory.extraction.rules.discourse.cues import relative_mentions  # noqa: E402
from memory.extraction.rules.entities import clear_cache, find_entities, lookup  # noqa: E402
from memory.extraction.rules.safety import _ALLERGEN_EN  # noqa: E402
from memory.extraction.rules.text import is_chinese  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
SESSION_DATE = date(2024, 6, 3)
_SPEAKER = re.compile(
    r"^\s*\[?(doctor|patient|guest_family|guest_clinician|patient_\w*)\]?\s*:?\s*", re.I
)
_NEGATIVE_NOTE = re.compile(
    r"no known|nkda|\bnone\b|\bno\b.{0,30}allerg|denies|no drug|intolerance", re.I
)


# --------------------------------------------------------------------------- parsing


def parse_dialogue(text: str) -> tuple[Turn, ...]:
    """'Doctor: ...' / '[patient] ...' lines -> turns; unprefixed lines continue a turn."""
    turns: list[Turn] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        m = _SPEAKER.match(line)
        if m:
            turns.append(Turn(len(turns) + 1, m[1].lower(), line[m.end() :].strip()))
        elif turns:
            last = turns[-1]
            turns[-1] = Turn(last.index, last.speaker, f"{last.text} {line.strip()}")
    return tuple(turns)


def canonical(name: str) -> str:
    entry = lookup(name)
    return entry.canonical if entry is not None else name.strip().casefold()


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+|\n+", text) if s.strip()]


# --------------------------------------------------------------------------- metrics


@dataclass(frozen=True)
class Ratio:
    hit: int
    total: int

    @property
    def value(self) -> float:
        return self.hit / self.total if self.total else 0.0

    def __str__(self) -> str:
        return f"{100 * self.value:.1f}% ({self.hit}/{self.total})"


def relative_entities(section_text: str) -> dict[str, set[str]]:
    """canonical entity -> relations named in the same reference sentence."""
    out: dict[str, set[str]] = {}
    for sentence in _sentences(section_text):
        rels = {r.relation for r in relative_mentions(sentence, zh=False)}
        if not rels:
            continue
        for hit in find_entities(sentence, zh=False):
            if hit.kind in ("disease", "drug", "drug_class", "symptom"):
                out.setdefault(hit.canonical, set()).update(rels)
    return out


def attribution_counts(
    facts: Iterable[ExtractedFact], rel_entities: dict[str, set[str]]
) -> tuple[int, int, int]:
    """(facts about relative entities, of which not patient, of which exact relation)."""
    total = nonpatient = exact = 0
    for f in facts:
        if f.entity is None or f.entity not in rel_entities:
            continue
        total += 1
        nonpatient += f.subject != "patient"
        exact += f.subject.removeprefix("family:") in rel_entities[f.entity]
    return total, nonpatient, exact


def allergy_gold(section_text: str) -> tuple[set[str], bool]:
    """(gold allergens, row is a negative 'no known allergies' row)."""
    # Short notes are allergen lists ("Lamisil, Equagesic, Bactrim."); in longer
    # notes only sentences that speak of allergies/reactions name allergens.
    short = len(section_text) < 120
    spans = [s for s in _sentences(section_text) if short or re.search(r"allerg|reaction", s, re.I)]
    text = " ".join(spans)
    names = {h.canonical for h in find_entities(text, zh=False) if h.kind in ("drug", "drug_class")}
    names |= {canonical(m[0]) for m in _ALLERGEN_EN.finditer(text)}
    negative = not names and bool(_NEGATIVE_NOTE.search(section_text))
    return names, negative


def present_allergies(facts: Iterable[ExtractedFact]) -> set[str]:
    return {
        canonical(f.entity)
        for f in facts
        if f.type == "safety"
        and f.safety_kind == "allergy"
        and f.assertion == "present"
        and f.entity
    }


def medication_names(facts: Iterable[ExtractedFact]) -> set[str]:
    return {f.entity for f in facts if f.type == "medication_status" and f.entity}


def drug_names(text: str) -> set[str]:
    return {h.canonical for h in find_entities(text, zh=False) if h.kind in ("drug", "drug_class")}


def note_sections(note: str, headers: tuple[str, ...]) -> str:
    """Text under the given upper-case headers of an ACI-Bench note."""
    parts = re.split(r"\n(?=[A-Z][A-Z /&]{3,}\n)", "\n" + note)
    keep = [p for p in parts if p.strip().split("\n", 1)[0].strip() in headers]
    return "\n".join(keep)


# --------------------------------------------------------------------------- runs


def _extract(turns: tuple[Turn, ...]) -> tuple[ExtractedFact, ...]:
    return RuleExtractor().extract(SessionText(SESSION_DATE, turns)).extraction.facts


def _mts_rows(header: str) -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    for name in ("MTS-Dialog-TrainingSet.csv", "MTS-Dialog-ValidationSet.csv"):
        with open(DATA / "mts-dialog" / name, encoding="utf-8") as fh:
            rows += [r for r in csv.DictReader(fh) if r["section_header"] == header]
    return rows


def attribution_report() -> None:
    total = nonpatient = exact = rows_ok = rows_n = 0
    for row in _mts_rows("FAM/SOCHX"):
        rel = relative_entities(row["section_text"])
        t, n, e = attribution_counts(_extract(parse_dialogue(row["dialogue"])), rel)
        total, nonpatient, exact = total + t, nonpatient + n, exact + e
        if t:
            rows_n += 1
            rows_ok += n == t
    print(f"attribution (FAM/SOCHX facts about relative entities): {Ratio(nonpatient, total)}")
    print(f"  exact relation: {Ratio(exact, total)}")
    print(f"  rows with no relative fact attributed to the patient: {Ratio(rows_ok, rows_n)}")


def polluted_content(facts: Iterable[ExtractedFact]) -> tuple[int, int]:
    """(patient-subject facts, of which the content names a relative)."""
    own = [f for f in facts if f.subject == "patient"]
    polluted = sum(bool(relative_mentions(f.content, is_chinese(f.content))) for f in own)
    return len(own), polluted


def content_pollution_report() -> None:
    total = polluted = 0
    for row in _mts_rows("FAM/SOCHX"):
        n, p = polluted_content(_extract(parse_dialogue(row["dialogue"])))
        total, polluted = total + n, polluted + p
    print(f"patient facts whose content names a relative (FAM/SOCHX): {Ratio(polluted, total)}")


def allergy_report() -> None:
    tp = gold_n = pred_ok = pred_n = neg_ok = neg_n = 0
    for row in _mts_rows("ALLERGY"):
        gold, negative = allergy_gold(row["section_text"])
        found = present_allergies(_extract(parse_dialogue(row["dialogue"])))
        if negative:
            neg_n += 1
            neg_ok += not found
        elif gold:
            gold_n += len(gold)
            tp += len(gold & found)
            pred_n += len(found)
            pred_ok += len(found & gold)
    print(f"allergy recall: {Ratio(tp, gold_n)}  precision: {Ratio(pred_ok, pred_n)}")
    print(f"  negative rows with no present allergy: {Ratio(neg_ok, neg_n)}")


def medication_report() -> None:
    hit = total = 0
    for row in _mts_rows("MEDICATIONS"):
        gold = drug_names(row["section_text"])
        if gold:
            total += len(gold)
            hit += len(gold & medication_names(_extract(parse_dialogue(row["dialogue"]))))
    print(f"medication-name recall, MTS-Dialog MEDICATIONS: {Ratio(hit, total)}")
    hit = total = 0
    for row in _aci_rows():
        turns = parse_dialogue(row["dialogue"])
        dialogue_drugs = drug_names(" ".join(t.text for t in turns))
        gold = (
            drug_names(note_sections(row["note"], ("MEDICATIONS", "ASSESSMENT AND PLAN", "PLAN")))
            & dialogue_drugs
        )
        total += len(gold)
        hit += len(gold & medication_names(_extract(turns)))
    print(f"medication-name recall, ACI-Bench notes: {Ratio(hit, total)}")


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
    for row in _aci_rows():
        lengths += content_lengths(_extract(parse_dialogue(row["dialogue"])))
    longest, p95, over = length_summary(lengths)
    print(f"content length, ACI-Bench facts: max {longest}, p95 {p95}; > 240 chars: {over}")


def _aci_rows() -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    for name in ("train.csv", "valid.csv"):
        with open(DATA / "aci-bench" / name, encoding="utf-8") as fh:
            rows += list(csv.DictReader(fh))
    return rows


def speed_report() -> None:
    sessions = [parse_dialogue(r["dialogue"]) for r in _aci_rows()]
    _extract(sessions[0])  # load dictionaries once
    clear_cache()  # measure cold sessions, not sentences cached by the reports above
    started = time.process_time()
    for turns in sessions:
        _extract(turns)
    elapsed = time.process_time() - started
    chars = sum(len(t.text) for turns in sessions for t in turns) / len(sessions)
    per = 1000 * elapsed / len(sessions)
    print(
        f"speed: {len(sessions) / elapsed:.1f} ACI-Bench sessions/s "
        f"({per:.1f} ms each, {chars:.0f} chars)"
    )
    mts = [parse_dialogue(r["dialogue"]) for r in _mts_rows("GENHX")]
    clear_cache()
    started = time.process_time()
    for turns in mts:
        _extract(turns)
    per = 1000 * (time.process_time() - started) / len(mts)
    print(f"  MTS-Dialog GENHX sessions: {per:.1f} ms each ({len(mts)} sessions)")


def main() -> None:
    attribution_report()
    content_pollution_report()
    allergy_report()
    medication_report()
    content_length_report()
    speed_report()


if __name__ == "__main__":
    main()
