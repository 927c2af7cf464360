"""Cross-rule suppression: what one builder found settles what another's finding means.

Each fact builder (rules.components.BUILDERS) reads one sentence on its own. Some
of their findings are only true given the others:

- an allergen or a contraindicated drug named in the sentence is not a medication
  in use ("allergic to penicillin" is no penicillin record);
- a drug named as the cause of a reaction is not in use either ("a rash from the
  amoxicillin");
- a drug named in an interaction warning is in use only when it is owned ("your
  lisinopril"); a stop or dose change said with the warning is kept;
- what an allergy did is its reaction (rules.reactions), not a condition or a new
  symptom; once the sentence tells an allergy, its symptoms are that allergy's;
- a vaccine given is history (rules.vaccines), not a planned medication record.

This is the one post-processing component over the builders' findings; it never
reads a cue of its own, only what the builders returned.
"""

from __future__ import annotations

from collections.abc import Mapping

from memory.domain.types import ExtractedFact
from memory.extraction.rules.context_types import SentenceCtx
from memory.extraction.rules.interactions import in_use
from memory.extraction.rules.reactions import (
    is_reaction,
    reaction_causes,
    reaction_context,
    with_reactions,
)
from memory.extraction.rules.safety import speaks_of_allergy
from memory.extraction.rules.vaccines import is_vaccine_record

# What the builders found in one sentence, by builder name (rules.components).
Found = Mapping[str, list[ExtractedFact]]


def suppress(ctx: SentenceCtx, found: Found) -> dict[str, list[ExtractedFact]]:
    """The builders' findings, each list without what another builder's finding
    rules out (the module docstring lists the cases)."""
    kept = {name: list(facts) for name, facts in found.items()}
    kept["allergies"], kept["conditions"], kept["symptoms"] = _reactions_apart(
        ctx, found["allergies"], found["conditions"], found["symptoms"]
    )
    avoided = kept["allergies"] + found["contraindications"]
    kept["medications"] = _medications_in_use(
        ctx, found["medications"], avoided, found["interactions"]
    )
    return _vaccines_given(kept)


def _reactions_apart(
    ctx: SentenceCtx,
    allergies: list[ExtractedFact],
    conditions: list[ExtractedFact],
    symptoms: list[ExtractedFact],
) -> tuple[list[ExtractedFact], list[ExtractedFact], list[ExtractedFact]]:
    """(allergies, conditions, symptoms) once an allergy's reaction is its own: the
    reaction moves into the allergy's slot, and an allergic sentence's symptoms are
    the allergy's, not new ones."""
    allergic = any(f.safety_kind == "allergy" and f.assertion == "present" for f in allergies)
    if not reaction_context(ctx, speaks_of_allergy(ctx.text)):
        return allergies, conditions, [] if allergic else symptoms
    allergies, _ = with_reactions(ctx, allergies, conditions + symptoms)
    allergic = allergic or any(f.safety_kind == "allergy" for f in allergies)

    def kept(f: ExtractedFact) -> bool:
        return not is_reaction(f) and not (allergic and f.type == "symptom")

    return allergies, [f for f in conditions if kept(f)], [f for f in symptoms if kept(f)]


def _medications_in_use(
    ctx: SentenceCtx,
    medications: list[ExtractedFact],
    avoided: list[ExtractedFact],
    warnings: list[ExtractedFact],
) -> list[ExtractedFact]:
    """The medication records that are not an allergen, an avoided drug, a reaction's
    cause, or a warned-about drug the patient was not said to own. An interaction
    warning may name an avoided drug too (a contraindication found with it)."""
    blocked = {f.entity for f in avoided + warnings if f.entity and f.safety_kind != "interaction"}
    blocked |= reaction_causes(ctx)
    if any(f.safety_kind == "interaction" for f in warnings):
        unowned = {h.canonical for h in ctx.hits if not in_use(ctx, h)}
    else:
        unowned = set()
    return [
        f
        for f in medications
        if f.entity not in blocked and not (f.entity in unowned and f.status == "active")
    ]


def _vaccines_given(kept: dict[str, list[ExtractedFact]]) -> dict[str, list[ExtractedFact]]:
    """A vaccine said to be given replaces every other builder's vaccine record."""
    if not kept["vaccinations"]:
        return kept
    return {
        name: facts if name == "vaccinations" else [f for f in facts if not is_vaccine_record(f)]
        for name, facts in kept.items()
    }
