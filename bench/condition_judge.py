"""How a condition fact is judged against a reference note (issue 30, item 7).

Two definitions, printed side by side by bench/binding_precision.py so a reader
sees what a change of definition gives apart from what a change of the extractor
gives:

- strict: the note's assessment and problem lists name the condition (its
  canonical name or words, bench/binding_precision.py `_named_in`).
- findings: as strict, and also the note's further sections that state the
  patient's own findings (review of systems and examination positives, results,
  impression), matched through the lexicon: its normalisation (a synonym names
  the same canonical entity) and its is-a relation of disease forms
  (lexicon/data/forms.tsv: "type 2 diabetes" is a "diabetes"; a general name in
  the note judges a specific form right, and the other way round; two forms of
  one name never stand for each other). A reference with no list at all (an
  MTS-Dialog row whose only section is the history of present illness) judges
  nothing under this definition: it is counted apart, never as wrong.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memory.evaluation import gold as g
from memory.lexicon.isa import same_condition

FINDING_SECTIONS = (
    "REVIEW OF SYSTEMS",
    "PHYSICAL EXAM",
    "PHYSICAL EXAMINATION",
    "EXAM",
    "RESULTS",
    "IMPRESSION",
)
# A review of systems or an exam states negatives beside positives ("Denies chest
# pain", "No edema"): a piece with a denial word states no finding.
_DENIAL = re.compile(
    r"\b(?:denies|denied|negative|no|not|without|absent|none|normal|unremarkable)\b", re.I
)
_PIECE = re.compile(r"[\n.;]+")


def positives(text: str) -> str:
    """The pieces of a findings section that state something present."""
    return "\n".join(p for p in _PIECE.split(text) if p.strip() and not _DENIAL.search(p))


def related(condition: str, listed: frozenset[str]) -> bool:
    """The list names the condition or a name up or down its is-a relation (never a
    sibling: type 1 diabetes is no type 2 diabetes)."""
    return any(same_condition(condition, name) for name in listed)


def judged_right(
    condition: str, problems: str, findings: str, named_in: Callable[[str, str], bool]
) -> bool:
    """Right under the findings definition: the lists or the stated findings name it."""
    if named_in(condition, problems) or related(condition, g.entities_in(problems)):
        return True
    stated = positives(findings)
    return bool(stated) and (
        named_in(condition, stated) or related(condition, g.entities_in(stated))
    )
