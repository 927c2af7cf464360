"""The reaction told again in the turns after an allergy belongs to the allergy.

"I broke out in a red itchy rash all over, hives." - "Any swelling of the lips?" -
"No, just the rash, but it was bad." The second "rash" is the same reaction, told
in answer to a question about it; recorded alone it became a skin disease under
the patient's diagnoses ("exanthema - confirmed", issue 30, item 3). A reaction
named in the allergy's own `reaction` slot and said again within a few turns, for
the same person, stays with the allergy and is no condition or symptom record.
A different complaint ("and now a cough") is kept.
Pure: no Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from memory.domain.types import ExtractedFact
from memory.extraction.rules.reactions import is_reaction

_MAX_TURNS = 3  # how long after the allergy the reaction may be told again


def _reactions_told(allergy: ExtractedFact) -> set[str]:
    said = str((allergy.slots or {}).get("reaction") or "")
    return {part.strip().casefold() for part in said.split(",") if part.strip()}


def _retold(fact: ExtractedFact, allergies: Sequence[ExtractedFact]) -> bool:
    if not is_reaction(fact) or fact.assertion == "negated":
        return False
    name = (fact.entity or "").casefold()
    return any(
        a.subject == fact.subject
        and 0 < fact.evidence_turn - a.evidence_turn <= _MAX_TURNS
        and name in _reactions_told(a)
        for a in allergies
    )


def without_retold_reactions(facts: Sequence[ExtractedFact]) -> tuple[ExtractedFact, ...]:
    """The facts without the allergy reactions told again after the allergy."""
    allergies = [f for f in facts if f.safety_kind == "allergy" and f.assertion == "present"]
    if not allergies:
        return tuple(facts)
    dropped = {i for i, f in enumerate(facts) if _retold(f, allergies)}
    if not dropped:
        return tuple(facts)
    return _drop(facts, dropped)


def _drop(facts: Sequence[ExtractedFact], dropped: set[int]) -> tuple[ExtractedFact, ...]:
    """Remove facts keeping every other fact's `causes` pointing at the same facts."""
    new_index: dict[int, int] = {}
    for i in range(len(facts)):
        if i not in dropped:
            new_index[i] = len(new_index)
    out = []
    for i, f in enumerate(facts):
        if i in dropped:
            continue
        causes = tuple(new_index[c] for c in f.causes if c in new_index)
        out.append(f if causes == f.causes else _with_causes(f, causes))
    return tuple(out)


def _with_causes(fact: ExtractedFact, causes: tuple[int, ...]) -> ExtractedFact:
    return replace(fact, causes=causes)
