"""The subject tracker: whose body each mention of one session concerns.

The clinical reason: "my father takes indapamide" must never become the
patient's drug, and a caregiver who names the father once and then says only
"he", "his", 他, 老人家 for the rest of the session must not hand the
father's readings to the patient. One SubjectTracker per session keeps the
running state of who is being talked about; a mention is resolved from the
strongest cue the words give, in this order:

1. a relation noun governing it ("my dad's pressure", "your wife has", 我妈):
   the nearest before it unless a first person comes between, else the first
   after it (cues.subject_for); in a sentence joining two people, the
   mention's own clause decides (clauses.segments);
2. the nearest personal marker before it (else the first after it):
   - the speaker's first person: the patient speaker -> the patient (a
     caregiver's "I take aspirin myself" is the patient's); a relative speaker
     -> himself when the session is about him, else the patient he answers
     for; a caregiver speaker marked by the import -> himself (other:caregiver,
     or the relative he says he is), never the patient; in a session about a
     relative, or from a caregiver speaker, an "I" that manages the medicines
     or readings of the one cared for ("I increased the metformin", 我每天量血压:
     discourse.agency) is no cue; the doctor's "I"/"we" is nobody; an "I" that is the agent of care
     ("I gave ibuprofen", "I had him take", 我给吃了, 我让他服用) or states a
     stance ("I agree", "what should I do", 我明白了) is no cue at all;
   - the doctor's second person -> whom the doctor addresses: the patient, or
     the focus relative who just spoke ("your dad" is a relation noun, rule 1);
     in a session about a relative, the person the caregiver last spoke of;
   - a third person -> the most recent relative of a fitting gender
     (`_antecedent`); a clinician named more recently ("my pcp ... she
     increased the meds") makes a "he"/"she" no cue at all (but "has him on"
     is still the relative's, and so is a he/she in reported speech: "the
     doctors told me he ...", discourse.reported); a plural "they" / 他们 ->
     the relatives just named (discourse.antecedents);
3. no cue: the answer to a family-history question -> a relative; a Chinese
   clause without subject inside the turn that named a relative (zero
   anaphora) -> that relative; in a session about a relative, the relative
   the talk was last about, and never the patient by default (a relative's
   fact in the patient's memory is a clinical defect, a caregiver's unmarked
   aside left out the lesser harm); else the patient.

A third person nobody was named for. The patient speaker refers to himself as
I/me/我, so his own he/him/她 can never be the patient: with no antecedent it
is an unnamed relative ("this week I had him take the higher dose" in a
follow-up that never names the father -> family:relative), and it becomes the
antecedent of the doctor's next "he"/"his". The doctor's he/she, by
contrast, is often the doctor dictating about the patient ("he reports chest
pain"), so without a relative spoken of in the last two turns, or a session
focus, it stays the patient's. A relative speaker's he/she is the patient he
answers for (MTS-Dialog Guest_family). So a relative's facts never become
the patient's for lack of a name; the cost is that a patient's fact said
under a stranger's pronoun is filed under a relative, never the reverse.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from memory.domain.types import ExtractedFact, Turn
from memory.extraction.rules.clauses import Span, opener_of
from memory.extraction.rules.discourse.agency import manages_for_other
from memory.extraction.rules.discourse.antecedents import Antecedent, plural_subject
from memory.extraction.rules.discourse.cues import (
    ZH_HE,
    ZH_SHE,
    Marker,
    RelMention,
    fits,
    person_markers,
    self_marked,
    subject_for,
)
from memory.extraction.rules.discourse.focus import GENERIC_OF, Focus, session_focus
from memory.extraction.rules.discourse.framing import (
    birth_history,
    outranked_me,
    self_identifies,
    vocative_parent,
)
from memory.extraction.rules.discourse.others import third_parties, turns_back
from memory.extraction.rules.discourse.persons import clinician_mentions
from memory.extraction.rules.discourse.reported import reported_at
from memory.extraction.rules.discourse.session import session_subject
from memory.extraction.rules.discourse.stance import turns_to_listener
from memory.extraction.rules.text import ANSWERING_ROLES, Sentence

_THIRD_PERSON = re.compile(rf"\b(?:he|she|they|his|her|him|them|their)\b|{ZH_HE}|{ZH_SHE}", re.I)
_OWN_OWNERS = frozenset({"my", "我", "我的", "我家"})
_EN_PLURAL = re.compile(r"\b(?:they|them|their|they're|they've)\b", re.I)
_ZH_THIRD = re.compile(rf"{ZH_HE}|{ZH_SHE}")
_ZH_PLURAL = re.compile(r"他们|她们")
# The speaker insisting on his own body ("my own pressure is up", 我自己也…).
_OWN_BODY = re.compile(r"\bmy own\b|\bmyself\b|\bme too\b|我自己|本人|我也", re.I)
# ... turning the talk to himself, away from the relative just spoken of ("I'll remind
# him. Second, my own numbers: ...", 再说我自己的情况): a possessive "my own" or an
# announced change of topic. An aside ("I am tired myself", 我自己也很累) or the
# additive "me too" / 我也 speaks of both and leaves the talk on the relative.
_OWN_APART = re.compile(
    r"\bmy own\b|\bas for (?:me|myself)\b"
    r"|\b(?:now|next|second(?:ly)?|then)\s*,?\s*(?:about\s+|for\s+)?me\b"
    r"|我自己的|至于我|再说我|说说我|轮到我",
    re.I,
)
# The doctor's he/she reaches back this many turns for a relative (else: the patient).
DOCTOR_REACH = 2
# A caregiver marked by the import who never said who he is: his own body is his,
# never the patient's ("I have asthma myself" from a child's mother).
CAREGIVER_SELF = "other:caregiver"
_YOUR = frozenset({"your", "您的", "你的", "您", "你"})


@dataclass
class SubjectTracker:
    focus: Focus
    turn: int = 0
    role: str = "patient"
    addressee: str = "patient"  # whom the doctor's "you" means
    topic: str = "patient"  # focus sessions: whom the talk is about right now
    carry: str | None = None  # Chinese zero anaphora: the relative of this turn
    carry_turn: int = 0
    recent: list[Antecedent] = field(default_factory=list)
    clinician_turn: int = -1
    listener: str = "patient"  # role of the last one to speak to the doctor
    turn_other: bool = False  # the caregiver's current turn spoke of someone else
    turn_own: bool = False  # ... and set his own body apart ("my own", 我自己)
    # The doctor turned to the caregiver himself ("And how are you doing with the
    # amlodipine?", 您自己呢), or he to himself ("Second, my own numbers: ..."): the
    # talk is his until a relative is spoken of again.
    on_listener: bool = False

    @classmethod
    def for_session(cls, title: str, turns: Sequence[Turn]) -> SubjectTracker:
        focus = session_focus(title, turns)
        return cls(focus=focus, topic=focus.subject or "patient")

    def scratch(self) -> SubjectTracker:
        """A copy for re-reading an earlier question: it leaves this state alone."""
        return replace(self, recent=list(self.recent))

    def begin_turn(self, turn: int, role: str) -> None:
        if self.focus.active and role == "doctor" and self.role in ("patient", "other"):
            # A caregiver is addressed as "you", but in a consultation about his
            # child "建议您少食多餐" is the child's diet: the doctor's "you" goes to
            # whom the caregiver last spoke of - himself ("I take aspirin myself")
            # or the relative. Himself only when his turn set himself apart ("my
            # own", "myself", 我自己, 我也) and spoke of nobody else: after a turn
            # about both ("我妈血压高，我也有点高") or a bare "I", "您" is uncertain
            # and goes to the relative - a relative's fact in the patient's memory
            # is the worse error.
            self.addressee = self.topic
            mine = self.turn_own or self.on_listener
            if self.topic == "patient" and (self.turn_other or not mine):
                self.addressee = self.focus.subject or "patient"
        elif self.focus.active and role != "doctor":
            # The doctor's next "you" means whoever spoke last (the son, or his father).
            self.addressee = self._first_person(role) or "patient"
        if role != "doctor":
            self.turn_other = self.turn_own = False
            self.listener = role
        self.turn, self.role = turn, role

    # ------------------------------------------------------------------ reading

    def read(
        self,
        sent: Sentence,
        rels: Sequence[RelMention],
        spans: tuple[Span, ...],
        family: bool,
        clinical: bool = True,
    ) -> Callable[[int], str]:
        """subject_at(offset) for a statement; the state moves on past it.
        `clinical`: the sentence names a clinical item."""
        resolve = _Resolution(self, sent, tuple(rels), spans, family)
        self._advance(sent, resolve, clinical)
        return resolve.subject_at

    def read_question(
        self, sent: Sentence, rels: Sequence[RelMention], clinical: bool = True
    ) -> None:
        """A question names people too ("Is he less dizzy?" - "Much better.")."""
        if self.focus.active and sent.role == "doctor" and turns_to_listener(sent.text, sent.zh):
            self.addressee = self.topic = "patient"
            self.on_listener = True
        self._advance(sent, _Resolution(self, sent, tuple(rels), (), False), clinical)

    def _advance(self, sent: Sentence, res: _Resolution, clinical: bool = True) -> None:
        for r in res.rels:
            self.recent.append(Antecedent(res.person_of(r), r.relation, "", sent.turn, r.plural))
        self.recent.extend(res.other_antecedents(len(sent.text)))
        for m in res.markers:
            if m.person == "third" and res.third(m) == "family:relative" and not res.rels:
                # An unnamed someone the patient speaker spoke of: the doctor's next he.
                self.recent.append(Antecedent("family:relative", "relative", m.gender, sent.turn))
        if clinician_mentions(sent.text):
            self.clinician_turn = sent.turn
        del self.recent[:-8]
        self._update_carry(sent, res)
        if self.on_listener and (res.rels or any(m.person == "third" for m in res.markers)):
            self.on_listener = False  # a relative is spoken of again
        if sent.role != "doctor":
            other = bool(res.rels) or any(m.person == "third" for m in res.markers)
            if self.focus.active and not other and _OWN_APART.search(sent.text):
                # He turned to himself, as when the doctor turns to him: the talk is
                # his until a relative is spoken of again.
                self.turn_other = False
                self.on_listener = True
            self.turn_other |= other
            self.turn_own |= bool(_OWN_BODY.search(sent.text))
        if self.focus.active and not self.focus.exclusive:
            last = res.last_subject()
            # A caregiver's thanks or request about himself that names no clinical
            # item ("这些对我很有帮助", "can I call you again?") leaves the talk on the
            # relative: the doctor's next "您" is still about the relative.
            own = clinical or bool(_OWN_BODY.search(sent.text))
            if last is not None and (own or last != "patient"):
                self.topic = last

    def _update_carry(self, sent: Sentence, res: _Resolution) -> None:
        if not sent.zh:
            return
        if res.rels:
            subject = res.subject_at(res.rels[-1].end)
            self.carry = subject if subject.startswith("family:") else None
            self.carry_turn = sent.turn
        elif self.carry_turn != sent.turn and not _ZH_THIRD.search(sent.text):
            self.carry = None  # zero anaphora reaches only within the relative's turn
        elif self_marked(sent.text, True) and not _ZH_THIRD.search(sent.text):
            self.carry = None

    # ------------------------------------------------------------------ persons

    def _first_person(self, role: str) -> str | None:
        """Whose "I" a speaker's first person is; None for the doctor."""
        if role in ("patient", "other"):
            return "patient"
        if role == "relative":
            return self.focus.speaker or self.focus.subject or "patient"
        if role == "caregiver":
            return self.focus.speaker or CAREGIVER_SELF
        return None

    def fit(self, subject: str) -> str:
        """A generic relation word naming the focus person is that person ("孩子" in a
        session about the son); under a harness header nobody is the patient."""
        focus = self.focus.subject
        if focus is not None and focus in GENERIC_OF.get(subject, ()):
            return focus
        if subject == "family:relative" and focus is not None and self.focus.active:
            return focus
        if self.focus.exclusive and subject == "patient":
            return focus  # type: ignore[return-value]
        return subject

    # ------------------------------------------------------------------ session

    def session_subject(self, facts: Sequence[ExtractedFact], turns: Sequence[Turn]) -> str:
        """patient | family:<relation> | mixed | none (discourse.session)."""
        return session_subject(self.focus.subject, facts, turns)


