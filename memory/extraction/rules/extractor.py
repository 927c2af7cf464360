"""RuleExtractor: the offline default extractor (docs/design.md §2 "embedded default").

One pass over the turns keeps the discourse: it splits each turn into sentences,
keeps the open question frame, resolves each mention's subject and builds each
statement's SentenceCtx. What finds facts is declared in rules.components and run
from here in its order: the builders and their suppression per statement, an
answer's settled items (rules.answers), then, after de-duplication and
within-sentence causal links, the session steps. Output is the paper's Appendix A
shape.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import partial
from time import perf_counter

from memory.domain.dates import find_dates
from memory.domain.types import ExtractedFact, Extraction, Turn
from memory.extraction.base import ExtractionResult, SessionText
from memory.extraction.rules.allergy_scope import self_guess
from memory.extraction.rules.answers import ReadQuestion, answer_facts
from memory.extraction.rules.clauses import segments, split_at_subject_change
from memory.extraction.rules.components import (
    Statement,
    general_talk_facts,
    session_facts,
    statement_facts,
)
from memory.extraction.rules.context_types import Frame, SentenceCtx
from memory.extraction.rules.discourse.coordination import coordinated_relatives, shared
from memory.extraction.rules.discourse.cues import relative_mentions
from memory.extraction.rules.discourse.roles import with_roles_read
from memory.extraction.rules.discourse.tracker import SubjectTracker
from memory.extraction.rules.entities import find_entities
from memory.extraction.rules.generic import pieces
from memory.extraction.rules.measurements import has_measurement, names_one_metric_unvalued
from memory.extraction.rules.qa import follow_up, frame_active, frame_of
from memory.extraction.rules.safety import _ALLERGY_CUE, extract_allergies
from memory.extraction.rules.text import Sentence, speaker_role, split_sentences, value_text
from memory.lexicon.cues import cues

_ACKNOWLEDGES = re.compile(
    rf"^\W*{cues('answers').pattern('acknowledgement', ordered=True)}\W*$", re.I
)
_CAUSAL = re.compile(
    r"\b(?:so|because|due to|since|therefore|caused|after)\b|所以|因为|导致|引起|因此", re.I
)
_EFFECT_TYPES = frozenset({"medication_status", "condition", "event"})
_CAUSE_TYPES = frozenset({"vital", "lab_result", "symptom", "safety"})


@dataclass
class _State:
    """What carries from one sentence to the next: the open question and who is
    being talked about (rules.discourse)."""

    subjects: SubjectTracker
    frame: Frame | None = None
    # The last statement that named one metric without its value, and its turn.
    named: tuple[SentenceCtx, int] | None = None

    def related(self) -> _State:
        """A scratch state for re-reading a question: same discourse, no side effects."""
        return _State(self.subjects.scratch())


@dataclass(frozen=True)
class _Tagged:
    fact: ExtractedFact
    sentence_key: tuple[int, int]
    causal: bool


class RuleExtractor:
    """Extractor Protocol implementation; deterministic, offline, ~ms per session."""

    name = "rules"
    model = "rules-v1"
    prompt_version = ""

    def extract(self, session: SessionText) -> ExtractionResult:
        started = perf_counter()
        # Tags swapped by speech recognition are read from what each speaker does.
        session = replace(session, turns=with_roles_read(session.turns))
        tracker = SubjectTracker.for_session(session.title, session.turns)
        facts = extract_facts(session, tracker)
        subject = tracker.session_subject(facts, session.turns)
        extraction = Extraction(session_subject=subject, facts=facts)
        return ExtractionResult(
            extraction=extraction,
            extractor=self.name,
            model=self.model,
            prompt_version=self.prompt_version,
            duration_ms=(perf_counter() - started) * 1000,
        )


def extract_facts(
    session: SessionText, tracker: SubjectTracker | None = None
) -> tuple[ExtractedFact, ...]:
    state = _State(tracker or SubjectTracker.for_session(session.title, session.turns))
    tagged: list[_Tagged] = []
    # Each turn is cut into sentences once: the fact pass and the later-dose pass read the same.
    split = [
        (turn, split_sentences(turn.index, speaker_role(turn.speaker), turn.text))
        for turn in session.turns
    ]
    for turn, sentences in split:
        tagged.extend(_turn_facts(turn, sentences, session, state))
    every = [sent for _, sentences in split for sent in sentences]
    return session_facts(_finalize(tagged), every)


def _turn_facts(
    turn: Turn, sentences: list[Sentence], session: SessionText, state: _State
) -> list[_Tagged]:
    role = speaker_role(turn.speaker)
    frame = state.frame if frame_active(state.frame, turn.index) else None
    state.subjects.begin_turn(turn.index, role)
    out: list[_Tagged] = []
    asked: Frame | None = None
    previous: SentenceCtx | None = None  # the turn's last statement (split warnings)
    for number, (sent, generic) in enumerate(_pieces(sentences)):
        key = (turn.index, number)
        if sent.is_question:
            asked = _read_question(sent, role, state, asked)
            out.extend(_Tagged(f, key, False) for f in _question_facts(sent, session, state))
            continue
        ctx = _context(sent, session, state, frame)
        statement = Statement(ctx, previous, _named(state, turn.index))
        if generic:
            facts = general_talk_facts(statement)
        else:
            facts = statement_facts(statement)
            _note_named(state, ctx, turn.index, facts)
            facts = _with_coordinated(ctx, facts)
        previous = ctx
        if number == 0 and frame is not None:
            facts = facts + answer_facts(frame, ctx, _reader(session, state, frame), facts)
        asked = _list_opened(facts, frame, sent, role) or asked
        causal = bool(_CAUSAL.search(sent.text))
        out.extend(_Tagged(f, key, causal) for f in facts)
    if asked is not None:
        state.frame = asked
    elif frame is not None and role == "doctor" and _ACKNOWLEDGES.match(turn.text):
        # "Okay." between two parts of the patient's answer keeps the question open.
        state.frame = replace(frame, turn=turn.index)
    return out


def _read_question(sent: Sentence, role: str, state: _State, asked: Frame | None) -> Frame:
    """The frame a question opens, and who it is about (the subject tracker)."""
    kinds = frozenset(h.kind for h in find_entities(sent.text, sent.zh))
    state.subjects.read_question(sent, relative_mentions(sent.text, sent.zh), bool(kinds))
    said = replace(frame_of(sent.text, sent.turn), role=role)
    return follow_up(said, asked or state.frame, kinds)


def _list_opened(
    facts: list[ExtractedFact], frame: Frame | None, sent: Sentence, role: str
) -> Frame | None:
    """A statement that starts a list the next turn may go on with."""
    if any(f.safety_kind == "allergy" and f.assertion == "present" for f in facts):
        # A stated allergy list may go on in the next turn ("Yeah, and Dilatrate").
        return Frame("allergy", sent.turn, sent.text, True, stated=True, role=role)
    if (
        frame is not None
        and frame.topic == "surgery"
        and any(f.safety_kind == "surgical_history" for f in facts)
    ):
        # So may a list of operations ("... removed half of my pancreas." -
        # "Okay." - "And knee surgery too"): a missed one is a missed safety fact.
        return Frame("surgery", sent.turn, sent.text, True, stated=True, role=role)
    return None


def _with_coordinated(ctx: SentenceCtx, facts: list[ExtractedFact]) -> list[ExtractedFact]:
    """ "My husband and I both have high blood pressure": the fact is each one's."""
    if ctx.sent.role != "patient" or not facts or not ctx.rels:
        return facts
    both = coordinated_relatives(ctx.sent.text, ctx.sent.zh, ctx.rels)
    return shared(facts, ("patient", *both)) if both else facts


