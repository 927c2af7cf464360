"""A bone said to be broken: "I broke my hip", "she fractured her wrist", 摔断了腿.

People tell a fracture with a verb and the bone far more often than they name
"a hip fracture". The phrase is a fracture (a condition of that person, dated by
the sentence: "two years ago"), the lexicon's own "<part> fracture" entry when
it has one ("ankle" -> ankle fracture), else the lexicon's "fracture"; the
content keeps the sentence, so the bone stays visible. Idioms that name no bone
("broke out in a rash", "broke my heart", "broke the skin", "breaking my back"
at work) are not fractures.
Pure: no Django.
"""

from __future__ import annotations

import re

from memory import lexicon
from memory.lexicon.cues import cues

_INJURIES = cues("injuries")
_PART = _INJURIES.pattern("broken_bone", "en")
# "broke my left wrist", "broken his hand and tibia", "fractured both ankles",
# "a broken hip", "cracked a rib".
_BROKE_EN = re.compile(
    r"\b(?:broke|broken|break(?:s|ing)?|fractur(?:ed|es|ing|e)|cracked)\s+"
    rf"(?:{_INJURIES.pattern('bone_determiner', 'en')}\s+)?"
    r"(?:(?:left|right|lower|upper)\s+)?(?:[\w-]+\s+(?:and\s+)?){0,2}?(?P<part>" + _PART + r")\b",
    re.I,
)
_BROKEN_ADJ_EN = re.compile(
    r"\b(?:a|my|his|her|your|their|the)\s+(?:(?:left|right)\s+)?(?:broken|fractured|cracked)\s+"
    r"(?:(?:left|right)\s+)?(?P<part>" + _PART + r")\b",
    re.I,
)
_ZH_PARTS = _INJURIES.pattern("broken_bone", "zh")
_BROKE_ZH = re.compile(
    rf"(?:摔|撞|压|砸|跌)断了?(?:一根|两根|几根)?(?:{_ZH_PARTS})|(?:{_ZH_PARTS})(?:被)?(?:摔|撞|压|砸|跌)?断了"
)
_GATE_EN = re.compile(r"brok|break|fractur|crack", re.I)
_PART_NAMES = {"hips": "hip", "wrists": "wrist", "ankles": "ankle", "ribs": "rib"}


def broken_bones(text: str, zh: bool) -> list[tuple[int, int, str]]:
    """(start, end, canonical fracture) of each bone said to be broken."""
    if zh:
        if "断" not in text:
            return []
        return [(m.start(), m.end(), _canonical("")) for m in _BROKE_ZH.finditer(text)]
    if not _GATE_EN.search(text):
        return []
    out = []
    for pattern in (_BROKE_EN, _BROKEN_ADJ_EN):
        for m in pattern.finditer(text):
            part = m["part"].casefold()
            out.append((m.start(), m.end(), _canonical(_PART_NAMES.get(part, part))))
    return out


def _canonical(part: str) -> str:
    """The lexicon's "<part> fracture" when it is a disease entry, else "fracture"."""
    for name in (f"{part} fracture", "fracture") if part else ("fracture",):
        entry = lexicon.lookup(name)
        if entry is not None and entry.kind == "disease":
            return entry.canonical
    return "fracture"