class _Resolution:
    """One sentence read against the tracker's state as it was before it."""

    def __init__(
        self,
        tracker: SubjectTracker,
        sent: Sentence,
        rels: tuple[RelMention, ...],
        spans: tuple[Span, ...],
        family: bool,
    ) -> None:
        self.t, self.sent, self.spans, self.family = tracker, sent, spans, family
        self.role = sent.role
        self.rels = tuple(r for r in rels if not self._names_no_one(r))
        self.recent = tuple(tracker.recent)
        self.topic, self.addressee = tracker.topic, tracker.addressee
        self.carry = None if self.rels else tracker.carry
        self.carry_turn = tracker.carry_turn
        self.clinician_turn = tracker.clinician_turn
        self.markers = self._markers()
        self.clinicians = clinician_mentions(sent.text)
        self.others = third_parties(sent.text, sent.zh)

    def _markers(self) -> list[Marker]:
        """Personal markers, less a caregiver's "I" that manages the relative's medicines
        or readings in a session about that relative (discourse.agency)."""
        text, zh = self.sent.text, self.sent.zh
        found = person_markers(text, zh, self.rels)
        if not (self.t.focus.active or self.role == "caregiver") or self.role == "doctor":
            return found
        return [m for m in found if m.person != "first" or not manages_for_other(text, m.start, zh)]

    def _names_no_one(self, r: RelMention) -> bool:
        """A relation word that names nobody concerned: the patient speaker naming
        himself ("I am her mother": the person is "her") or the doctor calling the
        caregiver "Mom" ("Mom, how is she eating?": "she" is the child)."""
        text, zh = self.sent.text, self.sent.zh
        if self.role == "doctor":
            return vocative_parent(text, r)
        return self.role not in ANSWERING_ROLES and self_identifies(text, r, zh)

    # ---------------------------------------------------------------- rule 1

    def named(self, pos: int) -> str | None:
        """The relative a relation noun makes the owner of the mention, if any."""
        other = self._other(pos)
        if other is not None:
            return other
        found = self._segment_subject(pos) if len(self.spans) > 1 else None
        role = self.role
        rels = list(self.rels)
        found = found or subject_for(
            self.sent.text,
            pos,
            self.sent.zh,
            rels,
            role in ANSWERING_ROLES,
            self.family,
            role == "doctor",
        )
        if found is not None and self._to_caregiver():
            # The doctor's "your husband" to the wife who answers for him is the patient.
            yours = [r for r in rels if self._yours(r) and "family:" + r.relation == found]
            return "patient" if yours else found
        return found

    def _other(self, pos: int) -> str | None:
        """A friend, coworker or neighbour named last before the mention owns it
        ("My neighbour is allergic to penicillin"), unless a relative or the speaker's
        own "I" / the listener's "you" comes between (discourse.others)."""
        before = [o for o in self.others if o.end <= pos]
        if not before:
            return None
        last = before[-1]
        between = any(last.end <= r.start < pos for r in self.rels) or any(
            last.end <= m.start < pos and m.person != "third" for m in self.markers
        )
        # "I have some friends who smoke weed, but stay clear of tobacco": the speaker
        # is the main clause's subject, the contrast returns to him.
        back = turns_back(self.sent.text, last.end, pos, self.sent.zh)
        speaker_first = any(m.start < last.start and m.person == "first" for m in self.markers)
        if (
            back is not None
            and speaker_first
            and not any(back <= m.start < pos for m in self.markers)
        ):
            return None
        return None if between else last.subject

    def other_antecedents(self, pos: int) -> list[Antecedent]:
        """The third parties named before pos, for a later he / she."""
        turn = self.sent.turn
        return [Antecedent(o.subject, o.label, "", turn) for o in self.others if o.end <= pos]

    def _yours(self, r: RelMention) -> bool:
        """The listener's relative: "your husband", 您爱人, 你的孩子."""
        before = self.sent.text[max(0, r.start - 1) : r.start]
        return r.owner in _YOUR or (self.sent.zh and r.owner == "" and before in ("您", "你"))

    def _to_caregiver(self) -> bool:
        """The doctor speaks to a caregiver marked by the import, outside a family history."""
        return self.role == "doctor" and self.t.listener == "caregiver" and not self.family

    def _segment_subject(self, pos: int) -> str | None:
        """In "我有高血压，我爸也有糖尿病" the father named after the hypertension does
        not own it: the patient's clause opens with 我. A relative named inside the
        mention's own clause governs it as usual (None: the sentence rules decide)."""
        if self.role == "doctor":
            return None  # the doctor's "so I see CHF" opens with nobody's "I"
        spans, text = self.spans, self.sent.text
        index = next((i for i, s in enumerate(spans) if s[0] <= pos < s[1]), len(spans) - 1)
        a, b = spans[index]
        if any(a <= r.start < b for r in self.rels):
            return None
        if opener_of(text, (a, b), self.rels, self.sent.zh) != "self":
            return None
        if self.t.focus.active and not any(a <= m.start < b for m in self.markers):
            return None  # the clause's "I" manages the relative's care (discourse.agency)
        # "My dad had diabetes and I think he had a stroke": a third person inside the
        # patient's clause leaves it to the sentence rules.
        if _THIRD_PERSON.search(text, a, b):
            return None
        return "patient"

    def person_of(self, r: RelMention) -> str:
        """Whom a relation noun names: the relative, except that a relative speaker's
        own "my son" / "my husband" outside a family history is the patient."""
        own = r.owner in _OWN_OWNERS or (r.owner == "" and r.relation != "relative")
        answering = self.role in ANSWERING_ROLES and own
        if answering and not self.family and not self.t.focus.active:
            return "patient"
        if self._to_caregiver() and self._yours(r):
            return "patient"
        return "family:" + r.relation

    # ---------------------------------------------------------------- rule 2

    def marked(self, pos: int) -> str | None:
        """Subject from the nearest personal marker that points at someone."""
        before = [m for m in self.markers if m.start <= pos]
        after = [m for m in self.markers if m.start > pos]
        for m in [*reversed(before), *after]:
            if self.t.focus.active and outranked_me(m, before, self.sent.zh):
                continue
            found = self._person(m)
            if found is not None:
                return found
        if not before:
            plural = (_ZH_PLURAL if self.sent.zh else _EN_PLURAL).search(self.sent.text, 0, pos)
            if plural:
                return self._plural_antecedent(plural.start())
        return None

    def _plural_antecedent(self, pos: int) -> str | None:
        """ "They" / 他们: the relatives just named (discourse.antecedents)."""
        here = [
            Antecedent(self.person_of(r), r.relation, "", self.sent.turn, r.plural)
            for r in self.rels
            if r.end <= pos
        ]
        return plural_subject([*self.recent, *here], self.turn_reach())

    def turn_reach(self) -> int:
        return self.sent.turn - DOCTOR_REACH

    def _person(self, m: Marker) -> str | None:
        if m.person == "first":
            return self.t._first_person(self.role)
        if m.person == "second":
            if self.role != "doctor" or self.t.listener == "caregiver":
                return None  # the caregiver addressed: his care of the patient is no cue
            return self.addressee
        return self.third(m)

    def third(self, m: Marker) -> str | None:
        """He / she / 他 / 老人家: see the module docstring."""
        reach = self.turn_reach() if self.role == "doctor" and not self.t.focus.active else 0
        if self.role in ANSWERING_ROLES and not self.t.focus.active:
            ante = self._antecedent(m.gender, m.start, self.sent.turn)
            return ante.subject if ante is not None else "patient"
        reported = reported_at(self.sent.text, m.start, self.sent.zh)
        if m.nominative and not reported and self._clinician_last(m.start):
            return None  # "my pcp ... she increased the meds": done to the patient
        ante = self._antecedent(m.gender, m.start, reach)
        if ante is not None:
            return ante.subject
        focus = self.t.focus.subject
        if focus is not None and fits(focus.removeprefix("family:"), m.gender):
            return focus
        return "patient" if self.role == "doctor" else "family:relative"

    def _antecedent(self, gender: str, pos: int, reach: int) -> Antecedent | None:
        """The most recent relative a pronoun of this gender may stand for."""
        named = [
            (r.end, Antecedent(self.person_of(r), r.relation, "", self.sent.turn, r.plural))
            for r in self.rels
            if r.end <= pos
        ]
        turn = self.sent.turn
        named += [
            (o.end, Antecedent(o.subject, o.label, "", turn)) for o in self.others if o.end <= pos
        ]
        here = [a for _, a in sorted(named, key=lambda p: p[0])]
        for ante in [*reversed(here), *reversed(self.recent)]:
            if ante.turn < reach:
                break
            if ante.subject.startswith("other:") and ante.turn != self.sent.turn:
                continue  # a friend or coworker is taken up only within the turn naming him
            same = not ante.gender or not gender or ante.gender == gender
            if same and fits(ante.relation, gender):
                return ante
        return None

    def _clinician_last(self, pos: int) -> bool:
        """A clinician was named after the last relative ("my pcp ... she")."""
        in_sentence = [c for c in self.clinicians if c < pos]
        rel_here = [r.end for r in self.rels if r.end <= pos]
        if in_sentence:
            return not rel_here or max(rel_here) < max(in_sentence)
        if rel_here:
            return False
        last_rel = self.recent[-1].turn if self.recent else -1
        return self.clinician_turn >= 0 and self.clinician_turn >= last_rel

    # ---------------------------------------------------------------- rules 1-3

    def subject_at(self, pos: int) -> str:
        focus = self.t.focus.subject
        third = any(m.person == "third" for m in self.markers)
        if focus is not None and birth_history(self.sent.text, pos, focus, third):
            return focus  # "my pregnancy with him": the child's birth history
        found = self.named(pos)
        if found is None:
            found = self.marked(pos)
        if found is None:
            if self.family:
                return "family:relative"
            if self.carry is not None and self.sent.turn == self.carry_turn:
                found = self.carry
            elif self.t.focus.active:
                # A sentence naming nobody in a consultation about a relative is never
                # the patient's by default: a relative's fact in the patient's memory is
                # a clinical defect, a caregiver's unmarked aside left out the lesser harm.
                mine = self.topic == "patient" and self.t.on_listener
                found = self.topic if self.topic != "patient" or mine else self.t.focus.subject
            else:
                found = "patient"
        return self.t.fit(found)

    def last_subject(self) -> str | None:
        """Whom the sentence ends up talking about (the topic of the next one)."""
        found = [(r.start, self.t.fit(self.person_of(r))) for r in self.rels]
        for m in self.markers:
            person = self._person(m)
            if person is not None:
                found.append((m.start, self.t.fit(person)))
        return max(found)[1] if found else None
