"""A body part and a verb of pain: "my back hurts", "her knees have been aching".

Patients say where it hurts more often than they name a pain: the phrase is that
part's pain, as "back pain" would be - the part's own pain entry of the lexicon when
it has one ("stomach" -> abdominal pain, "head" -> headache), else "<part> pain".
Said as a complaint, it is a symptom even where the lexicon files the pain as a
disorder ("low back pain"). Pure: no Django.
"""

from __future__ import annotations

import re

from memory import lexicon
from memory.lexicon.cues import cues
from memory.lexicon.labels import labels

# Body part -> the pain it names (lexicon/data/labels/aching_parts.tsv), as written
# in lower case; the alternation below puts the longest part first ("lower back"
# before "back").
_PARTS = labels("aching_parts").words()
# The words live in lexicon/data/cues/symptoms_talk.tsv; the grammar stays here.
_TALK = cues("symptoms_talk")
_ACHING = re.compile(
    r"\b(?:my|his|her|your|their|the)\s+(?:(?:left|right|lower|upper)\s+)?"
    r"(?P<part>" + "|".join(sorted(map(re.escape, _PARTS), key=len, reverse=True)) + r")\s+"
    rf"(?:{_TALK.pattern('pain_link_word', 'en', ordered=True)}\s+){{0,3}}"
    rf"{_TALK.pattern('pain_verb', 'en', ordered=True)}\b",
    re.I,
)


_GATE = re.compile(r"hurt|ach|sore|painful|killing me|throb", re.I)


def aching_parts(text: str) -> list[tuple[int, int, str]]:
    """(start, end, canonical pain) of each body part said to hurt."""
    if not _GATE.search(text):
        return []
    out = []
    for m in _ACHING.finditer(text):
        name = _PARTS[m["part"].casefold()]
        entry = lexicon.lookup(name)
        if entry is not None and entry.kind not in ("symptom", "disease"):
            continue
        canonical = entry.canonical if entry is not None else name
        out.append((m.start("part"), m.end(), canonical))
    return out