# A reading said by what it is ("your reading says 120") is read as the metric last
# named within this many turns before it.
_NAMED_TURNS = 3


def _named(state: _State, turn: int) -> SentenceCtx | None:
    if state.named is None or turn - state.named[1] > _NAMED_TURNS:
        return None
    return state.named[0]


def _note_named(state: _State, ctx: SentenceCtx, turn: int, facts: list[ExtractedFact]) -> None:
    if any(f.type in ("vital", "lab_result") for f in facts):
        state.named = None  # a value was said: a later bare number is not the named one's
    elif names_one_metric_unvalued(ctx):
        state.named = (ctx, turn)


def _context(
    sent: Sentence, session: SessionText, state: _State, frame: Frame | None
) -> SentenceCtx:
    rels = relative_mentions(sent.text, sent.zh)
    spans = segments(sent.text, sent.zh, rels)
    family_frame = frame is not None and frame.topic == "family"
    # A relation word is never a clinical entity ("my daughters" is no MeSH "nuclear family").
    hits = tuple(
        h
        for h in find_entities(sent.text, sent.zh)
        if all(h.end <= r.start or h.start >= r.end for r in rels)
    )
    subject_at = state.subjects.read(sent, rels, spans, family_frame, bool(hits))
    norm = value_text(sent.text, sent.zh)
    dates = tuple(find_dates(sent.text, session.date))
    return SentenceCtx(sent, norm, hits, dates, frame, subject_at, session.date, tuple(rels), spans)


