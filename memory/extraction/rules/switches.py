"""Drug switches: "switch you from lisinopril to losartan", "把缬沙坦换成氨氯地平".

A switch is two state changes at once (docs/design.md §4 chain update): the old drug's
chain gets a `stopped` record and the new drug's chain an `active` one that says
what it replaces. Missing the first half would leave the old drug looking
current - the state-validity failure MedGraph exists to remove.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memory.extraction.rules.entities import Hit

# The named groups mark where the old and the new drug sit.
_EN: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"\b(?:switch\w*|chang\w*|mov\w*|transition\w*|convert\w*|tak\w+|go\w*)\b[^.]{0,30}?"
        r"\bfrom\b(?P<old>[^.]{1,50}?)\b(?:to|onto|over to|for)\b(?P<new>[^.]{1,50})",
        re.I,
    ),
    re.compile(
        r"\b(?:switch\w*|chang\w*)\s+(?:over\s+)?(?:the\s+|your\s+|his\s+|her\s+)?"
        r"(?P<old>[^.]{1,40}?)\s+(?:to|over to|for)\b(?P<new>[^.]{1,50})",
        re.I,
    ),
    re.compile(
        r"\b(?:replac\w*|substitut\w*)\s+(?P<old>[^.]{1,40}?)\s+with\b(?P<new>[^.]{1,50})", re.I
    ),
    re.compile(r"(?P<new>[^.]{1,50}?)\binstead of\b(?P<old>[^.]{1,40})", re.I),
)
_ZH: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"(?P<old>[^，。；,]{1,20}?)(?:换成|换为|改成|改为|改用|换用|替换为|转为)(?P<new>[^，。；,]{1,20})"
    ),
    # "停用二甲双胍，改用格列美脲": the stop and the start in two clauses.
    re.compile(
        r"停(?:用|掉|了|服)?(?P<old>[^。；]{1,15}?)[，,]\s*(?:改用|换用|换成|改成|改吃|改为)(?P<new>[^，。；,]{1,20})"
    ),
    re.compile(r"用(?P<new>[^，。；,]{1,15}?)(?:代替|替代|替换|取代)(?P<old>[^，。；,]{1,15})"),
    # "吲达帕胺停了以后，医生给我换了氨氯地平": the stop named first, then "换了 X".
    re.compile(
        r"(?P<old>[^。；，,]{1,15}?)停(?:用|掉|服)?了?(?:以后|之后|后)?[，,][^。；]{0,15}?"
        r"(?:换了|换成|换用|改用|改成|改吃|改为)(?P<new>[^，。；,]{1,20})"
    ),
)


# Cheap gate before the patterns above (long ASR sentences name many drugs).
_CUE_EN = re.compile(r"switch|chang|replac|substitut|instead|\bfrom\b", re.I)
_CUE_ZH = re.compile(r"换|改|替|代|转为")  # 停…换了 has 换 too


@dataclass(frozen=True)
class Switch:
    old: Hit
    new: Hit


def _first(hits: list[Hit], a: int, b: int, last: bool) -> Hit | None:
    inside = [h for h in hits if h.start >= a and h.end <= b]
    if not inside:
        return None
    return inside[-1] if last else inside[0]


def find_switches(text: str, zh: bool, drugs: list[Hit]) -> list[Switch]:
    """Old -> new drug pairs named with a switch cue in one sentence. The old drug
    is the one nearest before the cue, the new one the first after it."""
    if len(drugs) < 2 or not (_CUE_ZH if zh else _CUE_EN).search(text):
        return []
    out: list[Switch] = []
    for pattern in _ZH if zh else _EN:
        for m in pattern.finditer(text):
            old = _first(drugs, m.start("old"), m.end("old"), last=True)
            new = _first(drugs, m.start("new"), m.end("new"), last=False)
            if old and new and old.canonical != new.canonical:
                out.append(Switch(old, new))
        if out:
            return out
    return out
