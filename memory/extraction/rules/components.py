"""The rule extractor's pipeline, declared as data (as spaCy declares its pipes).

RuleExtractor.extract (rules.extractor) reads a session turn by turn and keeps the
discourse: who is talked about, the open question. Everything that finds facts is
listed here, in the order it runs:

1. BUILDERS, over each statement: each reads the sentence context (rules.
   context_types.SentenceCtx) and returns its facts, not knowing the others;
2. SUPPRESSION, once per statement over every builder's findings: what one found
   settles what another's finding means (rules.suppression); the statement's facts
   are then the kept findings in BUILDERS order;
3. SESSION_STEPS, once over the whole session's de-duplicated facts: what needs
   more than one sentence (a dose said after its drug, "change it to ...", a
   reaction told again later).

The order is the output order, and the output order is behaviour: duplicates keep
the first, and causal links point at positions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from memory.domain.types import ExtractedFact
from memory.extraction.rules.allergy_story import without_retold_reactions
from memory.extraction.rules.clinical import (
    extract_conditions,
    extract_events,
    extract_preferences,
    extract_symptoms,
)
from memory.extraction.rules.context_types import SentenceCtx
from memory.extraction.rules.dose_changes import with_changes_of_it
from memory.extraction.rules.dosing import attach_later_doses, with_previous_doses
from memory.extraction.rules.families import with_family_names_resolved
from memory.extraction.rules.interactions import extract_interactions
from memory.extraction.rules.measurements import extract_measurements
from memory.extraction.rules.medications import extract_medications
from memory.extraction.rules.pathology import with_removed_pathology_aged
from memory.extraction.rules.safety import extract_allergies, extract_contraindications
from memory.extraction.rules.scores import with_score_conditions
from memory.extraction.rules.suppression import Found, suppress
from memory.extraction.rules.surgery import extract_surgical_history
from memory.extraction.rules.text import Sentence
from memory.extraction.rules.vaccines import vaccinations

Facts = tuple[ExtractedFact, ...]


@dataclass(frozen=True)
class Statement:
    """One statement as the builders see it, with the two statements it may lean on."""

    ctx: SentenceCtx
    previous: SentenceCtx | None  # the turn's statement before it (a warning split in two)
    named: SentenceCtx | None  # a recent statement that named one metric without its value


@dataclass(frozen=True)
class Builder:
    name: str
    build: Callable[[Statement], list[ExtractedFact]]


@dataclass(frozen=True)
class SessionStep:
    name: str
    run: Callable[[Facts, Sequence[Sentence]], Facts]


def _preferences(s: Statement) -> list[ExtractedFact]:
    # A preference is the patient's (or the caregiver's) own; the doctor's
    # "I prefer you walk daily" is advice.
    return [] if s.ctx.sent.role == "doctor" else extract_preferences(s.ctx)


BUILDERS: tuple[Builder, ...] = (
    Builder("allergies", lambda s: extract_allergies(s.ctx)),
    Builder("contraindications", lambda s: extract_contraindications(s.ctx)),
    Builder("interactions", lambda s: extract_interactions(s.ctx, s.previous)),
    Builder("surgical_history", lambda s: extract_surgical_history(s.ctx)),
    Builder("measurements", lambda s: extract_measurements(s.ctx, s.previous, s.named)),
    Builder("medications", lambda s: extract_medications(s.ctx)),
    Builder("conditions", lambda s: extract_conditions(s.ctx)),
    Builder("symptoms", lambda s: extract_symptoms(s.ctx)),
    Builder("preferences", _preferences),
    Builder("events", lambda s: extract_events(s.ctx)),
    Builder("vaccinations", lambda s: vaccinations(s.ctx)),
)

SUPPRESSION: Callable[[SentenceCtx, Found], dict[str, list[ExtractedFact]]] = suppress

SESSION_STEPS: tuple[SessionStep, ...] = (
    SessionStep("later doses", attach_later_doses),
    SessionStep("previous doses", lambda facts, _: with_previous_doses(facts)),
    SessionStep("changes of it", with_changes_of_it),
    SessionStep("score conditions", with_score_conditions),
    SessionStep("retold reactions", lambda facts, _: without_retold_reactions(facts)),
    SessionStep(
        "removed pathology",
        lambda facts, sentences: with_removed_pathology_aged(facts, [s.text for s in sentences]),
    ),
    SessionStep("family names", lambda facts, _: with_family_names_resolved(facts)),
)


def statement_facts(statement: Statement) -> list[ExtractedFact]:
    """Every builder over the statement, then suppression; in BUILDERS order."""
    found = {b.name: b.build(statement) for b in BUILDERS}
    kept = SUPPRESSION(statement.ctx, found)
    return [f for b in BUILDERS for f in kept[b.name]]


def general_talk_facts(statement: Statement) -> list[ExtractedFact]:
    """A run of general health knowledge (rules.generic) is nobody's fact, except an
    interaction warning: "warfarin with aspirin raises bleeding risk" said to this
    patient is still a warning."""
    found = extract_interactions(statement.ctx, statement.previous)
    return [f for f in found if f.safety_kind == "interaction"]


def session_facts(facts: Facts, sentences: Sequence[Sentence]) -> Facts:
    """The session's facts after every SESSION_STEPS step, in order."""
    for step in SESSION_STEPS:
        facts = step.run(facts, sentences)
    return facts
