"""Which recorded allergies, intolerances and contraindications touch a drug.

A clinician asking "can I give amoxicillin?" must see a penicillin allergy even
though no record names amoxicillin. Matching therefore works on a drug's
*ancestry*: its canonical name followed by every class it belongs to, nearest
first ("amoxicillin" → "penicillins" → "beta-lactam antibiotics" →
"antibiotics"). The caller supplies the ancestry function (the lexicon's), so
this module stays a pure decision over values.

Three ways a record touches a drug:
- same drug: the record names the drug itself;
- class: the record names a class the drug belongs to ("sulfa" → Bactrim), or
  the question names a class that contains the recorded substance ("NSAIDs"
  when the patient reacted to ibuprofen);
- cross-reactive: the record names a sibling drug of a class whose members
  share the hypersensitivity (penicillin → amoxicillin, aspirin → naproxen).
  Only classes where a class-wide reaction is the clinical expectation count;
  two antihypertensives or two antibiotics of different classes do not.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

# Safety kinds that speak about a substance; surgical history does not.
SUBSTANCE_KINDS: frozenset[str] = frozenset({"allergy", "contraindication", "interaction"})

# Classes whose members are expected to cross-react: an allergy or intolerance
# to one member is a caution for every member.
CROSS_REACTIVE_CLASSES: frozenset[str] = frozenset(
    {
        "penicillins",
        "cephalosporins",
        "carbapenems",
        "sulfonamide antibiotics",
        "nsaids",
        "fluoroquinolones",
        "macrolides",
        "tetracyclines",
        "aminoglycosides",
        "ace inhibitors",
        "opioids",
        "local anesthetics",
    }
)

Ancestry = Callable[[str], tuple[str, ...]]


@dataclass(frozen=True)
class SafetyRecord:
    """One recorded safety fact, reduced to what matching needs."""

    fact_id: int
    kind: str  # allergy | contraindication | interaction | surgical_history
    substance: str  # the entity's canonical name, or the surface name if unknown


@dataclass(frozen=True)
class SafetyMatch:
    record: SafetyRecord
    basis: str  # "same drug" | "class" | "cross-reactive"
    via: str  # the drug or class name that links them


def _norm(name: str) -> str:
    return " ".join(name.casefold().split())


def match_record(drug: str, record: SafetyRecord, ancestry: Ancestry) -> SafetyMatch | None:
    """How (if at all) one safety record touches one drug or drug class."""
    if record.kind not in SUBSTANCE_KINDS or not drug.strip() or not record.substance.strip():
        return None
    drug_line = tuple(_norm(n) for n in ancestry(drug)) or (_norm(drug),)
    subst_line = tuple(_norm(n) for n in ancestry(record.substance)) or (_norm(record.substance),)
    if drug_line[0] == subst_line[0]:
        return SafetyMatch(record, "same drug", drug_line[0])
    if subst_line[0] in drug_line[1:]:
        return SafetyMatch(record, "class", subst_line[0])
    if drug_line[0] in subst_line[1:]:
        return SafetyMatch(record, "class", drug_line[0])
    shared = [c for c in drug_line[1:] if c in subst_line[1:] and c in CROSS_REACTIVE_CLASSES]
    if shared:
        return SafetyMatch(record, "cross-reactive", shared[0])
    return None


def safety_matches(
    drug: str, records: Iterable[SafetyRecord], ancestry: Ancestry
) -> list[SafetyMatch]:
    """Every record touching the drug, in the order given (never deduplicated away)."""
    out = []
    for record in records:
        found = match_record(drug, record, ancestry)
        if found is not None:
            out.append(found)
    return out
