"""Stress variants of development dialogues, derived mechanically (no record quoted).

The subject tracker must hold on forms its rules were not written from. Like
caregiver.py, these rewrites only move pronouns and tags, so the gold of the
result is known without reading it:

* `they_session`: a caregiver naming the relative once as "my child" (the
  doctor "your child"), then the singular they / them / their;
* `zh_caregiver`: a Chinese consultation of a patient about himself rewritten
  into a caregiver's: the patient's 我 becomes 他/她, the first of them 我爸 /
  我妈 (or never named), the doctor's 您/你 becomes 他/她, his first 您父亲 /
  您母亲; 我们 and 自己 stay as they are;
* `swapped_tags`: the [doctor]/[patient] tags of a visit swapped, as speech
  recognition sometimes does for a whole ACI-Bench visit; every fact stays the
  patient's.
"""

from __future__ import annotations

import re

from memory.domain.types import Turn
from memory.evaluation import caregiver as cg

_THEY = {"subj": "they", "obj": "them", "poss": "their", "own": "theirs", "self": "themselves"}
_THEY_OF = {
    "he": "they", "she": "they", "him": "them", "his": "their", "hers": "theirs",
    "her": "their", "himself": "themselves", "herself": "themselves",
}  # fmt: skip
_CONTRACT = {"m": "'re", "ve": "'ve", "re": "'re", "d": "'d", "ll": "'ll"}


def _they(match: re.Match[str], text: str) -> str:
    word = match[0]
    base, _, tail = word.casefold().partition("'")
    role = cg._ROLE.get(base, "subj")
    if base == "you" and not tail and not cg._SUBJECT_CONTEXT.search(text, 0, match.start()):
        role = "obj"
    out = _THEY[role] + (_CONTRACT.get(tail, "'" + tail) if tail else "")
    return cg._case(out, word) if base != "i" or match.start() == 0 else out


def they_session(turns: tuple[Turn, ...], noun: str = "child") -> tuple[Turn, ...]:
    """Named once ("my child", "your child"), then singular they."""
    named = {"patient": False, "doctor": False}
    out: list[Turn] = []
    for t in turns:
        role = "doctor" if t.speaker == "doctor" else "patient"
        pattern = cg._SECOND if role == "doctor" else cg._FIRST
        text = cg._THIRD.sub(lambda m: cg._case(_THEY_OF[m[0].casefold()], m[0]), t.text)
        text = pattern.sub(lambda m, s=text: _they(m, s), text)
        first = re.search(r"\b(they|them|their)\b", text, re.I)
        if first and not named[role] and (role == "patient" or named["patient"]):
            owner = "your " if role == "doctor" else "my "
            name = owner + noun + ("'s" if first[1].casefold() == "their" else "")
            text = text[: first.start()] + cg._case(name, first[0]) + text[first.end() :]
            named[role] = True
        out.append(Turn(t.index, role, text))
    return tuple(out)


_ZH_I = re.compile(r"我(?!们)")
_ZH_YOU = re.compile(r"[您你](?!们)")
_ZH_NAMES = {"m": ("我爸", "您父亲", "他"), "f": ("我妈", "您母亲", "她")}


def zh_caregiver(turns: tuple[Turn, ...], gender: str, name_once: bool) -> tuple[Turn, ...]:
    """A Chinese patient's own consultation told by a caregiver about a parent."""
    mine, yours, pronoun = _ZH_NAMES[gender]
    named = {"patient": not name_once, "doctor": not name_once}
    out: list[Turn] = []
    for t in turns:
        role = "doctor" if t.speaker == "doctor" else "patient"
        pattern = _ZH_YOU if role == "doctor" else _ZH_I
        text = t.text
        first = pattern.search(text)
        if first and not named[role] and (role == "patient" or named["patient"]):
            name = yours if role == "doctor" else mine
            text = text[: first.start()] + name + pattern.sub(pronoun, text[first.end() :])
            named[role] = True
        else:
            text = pattern.sub(pronoun, text)
        out.append(Turn(t.index, role, text))
    return tuple(out)


def zh_speaks_in_person(turns: tuple[Turn, ...]) -> bool:
    """The patient says 我 somewhere: the rewrite leaves a person cue."""
    return any(t.speaker != "doctor" and _ZH_I.search(t.text) for t in turns)


_SWAP = {"doctor": "patient", "patient": "doctor"}


def swapped_tags(turns: tuple[Turn, ...]) -> tuple[Turn, ...]:
    """Doctor and patient tags exchanged for the whole visit."""
    return tuple(Turn(t.index, _SWAP.get(t.speaker, t.speaker), t.text) for t in turns)