def _pieces(whole: list[Sentence]) -> list[tuple[Sentence, bool]]:
    """Sentences of the turn, each cut into general-knowledge and ordinary runs
    (rules.generic); questions stay whole."""
    out: list[tuple[Sentence, bool]] = []
    for sent in (part for s in whole for part in split_at_subject_change(s)):
        if sent.is_question:
            out.append((sent, False))
            continue
        measured = partial(has_measurement, zh=sent.zh)
        out.extend((p.sent, p.generic) for p in pieces(sent, measured))
    return out


def _reader(session: SessionText, state: _State, frame: Frame) -> ReadQuestion:
    """Reads the question an answer settles, leaving the discourse as it is."""
    return lambda question: _context(question, session, state.related(), frame)


_KNOWN_IN_QUESTION = re.compile(
    r"\b(?:besides|other than|apart from|except(?: for)?|in addition to)\b|除了", re.I
)


def _question_facts(sent: Sentence, session: SessionText, state: _State) -> list[ExtractedFact]:
    """ "Any other allergies besides penicillin?" presupposes the penicillin allergy;
    the patient's "是不是对化妆品过敏了？" tells a suspected one."""
    guess = sent.role != "doctor" and self_guess(sent.text, sent.zh)
    if not (guess or (_ALLERGY_CUE.search(sent.text) and _KNOWN_IN_QUESTION.search(sent.text))):
        return []
    stated = Sentence(sent.turn, sent.role, sent.text, sent.start, False, sent.zh)
    facts = extract_allergies(_context(stated, session, state, None))
    if guess:  # a guess asked is a suspicion whatever its wording, never a denial
        told = ("present", "hypothetical")
        return [replace(f, assertion="hypothetical") for f in facts if f.assertion in told]
    return [f for f in facts if f.assertion == "present"]


def _key(f: ExtractedFact) -> tuple[object, ...]:
    return (f.type, f.subject, f.entity, f.status, f.value, f.assertion, f.safety_kind)


def _finalize(tagged: list[_Tagged]) -> tuple[ExtractedFact, ...]:
    """Drop 'none' subjects and duplicates; link causes inside causal sentences."""
    kept: list[_Tagged] = []
    seen: set[tuple[object, ...]] = set()
    for item in tagged:
        key = _key(item.fact)
        if item.fact.subject == "none" or key in seen:
            continue
        seen.add(key)
        kept.append(item)
    out: list[ExtractedFact] = []
    for item in kept:
        fact = item.fact
        if item.causal and fact.type in _EFFECT_TYPES:
            causes = tuple(
                i
                for i, other in enumerate(kept)
                if other.sentence_key == item.sentence_key
                and other.fact.type in _CAUSE_TYPES
                and other.fact.subject == fact.subject
            )
            fact = replace(fact, causes=causes)
        out.append(fact)
    return tuple(out)
