"""Value binding precision, lab recall and condition precision of the rule extractor,
tune vs check (issue 30, item 7).

Run from the repository root:  .venv/bin/python bench/binding_precision.py [--misses]

Parts as in bench/value_recall.py (never the test splits): tune = MTS-Dialog
TrainingSet + ACI-Bench train, check = MTS-Dialog ValidationSet + ACI-Bench valid.
Of the check part only these aggregates are printed; --misses prints tune records only
(values bound to another item, labs missed, conditions not on the lists, and the
conditions the lists + findings judge wrong, with the sentences that said them).

Definitions (gold from the reference notes, read by bench/value_recall.py's note tables):

- Value binding precision. The note binds numbers to items: vitals and labs in
  every section of the ACI-Bench note (VITALS, RESULTS, exam sections, and the
  history and plan where they state a reading) and every MTS-Dialog row, and
  doses after their drug in every section (MEDICATIONS, PLAN, ASSESSMENT ...).
  A stored value is judged when the note gives its number (both numbers of a
  blood pressure) to some item and the dialogue says it: it is right when that
  item is the one it is stored under. A dose stored with a number the note
  gives to a vital or lab (a weight read as a dose) is wrong, and so is a
  reading stored with a number the note gives only to a drug.
- Lab recall: the value recall of bench/value_recall.py (enlarged sections),
  restricted to the labs of issue 30 item 2 (eGFR, creatinine, potassium,
  sodium, HbA1c, glucose, total/LDL/HDL cholesterol, triglycerides, ALT, AST,
  TSH, INR).
- Condition precision: present condition facts of the patient, each judged
  against the note's assessment and problem lists (ACI-Bench ASSESSMENT AND
  PLAN, ASSESSMENT, PLAN, IMPRESSION, MEDICAL HISTORY, PAST HISTORY, CHIEF
  COMPLAINT; MTS-Dialog rows ASSESSMENT, DIAGNOSIS, PASTMEDICALHX, CC, whose
  section is that list): right when the list names the condition. Beside it the
  same figure with the history of present illness (ACI-Bench HISTORY OF
  PRESENT ILLNESS, MTS-Dialog GENHX) counted as a problem list too.
- Condition precision, findings (bench/condition_judge.py): the lists, and the
  note's further sections that state the patient's findings (review of systems
  and exam positives, results, impression), matched through the lexicon's
  normalisation and is-a relation of disease forms. A reference with no list
  (an MTS-Dialog history-only row) judges nothing there: its facts are counted
  apart. Of the facts judged wrong so, the number the history of present
  illness states (said, but left off the lists) is printed too.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from condition_judge import FINDING_SECTIONS, judged_right  # noqa: E402
from value_recall import (  # noqa: E402
    _VALUE_SECTIONS_ALL,
    DATA,
    PARTS,
    _extract,
    _rows,
    dialogue_numbers,
    found_doses,
    found_values,
    note_doses,
    note_values,
)

from memory.domain.types import ExtractedFact, Turn  # noqa: E402
from memory.evaluation import gold as g  # noqa: E402
from memory.evaluation.notes import Ratio, note_sections, parse_dialogue  # noqa: E402

LABS = frozenset(
    {
        "egfr", "creatinine", "potassium", "sodium", "hba1c", "blood glucose",
        "total cholesterol", "ldl", "hdl", "triglycerides", "alt", "ast", "tsh", "inr",
    }
)  # fmt: skip
_PROBLEM_SECTIONS = (
    "ASSESSMENT AND PLAN",
    "ASSESSMENT",
    "PLAN",
    "IMPRESSION",
    "MEDICAL HISTORY",
    "PAST HISTORY",
    "CHIEF COMPLAINT",
)
_HPI_SECTIONS = ("HISTORY OF PRESENT ILLNESS",)
_MTS_PROBLEM_ROWS = ("ASSESSMENT", "DIAGNOSIS", "PASTMEDICALHX", "CC")
_MTS_HPI_ROWS = ("GENHX",)


@dataclass
class Tally:
    binding: list[int] = field(default_factory=lambda: [0, 0])
    dose_binding: list[int] = field(default_factory=lambda: [0, 0])
    labs: list[int] = field(default_factory=lambda: [0, 0])
    conditions: list[int] = field(default_factory=lambda: [0, 0])
    conditions_hpi: list[int] = field(default_factory=lambda: [0, 0])
    conditions_findings: list[int] = field(default_factory=lambda: [0, 0])
    no_list: list[int] = field(default_factory=lambda: [0, 0])  # [HPI lacks, facts]
    wrong_in_hpi: list[int] = field(default_factory=lambda: [0, 0])  # [HPI states, wrong]


MISSES: list[str] = []
SHOW = False


def _note(kind: str, what: object, turns: tuple[Turn, ...]) -> None:
    if SHOW:
        MISSES.append(f"{kind}: {what}\n    " + " | ".join(t.text for t in turns)[:600])


# --------------------------------------------------------------------------- binding


def _bindings(values_text: str, doses_text: str, turns: tuple[Turn, ...]) -> dict:
    """number(s) -> the items the note gives them to ("v:" readings, "d:" drugs)."""
    said = dialogue_numbers(turns)
    out: dict[tuple[float, ...], set[str]] = {}
    for item, numbers in note_values(values_text):
        if all(n in said for n in numbers):
            out.setdefault(numbers, set()).add(f"v:{item}")
    for drug, amount in note_doses(doses_text):
        if amount in said:
            out.setdefault((amount,), set()).add(f"d:{drug}")
    return out


def _score_binding(
    facts: tuple[ExtractedFact, ...], bindings: dict, tally: Tally, turns: tuple[Turn, ...]
) -> None:
    stored = [(f"v:{i}", n) for i, n in found_values(facts)]
    stored += [(f"d:{d}", (a,)) for d, a in found_doses(facts)]
    for item, numbers in stored:
        if numbers not in bindings:
            continue  # the note gives this number to nothing: not judged
        ok = item in bindings[numbers]
        acc = tally.dose_binding if item.startswith("d:") else tally.binding
        acc[0] += ok
        acc[1] += 1
        if not ok:
            _note("binding", f"{item} {numbers} note: {sorted(bindings[numbers])}", turns)


def _score_labs(
    facts: tuple[ExtractedFact, ...], values_text: str, tally: Tally, turns: tuple[Turn, ...]
) -> None:
    said = dialogue_numbers(turns)
    gold = {(i, n) for i, n in note_values(values_text) if i in LABS and all(x in said for x in n)}
    found = found_values(facts)
    tally.labs[0] += len(gold & found)
    tally.labs[1] += len(gold)
    if gold - found:
        _note("lab missed", sorted(gold - found), turns)


# --------------------------------------------------------------------------- conditions


def _conditions(facts: tuple[ExtractedFact, ...]) -> set[str]:
    return {
        g.canonical(f.entity)
        for f in facts
        if f.type == "condition"
        and f.subject == "patient"
        and f.assertion == "present"
        and f.entity
    }


def _named_in(condition: str, text: str) -> bool:
    """The list names the condition: its canonical entity, its words (singular or
    plural: "infections" in "frequent urinary infection"), or a listed entity whose
    name holds it ("urinary tract infection" for "infections")."""
    said = text.casefold()
    forms = {condition.casefold(), condition.casefold().removesuffix("s")}
    listed = g.entities_in(text)
    return condition in listed or any(
        form and (form in said or any(form in name.casefold() for name in listed)) for form in forms
    )


def _score_conditions(
    facts: tuple,
    problems: str,
    hpi: str,
    tally: Tally,
    turns: tuple[Turn, ...],
    findings: str = "",
) -> None:
    """Judge each condition against the lists (strict), the lists and the HPI, and
    the lists and the findings sections (bench/condition_judge.py)."""
    note = (problems, hpi, findings)
    for condition in _conditions(facts):
        ok = _named_in(condition, problems)
        tally.conditions[0] += ok
        tally.conditions[1] += 1
        tally.conditions_hpi[0] += ok or _named_in(condition, hpi)
        tally.conditions_hpi[1] += 1
        if not _score_findings(condition, note, tally):
            said = [
                f.content
                for f in facts
                if f.type == "condition"
                and f.entity
                and g.canonical(f.entity) == condition
                and f.subject == "patient"
            ]
            _note("condition wrong (lists + findings)", f"{condition} <- {said[:2]}", ())
        if not ok:
            _note("condition not in the problem list", condition, turns)


def _score_findings(condition: str, note: tuple[str, str, str], tally: Tally) -> bool:
    """Whether the condition is right, or not judged (no list to judge it by)."""
    problems, hpi, findings = note
    if not problems.strip():
        tally.no_list[0] += not _named_in(condition, hpi)
        tally.no_list[1] += 1  # nothing to judge against: counted apart
        return True
    right = judged_right(condition, problems, findings, _named_in)
    tally.conditions_findings[0] += right
    tally.conditions_findings[1] += 1
    if not right:
        tally.wrong_in_hpi[0] += _named_in(condition, hpi)
        tally.wrong_in_hpi[1] += 1
    return right


# --------------------------------------------------------------------------- runs


def _mts(row: dict[str, str], tally: Tally) -> None:
    turns = parse_dialogue(row["dialogue"])
    facts = _extract(turns)
    text = row["section_text"]
    _score_binding(facts, _bindings(text, text, turns), tally, turns)
    _score_labs(facts, text, tally, turns)
    header = row["section_header"]
    if header in _MTS_PROBLEM_ROWS or header in _MTS_HPI_ROWS:
        problems = text if header in _MTS_PROBLEM_ROWS else ""
        _score_conditions(facts, problems, text, tally, turns)


def _aci(row: dict[str, str], tally: Tally) -> None:
    turns = parse_dialogue(row["dialogue"])
    facts = _extract(turns)
    note = row["note"]
    values_text = note_sections(note, _VALUE_SECTIONS_ALL)
    # Every section that states a value binds it (the history states readings too).
    _score_binding(facts, _bindings(note, note, turns), tally, turns)
    _score_labs(facts, values_text, tally, turns)
    problems = note_sections(note, _PROBLEM_SECTIONS)
    hpi = note_sections(note, _HPI_SECTIONS)
    findings = note_sections(note, FINDING_SECTIONS)
    _score_conditions(facts, problems, hpi, tally, turns, findings)


def run_part(mts_file: str, aci_file: str) -> Tally:
    tally = Tally()
    for row in _rows(DATA / "mts-dialog" / mts_file):
        _mts(row, tally)
    for row in _rows(DATA / "aci-bench" / aci_file):
        _aci(row, tally)
    return tally


def _ratio(acc: list[int]) -> str:
    return str(Ratio(acc[0], acc[1])) if acc[1] else "n/a (0/0)"


ROWS = (
    ("value binding precision (readings)", ">= 98%", "binding"),
    ("value binding precision (doses)", ">= 98%", "dose_binding"),
    ("lab recall (issue 30 labs)", ">= 95%", "labs"),
    ("condition precision, problem lists", ">= 90%", "conditions"),
    ("  counting the HPI as a list too", "", "conditions_hpi"),
    ("condition precision, lists + findings", ">= 90%", "conditions_findings"),
    ("  no list: facts not judged, HPI lacks", "", "no_list"),
    ("  judged wrong, the HPI states", "", "wrong_in_hpi"),
)


def main() -> None:
    global SHOW
    if "--misses" in sys.argv:
        SHOW = True  # tuning records only: the check part is read through aggregates
        run_part(*PARTS["tune"])
        print("\n".join(MISSES))
        return
    tallies = {part: run_part(*files) for part, files in PARTS.items()}
    print(f"{'figure':38} {'target':>8}  " + "  ".join(f"{p:>20}" for p in tallies))
    for name, target, key in ROWS:
        cells = [_ratio(getattr(t, key)) for t in tallies.values()]
        print(f"{name:38} {target:>8}  " + "  ".join(f"{c:>20}" for c in cells))


if __name__ == "__main__":
    main()
