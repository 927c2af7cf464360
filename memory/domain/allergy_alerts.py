"""When a recorded allergy or contraindication raises an alert against a drug.

An alert a clinician learns to ignore is worse than none: it hides the one
true alert among the false ones (alert fatigue). So an alert is raised only
where a clinician would want one (issue 29, item 5):
- the safety row holds a present, in-force statement of the patient's own
  (the caller passes only such rows: never a relative's, a denied, suspected
  or clinician-refuted one);
- its substance is specific: a drug, or a class whose members are expected to
  cross-react (penicillins, sulfonamides, NSAIDs). A broad class word
  ("antibiotics", "painkillers", 抗生素) names no substance one reacts to and
  never alone raises an alert against every member;
- the drug is a specific drug the patient takes now (its chain's record in
  force is active or a dose change): a class word is never a medication in
  use, and a stopped or planned drug is not being given;
- the drug and the substance are linked (memory.domain.drug_safety).
The alert names its path, substance → class → drug, so a clinician can judge
it at a glance ("penicillin allergy → penicillins → amoxicillin").
"""

from __future__ import annotations

from dataclasses import dataclass

from memory.domain.drug_safety import CROSS_REACTIVE_CLASSES, Ancestry, SafetyRecord, match_record

# A chain's record in force with one of these statuses is a drug being taken.
IN_USE: tuple[str, ...] = ("active", "dose_changed")
ALERT_KINDS: tuple[str, ...] = ("allergy", "contraindication")


@dataclass(frozen=True)
class Substance:
    name: str  # canonical
    kind: str  # allergy | contraindication
    is_class: bool


@dataclass(frozen=True)
class Drug:
    name: str  # canonical
    is_class: bool
    status: str  # of the chain's record in force


@dataclass(frozen=True)
class AlertPath:
    substance: str
    kind: str
    via: str  # the drug or class linking them
    drug: str
    basis: str  # "same drug" | "class" | "cross-reactive"

    @property
    def class_step(self) -> str:
        """The class linking substance and drug; "" when one of them is itself the link."""
        return "" if self.via in (self.substance, self.drug) else self.via

    @property
    def text(self) -> str:
        """ "penicillin allergy → penicillins → amoxicillin"."""
        steps = [f"{self.substance} {self.kind}", self.class_step, self.drug]
        return " → ".join(s for s in steps if s)


def is_specific(substance: Substance) -> bool:
    """A drug, or a class that reacts as one (penicillins); never a broad class word."""
    if not substance.name.strip():
        return False
    return not substance.is_class or substance.name.casefold() in CROSS_REACTIVE_CLASSES


def alert_path(substance: Substance, drug: Drug, ancestry: Ancestry) -> AlertPath | None:
    """The alert this substance raises against this drug, or None when a clinician
    would not want one."""
    if substance.kind not in ALERT_KINDS or not is_specific(substance):
        return None
    if drug.is_class or drug.status not in IN_USE or not drug.name.strip():
        return None
    found = match_record(drug.name, SafetyRecord(0, substance.kind, substance.name), ancestry)
    if found is None:
        return None
    return AlertPath(substance.name, substance.kind, found.via, drug.name, found.basis)
