"""A dose change said of the drug just named without naming it again.

"You're on lisinopril 20 mg." - "Let's increase it to 40.", "keep the metoprolol
but double it", "go up to 50 milligrams", "那就加到160毫克吧", "剂量加倍": the
pronoun (or nothing at all) stands for the one drug just spoken of. The change is
a record of its own (status dose_changed, the new dose); the record that stated
the old dose stays as it was, superseded by the chain update (docs/design.md §4).
A change said without a number but as a multiple ("double it", "cut it in half",
减半) takes its number from the dose that record states.
Pure: no Django.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from memory.domain.slots import as_number, measured
from memory.domain.types import ExtractedFact
from memory.extraction.rules.bounded import anchor_of, bound_content
from memory.extraction.rules.context_types import SentenceCtx
from memory.extraction.rules.discourse.agency import deliberates
from memory.extraction.rules.dose_words import UNIT, unit_label
from memory.extraction.rules.entities import Hit, find_entities
from memory.extraction.rules.quantity_kinds import names_no_dose
from memory.extraction.rules.text import Sentence, value_text
from memory.lexicon.cues import cues

# The words live in lexicon/data/cues/doses.tsv and measurements.tsv; the grammar here.
_WORDS = cues("doses")

_VERB = (
    r"increas\w*|rais\w*|bump\w*|up|upp\w*|titrat\w*|decreas\w*|lower\w*|reduc\w*|cut|cutting|"
    r"drop\w*|wean\w*|taper\w*|chang\w*|adjust\w*"
)
_OBJECT = _WORDS.pattern("dose_object", "en", ordered=True)
# The verb acts on a pronoun ("increase it to 40", "bump you up to 50", "cut that back
# to 10", "take it down to 5"), or a change of level stands with no object ("go up
# to 40 milligrams"), or a multiple ("let's double it", "cut it in half").
_CHANGE_EN = re.compile(
    rf"\b(?:{_VERB})\s+{_OBJECT}\s+(?:(?:back\s+)?(?:up|down)\s+)?(?=to\b|by\b)"
    rf"|\b{_WORDS.pattern('dose_carry_verb', 'en')}\s+{_OBJECT}\s+"
    r"(?:back\s+)?(?:up|down)\s+(?=to\b|by\b)"
    rf"|\b{_WORDS.pattern('dose_level_verb', 'en')}\s+"
    r"(?:back\s+)?(?:up|down)\s+(?:on\s+(?:it|that)\s+)?(?=to\b|by\b)"
    rf"|\b(?P<double>doubl\w*)\s+{_OBJECT}\b|\b(?P<halve>halv\w*)\s+{_OBJECT}\b|"
    rf"\bcut\s+{_OBJECT}\s+in\s+half\b",
    re.I,
)
_DOWNWARD = re.compile(
    r"\b(?:down|decreas\w*|lower\w*|reduc\w*|cut\w*|drop\w*|wean\w*|taper\w*)\b", re.I
)
_CHANGE_ZH = re.compile(
    rf"(?P<level>{_WORDS.pattern('change_to_level', 'zh')})"
    r"|(?P<double>加倍|翻倍)|(?P<halve>减半)"
)
# "we won't increase it", "if it stays high we'll go up to 40", "不用加到": no change made.
_NOT_MADE_EN = re.compile(
    r"(?:\b(?:not|never|no need to)|n't)\s+(?:[\w']+\s+){0,3}$|"
    r"\b(?:if|unless|whether|in case)\b[^.;]{0,60}$"
    r"|\b(?:might|may|could)\s+(?:[\w']+\s+){0,3}$",
    re.I,
)
_NOT_MADE_ZH = re.compile(r"(?:不|别|没|如果|要是|万一|假如)[^，。；]{0,8}$")
_DOSE = re.compile(rf"(?<![\d.])(\d+(?:\.\d+)?)\s*({UNIT})(?![A-Za-z])", re.I)
_TO = re.compile(
    r"^\s*(?:to|到|至|为|成)\s*(?:about\s+|like\s+)?(\d+(?:\.\d+)?)"
    rf"(?!\s*{_WORDS.pattern('not_a_change_target')})",
    re.I,
)
_ZH_BARE = re.compile(r"^\s*(\d+(?:\.\d+)?)(?!\s*(?:%|/|天|周|年|个月|次|岁))")
_BY = re.compile(r"^\s*by\s+(\d+(?:\.\d+)?)\s*(" + UNIT + r")?", re.I)


@dataclass(frozen=True)
class Change:
    """A change said: the new dose, or how it follows from the old one."""

    value: str | None  # the new amount when said ("40")
    unit: str | None
    factor: float | None = None  # "double it": 2, "halve it": 0.5
    delta: float | None = None  # "increase it by 10 mg": +10
    start: int = 0  # where the change is said in the text


# A target for a reading, not a dose: "your pressure is high, let's bring it down to
# 130", "get your sugar down to 120", "血压降到130".
_READING_WORDS = re.compile(
    rf"\b{cues('measurements').pattern('reading_target_word', 'en')}\b"
    rf"|{cues('measurements').pattern('reading_target_word', 'zh')}",
    re.I,
)


def change_said(text: str, zh: bool, by_words: bool = True) -> Change | None:
    """The first dose change the text says of an unnamed drug, if any. Said without a
    dose unit, it must not follow a reading named in the text before it (the pronoun
    may then stand for the reading); `by_words=False` leaves that to the caller, who
    knows the old dose (changed_record's step test)."""
    m = (_CHANGE_ZH if zh else _CHANGE_EN).search(text)
    if m is None:
        return None
    if (_NOT_MADE_ZH if zh else _NOT_MADE_EN).search(text[max(0, m.start() - 40) : m.start()]):
        return None
    groups = m.groupdict()
    if groups.get("double"):
        change = Change(None, None, factor=2.0, start=m.start())
    elif groups.get("halve") or (not zh and "half" in m[0].casefold()):
        change = Change(None, None, factor=0.5, start=m.start())
    else:
        change = _amount(value_text(text[m.end() : m.end() + 60], zh), m, zh)
    if (
        by_words
        and change is not None
        and change.unit is None
        and _READING_WORDS.search(text, 0, m.end())
    ):
        return None
    return change


def _amount(rest: str, m: re.Match[str], zh: bool) -> Change | None:
    by = None if zh else _BY.match(rest)
    if by:
        sign = -1.0 if _DOWNWARD.search(m[0]) else 1.0
        return Change(None, by[2], delta=sign * float(by[1]), start=m.start())
    to = (_ZH_BARE if zh else _TO).match(rest)
    if to and names_no_dose(rest[to.end() :]):
        return None  # "降到79公斤", "down to 79 kilos": a weight or a reading, not a dose
    head = rest[: to.end() + 25] if to else rest[:30]
    dose = _DOSE.search(head)
    if dose and (to is None or dose.start() <= to.end()):
        return Change(dose[1], dose[2], start=m.start())
    if to:
        return Change(to[1], None, start=m.start())
    return None


def applied(change: Change, base: ExtractedFact) -> tuple[str, str | None] | None:
    """(new value, unit) of the change applied to the record it changes."""
    if change.value is not None:
        return change.value, change.unit or base.unit
    old = as_number(base.value)
    if old is None:
        return None
    new = old * change.factor if change.factor is not None else old + (change.delta or 0)
    if new <= 0:
        return None
    return f"{as_number(round(new, 3))}", base.unit


# A dose is changed in steps of at most four times or a quarter of the old dose
# (12.5 -> 50 mg, 40 -> 10 mg); "your pressure is 150, let's bring it down to 130"
# after lisinopril 20 mg names a target for the reading, not a dose.
_MAX_STEP = 4.0


def _a_dose_step(old: str | None, new: str) -> bool:
    before, after = as_number(old), as_number(new)
    if before is None or after is None or before <= 0:
        return True
    return 1 / _MAX_STEP <= after / before <= _MAX_STEP


def changed_record(
    base: ExtractedFact, change: Change, said: str, turn: int, zh: bool
) -> ExtractedFact | None:
    """The record of the change: the base record's drug and subject, the new dose, the
    old dose kept in `replaces` and in content; None when the dose stays the same."""
    new = applied(change, base)
    if new is None or (as_number(new[0]) == as_number(base.value) and base.value is not None):
        return None
    if change.unit is None and not _a_dose_step(base.value, new[0]):
        return None
    value, unit = new
    old = f"{base.value} {unit_label(base.unit) or ''}".strip() if base.value else None
    slots = {
        **{k: v for k, v in base.slots.items() if k == "route"},
        **measured(value, unit_label(unit)),
    }
    own = bound_content(base.content, anchor_of(base.content, base.entity), zh, limit=120)
    content = (
        own if said in base.content else f"{own} {bound_content(said, change.start, zh, limit=120)}"
    )
    return replace(
        base,
        status="dose_changed",
        value=value,
        unit=unit,
        slots=slots,
        date=None,
        date_precision="day",
        is_state_change=True,
        replaces=f"{base.entity} {old}" if old else f"{base.entity} previous dose",
        content=content,
        evidence_turn=turn,
        causes=(),
        confidence=0.6,
    )


_DRUG_KINDS = frozenset({"drug", "drug_class"})
_MAX_SENTENCES = 4  # how far after the drug's sentence the change may come
_MAX_TURNS = 3


def with_changes_of_it(
    facts: Sequence[ExtractedFact], sentences: Sequence[Sentence]
) -> tuple[ExtractedFact, ...]:
    """Add the record of each change said in a sentence that names no drug, when the
    last drug sentence before it named exactly one drug."""
    out = list(facts)
    last: tuple[str, int] | None = None  # (the one drug just named, its turn)
    since = 0
    for sent in sentences:
        named = {h.canonical for h in find_entities(sent.text, sent.zh) if h.kind in _DRUG_KINDS}
        if named:
            last = (next(iter(named)), sent.turn) if len(named) == 1 else None
            since = 0
            continue
        since += 1
        if (
            last is None
            or sent.is_question
            or since > _MAX_SENTENCES
            or sent.turn - last[1] > _MAX_TURNS
        ):
            continue
        change = change_said(sent.text, sent.zh, by_words=False)
        if change is not None:
            _add_change(out, last[0], change, sent)
    return tuple(out)


def _add_change(out: list[ExtractedFact], drug: str, change: Change, sent: Sentence) -> None:
    at = _base_index(out, drug, sent.turn)
    if at is None:
        return
    if any(
        f.entity == drug and f.evidence_turn == sent.turn and f.status == "dose_changed"
        for f in out
    ):
        return  # the change is already read (the dose was attached to the drug's record)
    record = changed_record(out[at], change, sent.text, sent.turn, sent.zh)
    if record is None:
        return
    if deliberates(sent.text, sent.zh):
        # "I'm not sure whether I should raise it to 50": a plan or a question.
        record = replace(record, status="planned", is_state_change=False, replaces=None)
    where = max((i for i, f in enumerate(out) if f.evidence_turn <= sent.turn), default=at) + 1
    _insert(out, where, record)


def _base_index(out: list[ExtractedFact], drug: str, turn: int) -> int | None:
    """The latest record of the drug up to this turn that says it is being taken."""
    found = [
        i
        for i, f in enumerate(out)
        if f.type == "medication_status"
        and f.entity == drug
        and f.assertion == "present"
        and f.status in ("active", "dose_changed", "planned")
        and f.evidence_turn <= turn
    ]
    return found[-1] if found else None


def _insert(out: list[ExtractedFact], where: int, record: ExtractedFact) -> None:
    """Insert keeping every other fact's `causes` pointing at the same facts."""
    for i, f in enumerate(out):
        if any(c >= where for c in f.causes):
            out[i] = replace(f, causes=tuple(c + 1 if c >= where else c for c in f.causes))
    out.insert(where, record)


# --------------------------------------------------------------------------- in the drug's sentence

_AFTER = 160  # how far after the drug a change of it may be said in the same sentence
# "... go up to 40 on the atorvastatin": the change is the next drug's.
_NEXT_DRUGS = re.compile(r"\b(?:on|of|with|for)\s+(?:the\s+|your\s+|his\s+|her\s+)?$", re.I)


def sentence_records(
    ctx: SentenceCtx, hit: Hit, fact: ExtractedFact, stop: int, previous: str | None
) -> list[ExtractedFact]:
    """The drug's record with the records its sentence implies beside it:
    - "increase the Lasix from 20 to 60 mg": the 20 mg taken so far is a record of
      its own, before the change (the older record keeps the old dose);
    - "you're on metformin 500 mg ..., let's go up to a thousand": the dose stated is
      the one taken, the change of it is a second record after it."""
    out = [fact]
    if previous and fact.value is not None and fact.status in ("dose_changed", "planned"):
        out.insert(0, _before_change(fact, previous))
    if fact.type != "medication_status" or fact.assertion != "present" or fact.value is None:
        return out
    if fact.status not in ("active", "dose_changed", "planned"):
        return out
    after = ctx.text[hit.end : min(stop, hit.end + _AFTER)]
    change = change_said(after, ctx.zh, by_words=False)
    if change is None or (stop <= hit.end + _AFTER and _NEXT_DRUGS.search(after)):
        return out
    base = fact
    if fact.status == "dose_changed" and not previous:
        # The change cue was the one said after the dose: the dose stated is the old one.
        base = replace(fact, status="active", replaces=None, is_state_change=False)
    record = changed_record(base, change, ctx.text, fact.evidence_turn, ctx.zh)
    if record is None:
        return out
    if base.status == "planned":
        record = replace(record, status="planned", is_state_change=False, replaces=None)
    return [*out[:-1], base, replace(record, content=fact.content, date=fact.date)]


def _before_change(fact: ExtractedFact, previous: str) -> ExtractedFact:
    value, _, unit = previous.partition(" ")
    slots = {k: v for k, v in fact.slots.items() if k == "route"}
    return replace(
        fact,
        status="active",
        value=value,
        unit=unit or fact.unit,
        slots={**slots, **measured(value, unit_label(unit or fact.unit))},
        replaces=None,
        is_state_change=False,
    )
