"""Gold read from the datasets' reference notes, and the small metrics over it.

Shared by the evaluation (memory/evaluation/gold.py) and the rule-extractor
figures (bench/extraction_dev.py, bench/value_recall.py), so that every figure
speaks of the same gold. Entity names on both sides go through the same
lexicon: a match is a match of canonical names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from memory.domain.types import ExtractedFact, Turn
from memory.extraction.rules.discourse.cues import relative_mentions
from memory.extraction.rules.entities import find_entities, lookup
from memory.extraction.rules.safety import ALLERGEN_EN, speaks_of_allergy

_SPEAKER = re.compile(
    r"^\s*\[?(doctor|patient|guest_family|guest_clinician|patient_\w*)\]?\s*:?\s*", re.I
)
_NEGATIVE_NOTE = re.compile(
    r"no known|nkda|\bnka\b|\bnone\b|\bno\b.{0,30}allerg|denies|no drug|intolerance|"
    r"\bnegative\b|not allergic",
    re.I,
)
# A sentence of a free note that speaks of allergies ("She denies any allergies.",
# "He is allergic to penicillin."); "allergic reaction in the lungs" names none.
_ALLERGY_SENTENCE = re.compile(r"allerg(?!ic reaction in)|\bnkda\b|\bnka\b", re.I)


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

    def __add__(self, other: Ratio) -> Ratio:
        return Ratio(self.hit + other.hit, self.total + other.total)


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
    names |= {canonical(m[0]) for m in ALLERGEN_EN.finditer(text)}
    negative = not names and bool(_NEGATIVE_NOTE.search(section_text))
    return names, negative


def note_allergy_gold(note: str, dialogue: str) -> tuple[set[str], bool]:
    """Allergy gold of a whole note (ACI-Bench visit, an MTS-Dialog row of another
    section): its ALLERGIES section when it has one (an allergen list), else its
    sentences that speak of allergies. Only allergens the dialogue names count (no
    reader of the dialogue could know the others); (gold, negative) as allergy_gold."""
    section = note_sections(note, ("ALLERGIES",)).strip()
    body = section.split("\n", 1)[1] if "\n" in section else ""
    if not body.strip():
        spans = [
            s
            for s in _sentences(note)
            if _ALLERGY_SENTENCE.search(s)
            and speaks_of_allergy(s)
            and not relative_mentions(s, zh=False)
        ]
        if not spans:
            return set(), False
        body = " ".join(spans)
    gold, negative = allergy_gold(body)
    said = drug_names(dialogue) | {canonical(m[0]) for m in ALLERGEN_EN.finditer(dialogue)}
    return gold & said, negative


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
