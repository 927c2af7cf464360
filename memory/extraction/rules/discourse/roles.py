"""Speaker roles read from what each speaker does, not only from the tags.

Why: speech recognition and transcript tools mislabel speakers - a known defect
of some ACI-Bench subsets is [doctor]/[patient] tags swapped for a whole visit.
Trusting the tags then files every clinical fact through the wrong first and
second person: the doctor's "you have hypertension" is read as the patient
speaking of someone else, the patient's "I take lisinopril" as the doctor's
own "I" that belongs to nobody, and the doctor's dictation "he reports chest
pain" as a relative. The speaker who takes the history, examines, orders and
prescribes is the doctor, whatever the tag says; the one who tells of his own
complaints is the patient.

Each of the two tags gets a score: clinician acts (history questions put to
"you", exam instructions, orders, prescriptions, recommendations; 建议您,
需要做…检查) count for the doctor, complaints in the first person ("I've been
having", "my knee", 我最近, 我一直) for the patient. The tags are swapped for
the session only when the tagged patient acts as the doctor on clear evidence:
a margin of several acts, and the tagged doctor acting less than he does. One
question or one "I recommend" from a patient never swaps a session.

The acts' words are data in lexicon/data/cues/roles.tsv; the grammar is here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from memory.domain.types import Turn
from memory.extraction.rules.text import is_chinese, speaker_role
from memory.lexicon.cues import cues

_ROLES = cues("roles")


def _acts(category: str, lang: str = "en") -> str:
    """One role cue list, in file order (finditer counts acts, so spans matter)."""
    return _ROLES.pattern(category, lang, ordered=True)


_DOCTOR_EN = re.compile(
    rf"\b(?:i(?:'m| am) going to {_acts('doctor_going_to')}|"
    rf"let's {_acts('doctor_lets')}|"
    rf"i (?:want|would like|'d like) (?:you to|to {_acts('doctor_wants_to')})|"
    r"take a deep breath|(?:does|do) (?:it|this|that) hurt|"
    r"when i (?:press|push|touch)|on (?:your )?(?:physical )?exam(?:ination)?|"
    rf"(?:i|we)(?:'ll| will) {_acts('doctor_will')}|i recommend|my (?:impression|assessment)|"
    rf"(?:do|did|have|are|were) you {_acts('doctor_asks_you')}|any {_acts('doctor_asks_any')})\b",
    re.I,
)
_PATIENT_EN = re.compile(
    r"\b(?:i(?:'ve| have) (?:been|had|noticed|got)|i(?:'m| am) (?:having|feeling|still|"
    rf"taking|on)|my {_acts('patient_my_body')}|it (?:hurts|kills me)|"
    rf"i {_acts('patient_i_verb')})\b",
    re.I,
)
_DOCTOR_ZH = re.compile(
    r"建议(?:您|你)|(?:您|你)(?:可以|需要|应该|要)|需要(?:做|进行|查|复查)|可以(?:服用|口服|吃|用)|"
    r"(?:您|你)(?:有没有|是否|有无)|考虑(?:是|为)|(?:给|帮)(?:您|你)(?:开|检查|看)"
)
_PATIENT_ZH = re.compile(rf"我{_acts('patient_first_person', 'zh')}|请问|怎么办")
# Acts by which the tagged patient must out-act the tagged doctor before a swap.
_MARGIN = 4
_SWAP = {"doctor": "patient", "patient": "doctor"}


_EN = re.compile(f"(?P<doctor>{_DOCTOR_EN.pattern})|{_PATIENT_EN.pattern}", re.I)
_ZH = re.compile(f"(?P<doctor>{_DOCTOR_ZH.pattern})|{_PATIENT_ZH.pattern}")


def _score(texts: Sequence[str]) -> int:
    """Clinician acts minus first-person complaints in one speaker's turns."""
    total = 0
    for text in texts:
        for m in (_ZH if is_chinese(text) else _EN).finditer(text):
            total += 1 if m["doctor"] else -1
    return total


def swapped_tags(turns: Sequence[Turn]) -> bool:
    """The tagged patient is the one who takes the history, examines and prescribes."""
    said: dict[str, list[str]] = {"doctor": [], "patient": []}
    for t in turns:
        role = speaker_role(t.speaker)
        if role in said:
            said[role].append(t.text)
    if not said["doctor"] or not said["patient"]:
        return False
    doctor, patient = _score(said["doctor"]), _score(said["patient"])
    return patient >= _MARGIN and patient - doctor >= _MARGIN


def with_roles_read(turns: Sequence[Turn]) -> tuple[Turn, ...]:
    """The turns with doctor and patient tags swapped when the words say so."""
    if not swapped_tags(turns):
        return tuple(turns)
    out = []
    for t in turns:
        role = speaker_role(t.speaker)
        out.append(replace(t, speaker=_SWAP[role]) if role in _SWAP else t)
    return tuple(out)
